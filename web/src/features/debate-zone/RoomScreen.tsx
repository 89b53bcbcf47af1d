import { isTerminal } from '@toron/engine';
import { Button } from '../../ui/Button';
import { ClampedTitle } from '../../ui/ClampedTitle';
import { useRoomPersuasion } from './stances/persuasion-api';
import { AbandonedView, ClosedView, ExitOverflowView, WonByDefaultView } from './EndedViews';
import { IntroView, OngoingView } from './OngoingView';
import { ReplayPlayer } from './ReplayPlayer';
import { useRoomHistory } from './use-room-history';
import { ResultView } from './ResultView';
import type { ScreenKind } from './screen';
import { VotingView } from './VotingView';
import { WaitingView } from './WaitingView';
import type { RoomViewModel } from './view-model';

interface RoomScreenProps {
  vm: RoomViewModel;
  screen: ScreenKind;
  replaying: boolean;
  onCloseReplay: () => void;
}

/**
 * One view per room state (docs/product-rules.md#phases); the in-room replay plays the room's whole log, read for it.
 */
export function RoomScreen({ vm, screen, replaying, onCloseReplay }: RoomScreenProps) {
  if (replaying) return <ReplayScreen vm={vm} leave={{ label: '돌아가기', action: onCloseReplay }} />;
  switch (screen) {
    case 'loading':
      return (
        <main id="main" className="flex min-h-dvh items-center justify-center bg-[#0b1220] text-white" aria-busy="true">
          <p role="status" className="text-sm">
            토론방을 불러오는 중…
          </p>
        </main>
      );
    case 'waiting':
    case 'starting':
      return <WaitingView vm={vm} />;
    case 'intro':
      return <IntroView vm={vm} />;
    case 'ongoing':
      return <OngoingView vm={vm} />;
    case 'voting':
      return <VotingView vm={vm} />;
    case 'result':
      return <ResultView vm={vm} />;
    case 'replay':
      return <ReplayScreen vm={vm} leave={{ label: '홈으로', action: vm.actions.goHome }} />;
    case 'closed':
      return <ClosedView vm={vm} />;
    case 'wonByDefault':
      return <WonByDefaultView vm={vm} />;
    case 'exitOverflowPending':
      return <ExitOverflowView vm={vm} pending />;
    case 'exitOverflow':
      return <ExitOverflowView vm={vm} pending={false} />;
    case 'abandoned':
      return <AbandonedView vm={vm} />;
  }
}

/** The room's replay, full screen: opened from the vote or result screens, or where a debate without a vote ended. */
function ReplayScreen({ vm, leave }: { vm: RoomViewModel; leave: { label: string; action: () => void } }) {
  const persuasion = useRoomPersuasion(vm.roomId, isTerminal(vm.state));
  const events = useRoomHistory(vm.roomId);
  return (
    <main id="main" className="flex h-dvh flex-col bg-surface">
      <header className="border-b border-line bg-paper">
        <div className="page-width flex min-h-16 items-center gap-3 py-2">
          <ClampedTitle
            text={`${vm.info.title} · 다시보기`}
            className="flex-1 text-[0.9375rem] font-bold sm:text-base"
          />
          <Button variant="secondary" onClick={leave.action}>
            {leave.label}
          </Button>
        </div>
      </header>
      <div className="page-width flex min-h-0 flex-1 flex-col py-3">
        {events.length === 0 ? (
          <p role="status" className="text-sm text-ink-muted">
            다시보기를 불러오는 중…
          </p>
        ) : (
          <ReplayPlayer
            events={events}
            roomId={vm.roomId}
            me={vm.me}
            onReport={vm.onReport}
            stances={persuasion.data?.timeline}
            className="flex-1"
          />
        )}
      </div>
    </main>
  );
}
