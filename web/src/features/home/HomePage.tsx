import { ComingSoon } from '../../ui/ComingSoon';

export function HomePage() {
  return <ComingSoon title="홈" description="오늘의 주요 뉴스와 지금 열린 토론을 한눈에 볼 수 있어요." />;
}
