import { otherSide, POSITION_LABELS, seatsPerSide, shownDebaters, type Member, type Side } from '@toron/engine';
import { Avatar } from '../../ui/Avatar';
import { ClampedTitle } from '../../ui/ClampedTitle';
import { cx } from '../../ui/cx';
import { ShareButton } from '../../ui/ShareButton';
import { secondsLeft } from './countdown';
import { RoomInfoToggle } from './RoomInfoToggle';
import { liveRoomShare } from './share-targets';
import { useMatchingDots } from './use-motion';
import type { RoomViewModel } from './view-model';
import { StanceStrip } from './stances/StanceStrip';

const sideText: Record<Side, string> = { PRO: 'text-[#93b4ff]', CON: 'text-[#ff9b9b]' };

/** The dark waiting room: matching with dots and pulsing rings, then the 5 s countdown to the server's start. */
export function WaitingView({ vm }: { vm: RoomViewModel }) {
  const { state, info, role, mySide, actions } = vm;
  const starting = state.phase === 'starting';
  const dots = useMatchingDots(!starting);
  const size = state.settings ? seatsPerSide(state.settings.format) : 1;
  const seconds =
    starting && state.startsAt !== null && state.durations
      ? secondsLeft(state.startsAt, vm.serverNow, state.durations.startMs)
      : null;
  const sides: Side[] = role === 'debater' && mySide ? [otherSide(mySide), mySide] : ['PRO', 'CON'];
  return (
    <div className="flex min-h-dvh flex-col bg-[#0b1220] text-white">
      <header className="border-b border-white/10 bg-[#111a2e]">
        {/* On phones the title takes a row of its own under the controls, so that it is read whole. */}
        <div className="page-width flex min-h-16 flex-wrap items-center gap-x-3 gap-y-1 py-2">
          <span className="text-lg font-bold">토론</span>
          <ClampedTitle
            text={info.title}
            className={cx(
              'order-last basis-full pb-1 text-[0.9375rem] font-semibold text-white/90',
              'sm:order-none sm:flex-1 sm:basis-0 sm:pb-0',
            )}
          />
          <div className="ml-auto flex items-center sm:ml-0">
            <RoomInfoToggle info={info} dark />
            <ShareButton target={liveRoomShare(info)} look="dark" />
            <button
              type="button"
              onClick={actions.exit}
              className="min-h-11 rounded-lg px-3 text-sm font-semibold text-white/90 hover:bg-white/10"
            >
              나가기
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="page-width flex flex-1 flex-col items-center justify-center gap-10 py-10">
        {role === 'debater' && !mySide && state.phase === 'waiting' ? (
          <SideChooser vm={vm} size={size} />
        ) : (
          <div className="grid w-full max-w-3xl grid-cols-1 items-center gap-6 sm:grid-cols-[1fr_auto_1fr] sm:gap-8">
            <Team side={sides[0]!} {...teamProps(vm, sides[0]!, size, !starting)} />
            <p lang="en" className="text-center text-2xl font-black text-white/70">
              VS
            </p>
            <Team side={sides[1]!} {...teamProps(vm, sides[1]!, size, !starting)} />
          </div>
        )}
        <div className="text-center" aria-live="polite">
          {starting ? (
            <>
              <p className="text-lg font-bold">매칭이 완료되었습니다. 곧 토론이 시작됩니다.</p>
              <p className="tabular mt-4 text-6xl font-black" aria-label={`${seconds ?? 0}초 후 시작`}>
                {seconds ?? 0}
              </p>
            </>
          ) : role === 'observer' ? (
            <p className="text-lg font-bold">
              매칭이 끝나면 토론이 시작됩니다
              <Dots n={dots} />
            </p>
          ) : (
            mySide && (
              <p className="text-lg font-bold">
                토론자를 매칭하고 있어요
                <Dots n={dots} />
              </p>
            )
          )}
        </div>
        <div className="w-full max-w-2xl">
          <StanceStrip vm={vm} tone="dark" />
        </div>
      </main>
    </div>
  );
}

function Dots({ n }: { n: number }) {
  return (
    <span aria-hidden="true" className="inline-block w-[1.5em] text-left">
      {'.'.repeat(n)}
    </span>
  );
}

interface TeamProps {
  members: readonly Member[];
  size: number;
  /** 우리 팀 / 상대 팀 for a debater; observers have no team, they see 찬성 / 반대 only. */
  team: 'own' | 'other' | null;
  recruiting: boolean;
}

function teamProps(vm: RoomViewModel, side: Side, size: number, recruiting: boolean): TeamProps {
  const team = vm.role === 'debater' && vm.mySide ? (side === vm.mySide ? 'own' : 'other') : null;
  return { members: shownDebaters(vm.state)[side], size, team, recruiting };
}

function Team({ side, members, size, team, recruiting }: TeamProps & { side: Side }) {
  const empty = Math.max(0, size - members.length);
  const own = team === 'own';
  return (
    <section aria-label={`${POSITION_LABELS[side]} 측`} className="flex flex-col items-center gap-4">
      <h2 className={cx('text-sm font-bold', sideText[side])}>
        {POSITION_LABELS[side]}
        {team && ` (${team === 'own' ? '우리 팀' : '상대 팀'})`}
      </h2>
      <ul className="flex flex-wrap justify-center gap-4">
        {members.map((m) => (
          <li key={m.userId} className="flex w-20 flex-col items-center gap-4">
            <span className="relative">
              {own && recruiting && (
                <span
                  aria-hidden="true"
                  className={cx(
                    'absolute -inset-1.5 rounded-full ring-2 motion-safe:animate-ring-pulse',
                    side === 'PRO' ? 'ring-[#93b4ff]' : 'ring-[#ff9b9b]',
                  )}
                />
              )}
              <Avatar
                src={m.imageUrl}
                alt=""
                size="lg"
                className={cx('relative ring-2', side === 'PRO' ? 'ring-[#93b4ff]' : 'ring-[#ff9b9b]')}
              />
            </span>
            <span className="w-full truncate text-center text-sm font-semibold">{m.nickname}</span>
          </li>
        ))}
        {Array.from({ length: empty }, (_, i) => (
          <li key={`empty-${i}`} className="flex w-20 flex-col items-center gap-4">
            <span
              className={cx(
                'relative flex size-16 items-center justify-center rounded-full border-2 border-dashed',
                'border-white/30',
              )}
            >
              {recruiting && (
                <span
                  aria-hidden="true"
                  className="absolute inset-0 rounded-full ring-2 ring-white/30 motion-safe:animate-ring-pulse"
                />
              )}
            </span>
            <span className="text-sm text-white/70">대기 중</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SideChooser({ vm, size }: { vm: RoomViewModel; size: number }) {
  const seats = vm.state.seats;
  return (
    <section
      aria-labelledby="choose-side"
      className="flex w-full max-w-md flex-col items-center gap-5 rounded-2xl bg-white/5 p-6 ring-1 ring-white/10"
    >
      <h2 id="choose-side" className="text-lg font-bold">
        어느 입장으로 참여할까요?
      </h2>
      <div className="grid w-full grid-cols-2 gap-3">
        {(['PRO', 'CON'] as const).map((side) => {
          const full = seats[side].length >= size;
          return (
            <button
              key={side}
              type="button"
              disabled={full}
              onClick={() => vm.actions.chooseSide(side)}
              className={cx(
                'inline-flex min-h-14 items-center justify-center gap-2 rounded-xl text-lg font-bold',
                'text-white transition duration-150',
                'hover:brightness-110 disabled:cursor-not-allowed disabled:bg-white/10',
                'disabled:text-white/70',
                side === 'PRO' ? 'bg-pro' : 'bg-con',
              )}
            >
              {POSITION_LABELS[side]}
              <span className="tabular text-sm font-semibold">
                {seats[side].length}/{size}
              </span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
