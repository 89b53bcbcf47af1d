import { debaterView, POSITION_LABELS, shownDebaters, type Side } from '@toron/engine';
import { useState } from 'react';
import { cx } from '../../ui/cx';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { debateChat, messageCount, observerChat } from './chat-items';
import { PLACEHOLDER_MY_TURN, PLACEHOLDER_NOT_MY_TURN } from './chat-input';
import { ChatInput } from './ChatInput';
import { secondsLeft } from './countdown';
import { ChatLog } from './ChatLog';
import { ParticipantList } from './ParticipantList';
import { RoomBar } from './RoomBar';
import { RoomInfoToggle } from './RoomInfoToggle';
import { SidePanel } from './SidePanel';
import { TurnStatus } from './TurnStatus';
import { StanceStrip } from './stances/StanceStrip';
import { useWide } from './use-motion';
import { useUnread } from './use-unread';
import type { RoomViewModel } from './view-model';

/**
 * The live debate: the two sides frame the chat (PRO left, CON right), TURN and TIMER on top, input on one's own turn.
 */
export function OngoingView({ vm }: { vm: RoomViewModel }) {
  const [panel, setPanel] = useState(false);
  const [tab, setTab] = useState<'debate' | 'observe'>('debate');
  const wide = useWide();
  const { state, me, role } = vm;
  const view = debaterView(state, me ?? 0, vm.log);
  const debateItems = debateChat(vm.log);
  const observerItems = observerChat(vm.log);
  const tabbed = role === 'observer' && !wide;
  const unread = {
    debate: useUnread(messageCount(debateItems), !tabbed || tab === 'debate'),
    observe: useUnread(messageCount(observerItems), !tabbed || tab === 'observe'),
  };
  const refusal = (command: 'speak' | 'observer-chat') => (vm.chatRefusal?.command === command ? vm.chatRefusal : null);
  const seconds =
    state.turn && state.durations ? secondsLeft(state.turn.endsAt, vm.serverNow, state.durations.turnMs) : 0;
  const lists = (side: Side) => (
    <ParticipantList
      side={side}
      debaters={view.debaters[side]}
      cards={vm.cards}
      me={me}
      onReport={vm.onReport}
      mine={role === 'debater' && vm.mySide === side}
    />
  );
  const debateLog = (
    <ChatLog
      items={debateItems}
      me={me}
      facing
      roomId={vm.roomId}
      label="토론 채팅"
      onReport={vm.onReport}
      className="min-h-0 flex-1"
    />
  );
  const observerLog = (
    <div className="flex min-h-0 flex-1 flex-col">
      <ChatLog
        items={observerItems}
        me={me}
        roomId={vm.roomId}
        label="참관자 채팅"
        onReport={vm.onReport}
        className="min-h-0 flex-1"
        empty="참관자 채팅이 비어 있어요"
      />
      <ChatInput
        label="참관자 채팅 입력"
        placeholder={PLACEHOLDER_MY_TURN}
        onSend={vm.actions.observerChat}
        refusal={refusal('observer-chat')}
      />
    </div>
  );
  return (
    <div className="flex h-dvh flex-col bg-surface">
      <RoomBar info={vm.info} onExit={vm.actions.exit} onOpenPanel={() => setPanel(true)}>
        <TurnStatus turnsLeft={view.turnsLeft} seconds={seconds} side={view.turn?.side ?? null} mine={view.isMyTurn} />
      </RoomBar>
      <main
        id="main"
        className={cx(
          'page-width grid min-h-0 flex-1 gap-4 py-3 sm:py-4',
          role === 'observer' ? 'lg:grid-cols-[15rem_1fr_20rem]' : 'lg:grid-cols-[15rem_1fr_15rem]',
        )}
      >
        <div className="hidden min-h-0 flex-col gap-3 overflow-y-auto lg:flex">
          {lists('PRO')}
          {role === 'observer' && lists('CON')}
        </div>
        <div className="flex min-h-0 flex-col gap-3">
          <StanceStrip vm={vm} />
          <section
            aria-label="토론"
            className={cx(
              'flex min-h-0 flex-1 flex-col overflow-hidden rounded-xl border-x-4 border-l-pro border-r-con',
              'bg-paper ring-1 ring-line',
            )}
          >
            <p className="flex items-center justify-between border-b border-line px-3 py-2 text-xs font-bold">
              <span className="text-pro">← {POSITION_LABELS.PRO}</span>
              <span className="text-ink-muted">{role === 'observer' ? '토론 발언' : '발언'}</span>
              <span className="text-con">{POSITION_LABELS.CON} →</span>
            </p>
            {tabbed ? (
              <>
                <Tabs
                  label="채팅 보기"
                  idPrefix="room-chat"
                  tabs={[
                    { id: 'debate', label: '토론', unread: unread.debate },
                    { id: 'observe', label: '참관', unread: unread.observe },
                  ]}
                  active={tab}
                  onChange={setTab}
                  className="px-2"
                />
                <TabPanel idPrefix="room-chat" id={tab} className="flex min-h-0 flex-1 flex-col">
                  {tab === 'debate' ? debateLog : observerLog}
                </TabPanel>
              </>
            ) : role === 'observer' ? (
              debateLog
            ) : (
              <>
                {debateLog}
                <ChatInput
                  label="발언 입력"
                  disabled={!view.canSpeak}
                  placeholder={view.canSpeak ? PLACEHOLDER_MY_TURN : PLACEHOLDER_NOT_MY_TURN}
                  onSend={vm.actions.speak}
                  refusal={refusal('speak')}
                />
              </>
            )}
          </section>
        </div>
        <div className="hidden min-h-0 flex-col gap-3 overflow-y-auto lg:flex">
          {role === 'observer'
            ? wide && (
                <section
                  aria-label="참관자 채팅"
                  className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-xl bg-paper ring-1 ring-line"
                >
                  <h2 className="border-b border-line px-3 py-2 text-sm font-bold">
                    참관자 채팅 <span className="tabular text-ink-muted">{view.observerCount}명</span>
                  </h2>
                  {observerLog}
                </section>
              )
            : lists('CON')}
        </div>
      </main>
      <SidePanel open={panel} title="참가자" onClose={() => setPanel(false)}>
        {lists('PRO')}
        {lists('CON')}
        <div className="rounded-xl bg-paper p-2 ring-1 ring-line">
          <RoomInfoToggle info={vm.info} />
        </div>
      </SidePanel>
    </div>
  );
}

/** The 2 s intro: PROS vs CONS with the participants, the viewer's side highlighted. */
export function IntroView({ vm }: { vm: RoomViewModel }) {
  const shown = shownDebaters(vm.state);
  const side = (s: Side) => (
    <section
      aria-label={`${POSITION_LABELS[s]} 측`}
      className={cx(
        'flex flex-col items-center gap-3 rounded-2xl p-6',
        s === 'PRO' ? 'bg-pro-soft' : 'bg-con-soft',
        vm.mySide === s && 'ring-4 ring-brand',
      )}
    >
      <h2 lang="en" className={cx('text-3xl font-black', s === 'PRO' ? 'text-pro' : 'text-con')}>
        {s === 'PRO' ? 'PROS' : 'CONS'}
      </h2>
      <p className="text-sm font-bold">
        {POSITION_LABELS[s]}
        {vm.mySide === s && ' · 나의 입장'}
      </p>
      <ul className="flex flex-col items-center gap-1 text-base font-semibold">
        {shown[s].map((m) => (
          <li key={m.userId}>{m.nickname}</li>
        ))}
      </ul>
    </section>
  );
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-paper px-4 py-10">
      <h1 className="sr-only">{vm.info.title} 토론 시작</h1>
      <div className="grid w-full max-w-3xl grid-cols-1 items-center gap-4 sm:grid-cols-[1fr_auto_1fr]">
        {side('PRO')}
        <p lang="en" className="text-center text-2xl font-black text-ink-muted">
          vs
        </p>
        {side('CON')}
      </div>
    </main>
  );
}
