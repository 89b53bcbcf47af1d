import { ComingSoon } from '../../ui/ComingSoon';

export function DebateGatePage() {
  return <ComingSoon title="토론방 입장" description="방 번호와 입장을 골라 토론방에 들어갈 수 있어요." />;
}
