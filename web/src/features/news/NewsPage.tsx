import { ComingSoon } from '../../ui/ComingSoon';

export function NewsPage() {
  return <ComingSoon title="뉴스" description="지역과 주제별로 오늘의 뉴스를 읽을 수 있어요." />;
}
