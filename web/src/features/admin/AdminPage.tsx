import { ComingSoon } from '../../ui/ComingSoon';

export function AdminPage() {
  return <ComingSoon title="신고 관리" description="접수된 신고를 확인하고 처리할 수 있어요." />;
}
