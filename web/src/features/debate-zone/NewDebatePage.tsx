import { ComingSoon } from '../../ui/ComingSoon';

export function NewDebatePage() {
  return <ComingSoon title="토론방 개설" description="주제와 방식을 골라 새 토론방을 열 수 있어요." />;
}
