import { ComingSoon } from '../../ui/ComingSoon';

export function NewsDetailPage() {
  return <ComingSoon title="뉴스 상세" description="기사를 읽고 좋아요, 북마크, 토론방 개설을 할 수 있어요." />;
}
