import { CATEGORIES, CONTINENTS } from '@toron/engine';
import { z } from 'zod';
import { api, ApiError } from '../../../lib/api';
import { queryKeys, queryOptions, skipToken } from '../../../lib/server-data';
import type { CreateRoomPayload, NewsLink } from './room-draft';

// A server that sends no category (the wire contract's N3 has none) leaves the choice to the creator.
const newsSchema = z
  .object({ title: z.string(), continent: z.enum(CONTINENTS), category: z.enum(CATEGORIES).nullish().catch(null) })
  .transform((raw) => ({ title: raw.title, continent: raw.continent, category: raw.category ?? null }));

/** The news item a room is opened from (N3): its title, region and category; nothing to load without one. */
export const newsLinkQuery = (newsId: number | null) =>
  queryOptions({
    queryKey: queryKeys.news.link(newsId),
    queryFn:
      newsId === null
        ? skipToken
        : async (): Promise<NewsLink> => ({
            id: newsId,
            ...(await api(`/api/news/${newsId}`, { schema: newsSchema })),
          }),
    // An article that does not exist: the form says so and lets the creator pick the region (NewDebatePage).
    meta: { showsNotFound: true },
  });

/** D1: opens the room and answers its uuid. */
export function createRoom(payload: CreateRoomPayload): Promise<string> {
  return api('/api/chat/create', { method: 'POST', json: payload, schema: z.string().min(1) });
}

/** A polite Korean sentence for a failed creation: the server's own message when it gave one. */
export function creationErrorText(error: unknown): string {
  // 4xx answers (429 too many rooms, 404 unknown news…) and network failures carry a Korean message.
  if (error instanceof ApiError && error.status < 500 && error.code !== 'BAD_RESPONSE') return error.message;
  return '토론방을 만들지 못했어요. 잠시 후 다시 시도해 주세요.';
}
