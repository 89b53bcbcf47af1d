import { ComingSoon } from '../../ui/ComingSoon';

export function ObservingZonePage() {
  return <ComingSoon title="관전석" description="토론을 지켜보며 다른 관전자와 대화할 수 있어요." />;
}
