import { ComingSoon } from '../../ui/ComingSoon';

export function ArchivedRoomPage() {
  return <ComingSoon title="지난 토론" description="끝난 토론의 발언과 대화를 다시 볼 수 있어요." />;
}
