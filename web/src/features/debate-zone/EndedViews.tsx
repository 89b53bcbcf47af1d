import { POSITION_LABELS, shownDebaters, type Side } from '@toron/engine';
import type { ReactNode } from 'react';
import { paths } from '../../lib/routes';
import { Button, ButtonLink } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { RatingChanges } from './RatingChanges';
import { isTeamRoom } from './screen';
import type { RoomViewModel } from './view-model';

function Card({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center bg-surface px-4 py-10">
      <section
        className={cx(
          'flex w-full max-w-lg flex-col items-center gap-6 rounded-2xl bg-paper p-6 text-center',
          'shadow-sm ring-1 ring-line',
          'sm:p-8',
        )}
      >
        {children}
      </section>
    </main>
  );
}

/** Won by default: the walkover text for 1:1 or team rooms, 부전승/부전패 per side, both lists, home. */
export function WonByDefaultView({ vm }: { vm: RoomViewModel }) {
  const winner = vm.state.result?.kind === 'walkover' ? vm.state.result.winner : null;
  const shown = shownDebaters(vm.state);
  const column = (side: Side) => (
    <section
      aria-label={`${POSITION_LABELS[side]} 측`}
      className={cx('flex flex-col gap-2 rounded-xl p-4', side === 'PRO' ? 'bg-pro-soft' : 'bg-con-soft')}
    >
      <h2 lang="en" className={cx('text-lg font-black', side === 'PRO' ? 'text-pro' : 'text-con')}>
        {side === 'PRO' ? 'PROS' : 'CONS'}
      </h2>
      <p className="text-sm font-bold">
        {POSITION_LABELS[side]} · {winner === side ? '부전승' : '부전패'}
      </p>
      <ul className="text-sm">
        {shown[side].map((m) => (
          <li key={m.userId}>{m.nickname}</li>
        ))}
      </ul>
    </section>
  );
  return (
    <Card>
      <h1 className="text-xl font-bold leading-tight">
        {isTeamRoom(vm.state)
          ? '한 측에 디베이터가 한 명만 남았으므로 결과가 결정되었습니다'
          : '한 측의 디베이터가 나갔으므로 결과가 결정되었습니다'}
      </h1>
      <div className="grid w-full grid-cols-2 gap-3">
        {column('PRO')}
        {column('CON')}
      </div>
      <RatingChanges vm={vm} />
      <Button className="w-full" onClick={vm.actions.goHome}>
        홈으로 돌아가기
      </Button>
    </Card>
  );
}

/** Exit overflow: a 2 s spinner, then why the debate ended (no result) and home. */
export function ExitOverflowView({ vm, pending }: { vm: RoomViewModel; pending: boolean }) {
  if (pending) {
    return (
      <Card>
        <span role="status" className="flex flex-col items-center gap-4 text-sm text-ink-muted">
          <span
            aria-hidden="true"
            className="size-10 rounded-full border-4 border-brand border-r-transparent motion-safe:animate-spin"
          />
          토론 상태를 확인하고 있어요
        </span>
      </Card>
    );
  }
  return (
    <Card>
      <h1 className="text-xl font-bold leading-tight">
        {isTeamRoom(vm.state)
          ? '한 측에 디베이터가 한 명만 남아 토론이 종료됩니다'
          : '한 측의 디베이터가 나갔으므로 토론이 종료됩니다'}
      </h1>
      <Button className="w-full" onClick={vm.actions.goHome}>
        홈으로 돌아가기
      </Button>
    </Card>
  );
}

/** A finished room without a vote (or one the viewer reached after its end). */
export function ClosedView({ vm }: { vm: RoomViewModel }) {
  return (
    <Card>
      <h1 className="text-xl font-bold leading-tight">토론이 완료되었습니다. 지난 토론 내역을 확인해보세요</h1>
      <div className="grid w-full gap-2 sm:grid-cols-2">
        <ButtonLink href={paths.archivedRoom(vm.roomId)} variant="secondary">
          지난 토론 보기
        </ButtonLink>
        <ButtonLink href={paths.main()}>
          <span lang="en">GO TO HOME</span>
        </ButtonLink>
      </div>
    </Card>
  );
}

/** Every debater left the waiting room: the room closed before it started. */
export function AbandonedView({ vm }: { vm: RoomViewModel }) {
  return (
    <Card>
      <h1 className="text-xl font-bold leading-tight">모든 토론자가 나가 토론방이 닫혔습니다</h1>
      <Button className="w-full" onClick={vm.actions.goHome}>
        홈으로 돌아가기
      </Button>
    </Card>
  );
}
