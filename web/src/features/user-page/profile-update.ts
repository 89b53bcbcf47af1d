import { loadUserInfo } from '../../lib/session';
import { invalidateWhere, queryKeys, useMutation, useQueryClient, type QueryClient } from '../../lib/server-data';
import { updateProfile, type FollowEntry } from './user-api';

/**
 * What editing my profile changed: my profile and nickname, the debater ranking (it shows names,
 * pictures and introductions) and each cached follow list I appear in.
 */
function afterProfileEdit(client: QueryClient, myId: number): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.users.profile(myId) }),
    client.invalidateQueries({ queryKey: queryKeys.users.nickname(myId) }),
    client.invalidateQueries({ queryKey: queryKeys.ranking.all() }),
    invalidateWhere<FollowEntry[]>(client, queryKeys.users.follows(), (list) =>
      list.some((entry) => entry.userId === myId),
    ),
  ]);
}

/** Saves the changed parts (U3), then refreshes what shows them and the signed-in user in the header. */
export function useProfileUpdate(myId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => updateProfile(myId, form),
    onSuccess: () => Promise.all([afterProfileEdit(client, myId), loadUserInfo()]),
  });
}
