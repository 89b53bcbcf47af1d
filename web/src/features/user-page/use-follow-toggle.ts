import { useEffect, useRef, useState } from 'react';
import { createThrottle } from '../../lib/throttle';
import { showToast } from '../../ui/toast';
import { followUser, unfollowUser } from './user-api';

export const FOLLOW_THROTTLE_MS = 1000;

/** The follow toggle: one click per second, follow then '팔로우 취소', and the lists reloaded afterwards. */
export function useFollowToggle(targetId: number, myId: number | null, following: boolean, onChanged: () => void) {
  const [current, setCurrent] = useState(following);
  const [busy, setBusy] = useState(false);
  const gate = useRef(createThrottle(FOLLOW_THROTTLE_MS));
  useEffect(() => {
    setCurrent(following);
  }, [following]);

  const toggleFollow = async () => {
    if (myId === null || !gate.current()) return;
    setBusy(true);
    try {
      if (current) await unfollowUser(targetId, myId);
      else await followUser(targetId, myId);
      setCurrent(!current);
      onChanged();
    } catch {
      showToast(
        current ? '팔로우를 취소하지 못했습니다.' : '팔로우하지 못했습니다. 잠시 후 다시 시도해 주세요.',
        'error',
      );
    } finally {
      setBusy(false);
    }
  };
  return { following: current, busy, toggleFollow };
}
