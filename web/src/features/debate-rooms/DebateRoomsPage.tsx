import { ComingSoon } from '../../ui/ComingSoon';

export function DebateRoomsPage() {
  return <ComingSoon title="토론방" description="참여할 토론방을 찾고 찬성 또는 반대로 참여할 수 있어요." />;
}
