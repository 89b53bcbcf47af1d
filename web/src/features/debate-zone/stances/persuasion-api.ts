import { persuasionSchema, type Persuasion } from '@toron/engine';
import { api } from '../../../lib/api';
import { queryKeys, useQuery } from '../../../lib/server-data';

/** What a finished debate did to its viewers (counts only; the server answers 409 while it is live). */
function fetchPersuasion(roomId: string): Promise<Persuasion> {
  return api(`/api/debates/${encodeURIComponent(roomId)}/persuasion`, { schema: persuasionSchema });
}

/** The persuasion of a room, once `ended` (asking earlier would only be refused). */
export function useRoomPersuasion(roomId: string, ended: boolean) {
  return useQuery({
    queryKey: queryKeys.persuasion.room(roomId),
    queryFn: () => fetchPersuasion(roomId),
    enabled: ended,
  });
}
