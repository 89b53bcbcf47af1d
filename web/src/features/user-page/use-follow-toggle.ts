import { useRef } from 'react';
import { createThrottle } from '../../lib/throttle';
import { showToast } from '../../ui/toast';
import { useFollowChange } from './follow-change';

const FOLLOW_THROTTLE_MS = 1000;

/** The follow toggle: one click per second, follow then '팔로우 취소'; `following` comes from the target's followers. */
export function useFollowToggle(targetId: number, myId: number | null, following: boolean) {
  const change = useFollowChange();
  const gate = useRef(createThrottle(FOLLOW_THROTTLE_MS));
  const toggleFollow = () => {
    if (myId === null || change.isPending || !gate.current()) return;
    change.mutate(
      { targetId, myId, follow: !following },
      {
        onError: () =>
          showToast(
            following ? '팔로우를 취소하지 못했습니다.' : '팔로우하지 못했습니다. 잠시 후 다시 시도해 주세요.',
            'error',
          ),
      },
    );
  };
  return { following, busy: change.isPending, toggleFollow };
}
