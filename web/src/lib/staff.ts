import { z } from 'zod';
import { api } from './api';
import { useAuth } from './auth-store';
import { queryKeys, useQuery } from './server-data';

const staffSchema = z.object({ staffIds: z.array(z.number()) });
/** Staff accounts change rarely: the list is asked again after this long at most. */
const STAFF_STALE_MS = 10 * 60_000;

/**
 * Whether a user id is a staff account's, for the 운영자 badge. The server derives the list from roles,
 * never from names, so a member called 운영자 gets no badge. One list for everyone, loaded while signed in.
 */
export function useIsStaff(): (userId: number | null | undefined) => boolean {
  const signedIn = useAuth().accessToken !== null;
  const { data } = useQuery({
    queryKey: queryKeys.users.staff(),
    queryFn: async () => new Set((await api('/api/users/staff', { schema: staffSchema })).staffIds),
    enabled: signedIn,
    staleTime: STAFF_STALE_MS,
  });
  return (userId) => userId != null && data !== undefined && data.has(userId);
}
