import { ComingSoon } from '../../ui/ComingSoon';

export function DebateZonePage() {
  return <ComingSoon title="토론장" description="찬성과 반대가 차례로 발언하는 토론 화면입니다." />;
}
