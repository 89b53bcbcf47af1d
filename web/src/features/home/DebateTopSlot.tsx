import { ButtonLink } from '../../ui/Button';
import { ChatIcon } from '../../ui/icons';
import { paths } from '../../app/routes';

/**
 * The home's '토론 TOP 10' tab content (part2 §2). The debate screens replace this
 * placeholder with the live top ten observable rooms; the home only renders it.
 */
export function DebateTopSlot() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-card bg-surface px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-paper text-ink-subtle ring-1 ring-line"><ChatIcon /></span>
      <div className="flex flex-col gap-1">
        <p className="font-semibold text-ink">실시간 토론 순위를 준비하고 있습니다</p>
        <p className="text-sm text-ink-muted">지금 열린 토론방은 토론방 목록에서 볼 수 있습니다.</p>
      </div>
      <ButtonLink href={paths.debateRooms()} variant="secondary">토론방 둘러보기</ButtonLink>
    </div>
  );
}
