import { useQueries } from '../../lib/server-data';
import { nicknameQuery } from './notifications-api';

/** Nicknames of the given user ids (FOLLOW items name their follower), as far as they have arrived. */
export function useNicknames(ids: readonly number[]): ReadonlyMap<number, string> {
  const unique = [...new Set(ids)];
  const names = useQueries({ queries: unique.map((id) => nicknameQuery(id)) });
  return new Map(unique.flatMap((id, i) => (names[i]?.data ? [[id, names[i].data] as const] : [])));
}
