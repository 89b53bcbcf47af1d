import { ComingSoon } from '../../ui/ComingSoon';

export function DebatersPage() {
  return <ComingSoon title="토론자" description="활발하게 토론하는 사람들을 만나보세요." />;
}
