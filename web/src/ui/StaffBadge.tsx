import { Badge } from './Badge';
import { cx } from './cx';

/** The 운영자 mark beside a staff account's name: given by role, so no nickname can earn it. */
export function StaffBadge({ className }: { className?: string }) {
  return (
    <Badge tone="brand" title="토론 운영진의 계정입니다" className={cx('shrink-0 whitespace-nowrap', className)}>
      운영자
    </Badge>
  );
}
