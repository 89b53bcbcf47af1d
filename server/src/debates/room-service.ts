import { randomUUID } from 'node:crypto';
import {
  roomInfo,
  SPEAK_COUNT_CODES,
  TIME_CODES,
  turnsLeft,
  type RoomInfo,
  type RoomSettingsInput,
  type RoomState,
} from '@toron/engine';
import type { z } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../http/envelope.js';
import { enforce } from '../http/rate-limit.js';
import { participantCards } from './people.js';
import { refusal, roomNotFound } from './refusals.js';
import type { DebateRuntime } from './runtime.js';
import type { createRoomBody } from './schemas.js';

/** Room creation and reads of one room's live state (D1–D5). */
export function createRoomService(deps: AppDeps, runtime: DebateRuntime) {
  const { storage, config } = deps;
  // Rooms one user may open (RATE_LIMIT_ROOM_CREATION, by default a burst of 5, then one every 12 s).
  const creations = deps.rateLimiter('room-creation', config.rateLimits.roomCreation);

  const stateOf = async (roomId: string): Promise<RoomState> => {
    const state = await runtime.directory.stateOf(roomId);
    if (!state || state.phase === 'unopened') throw roomNotFound();
    return state;
  };

  const admit = (userId: number): Promise<void> =>
    enforce(
      creations,
      `user:${userId}`,
      'TOO_MANY_ROOMS',
      '토론방을 너무 자주 만들고 있어요. 잠시 후 다시 시도해 주세요.',
    );

  return {
    /** Opens a WAITING room for the caller and returns its uuid; the creator joins through the socket. */
    async create(userId: number, body: z.infer<typeof createRoomBody>): Promise<string> {
      const newsId = body.newsId ?? undefined;
      if (body.newsUrl != null && (newsId === undefined || body.newsUrl !== `/news/${newsId}`)) {
        throw new ApiError(400, 'INVALID_NEWS_URL', '뉴스 링크가 올바르지 않습니다.');
      }
      if (newsId !== undefined && !(await storage.news.findById(newsId)))
        throw new ApiError(404, 'NEWS_NOT_FOUND', '존재하지 않는 뉴스입니다.');
      await admit(userId);
      const settings: RoomSettingsInput = {
        title: body.title,
        description: body.description,
        continent: body.continent,
        category: body.category,
        format: body.memberNumber,
        secondsPerTurn: TIME_CODES[body.time],
        turnsPerSide: SPEAK_COUNT_CODES[body.speakCount],
        resultEnabled: body.resultEnabled,
        creatorId: userId,
        ...(newsId === undefined ? {} : { newsId, newsUrl: `/news/${newsId}` }),
      };
      const roomId = randomUUID();
      const execution = await runtime.directory.open({
        type: 'openRoom',
        roomId,
        settings,
        timeScale: config.debateTimeScale,
        graceSeconds: config.debateGraceSeconds,
      });
      if (execution.rejection) throw refusal(execution.rejection);
      return roomId;
    },

    /** Room info: live seats while recruiting, the roster once fixed (works in every phase). */
    async info(roomId: string): Promise<RoomInfo> {
      const state = await stateOf(roomId);
      const info = roomInfo(state, await participantCards(storage.users, config.publicUrl, [state]));
      if (!info) throw roomNotFound();
      return info;
    },

    /** D5: turns left, the current one included (all of them before the debate starts). */
    async turn(roomId: string): Promise<{ turnCount: number }> {
      return { turnCount: turnsLeft(await stateOf(roomId)) };
    },

    stateOf,
  };
}

export type RoomService = ReturnType<typeof createRoomService>;
