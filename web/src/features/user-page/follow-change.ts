import { queryKeys, useMutation, useQueryClient, type QueryClient } from '../../lib/server-data';
import { followUser, unfollowUser } from './user-api';

export interface FollowChange {
  targetId: number;
  myId: number;
  /** true: I follow the target; false: I stop following them. */
  follow: boolean;
}

/**
 * What a follow or an unfollow changed: the target's followers, my following list, and the debater
 * ranking (it counts followers and followings). Profiles and every other list stay as they are.
 */
function afterFollowChange(client: QueryClient, { targetId, myId }: FollowChange): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.users.followers(targetId) }),
    client.invalidateQueries({ queryKey: queryKeys.users.followees(myId) }),
    client.invalidateQueries({ queryKey: queryKeys.ranking.all() }),
  ]);
}

/** Follows or unfollows (U10/U11); busy until the lists on screen show the change. */
export function useFollowChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ targetId, myId, follow }: FollowChange) =>
      follow ? followUser(targetId, myId) : unfollowUser(targetId, myId),
    onSuccess: (_, change) => afterFollowChange(client, change),
  });
}
