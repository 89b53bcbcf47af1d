import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { archiveEntrySchema, persuasionSchema, roomEventSchema, roomInfoSchema, voteTallySchema } from '@toron/engine';
import type { AppDeps } from '../deps.js';
import { assertSelf } from '../http/auth.js';
import type { AppEnv } from '../http/context.js';
import { errors, okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { createArchiveService } from './archive-service.js';
import { actorOf } from './people.js';
import { createRoomService } from './room-service.js';
import {
  createRoomBody,
  finishedPageSchema,
  finishedQuery,
  myDebateSchema,
  roomIdParams,
  turnSchema,
  userIdParams,
  voteBody,
} from './schemas.js';
import { createVoteService } from './vote-service.js';

const tags = ['토론방'];
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

/**
 * Debate rooms over REST (D1–D8, U6, U7 of docs/wire-contract.md) plus the replay log of a closed room.
 * Members only; identity from the access token. Live play happens over STOMP (live/).
 */
export function debateRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { guards, storage, config } = deps;
  const runtime = deps.debates;
  const rooms = createRoomService(deps, runtime);
  const votes = createVoteService(runtime, rooms);
  const archives = createArchiveService(deps, runtime, rooms);
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/chat/create',
      tags,
      summary: '토론방 개설 (→ 방 uuid)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { body: json(createRoomBody) },
      responses: responses(201, z.string(), '개설된 토론방 uuid'),
    }),
    async (c) => c.json(okBody(await rooms.create(c.get('user').id, c.req.valid('json'))), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/debates/waitroom/{roomId}',
      tags,
      summary: '대기실 정보',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: roomIdParams },
      responses: responses(200, roomInfoSchema, '토론방 정보'),
    }),
    async (c) => c.json(okBody(await rooms.info(c.req.valid('param').roomId)), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/debates/observer/{roomId}',
      tags,
      summary: '참관용 토론방 정보',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: roomIdParams },
      responses: responses(200, roomInfoSchema, '토론방 정보'),
    }),
    async (c) => c.json(okBody(await rooms.info(c.req.valid('param').roomId)), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/debates/turn/{roomId}',
      tags,
      summary: '남은 발언 턴 수',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: roomIdParams },
      responses: responses(200, turnSchema, '남은 턴'),
    }),
    async (c) => c.json(okBody(await rooms.turn(c.req.valid('param').roomId)), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/debates/vote/{roomId}',
      tags,
      summary: '투표 (한 번, 투표 시간 안에)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: roomIdParams, body: json(voteBody) },
      responses: responses(200, z.object({ voted: z.literal(true) }), '투표 완료'),
    }),
    async (c) => {
      const { vote, userId } = c.req.valid('json');
      const me = c.get('user').id;
      if (userId !== undefined) assertSelf(me, userId);
      const user = await storage.users.findById(me);
      if (!user) throw errors.unauthorized();
      await votes.vote(actorOf(user, config.publicUrl), c.req.valid('param').roomId, vote);
      return c.json(okBody({ voted: true as const }), 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/debates/vote/{roomId}',
      tags,
      summary: '투표 결과',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: roomIdParams },
      responses: responses(200, voteTallySchema, '투표 결과'),
    }),
    async (c) => c.json(okBody(await votes.tally(c.req.valid('param').roomId)), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/debates/debateRoom/finished',
      tags,
      summary: '종료된 토론방 목록',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { query: finishedQuery },
      responses: responses(200, finishedPageSchema, '페이지'),
    }),
    async (c) => {
      const q = c.req.valid('query');
      const page = q.p ? Number(q.p) : 1;
      const filter = {
        q: q.q?.trim() || undefined,
        continent: q.continent || undefined,
        category: q.category || undefined,
        format: q.member || undefined,
        sort: q.sort === 'popular' ? ('popular' as const) : ('recent' as const),
      };
      return c.json(okBody(await archives.finished(filter, page)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/debates/{roomId}/events',
      tags,
      summary: '종료된 토론방의 전체 이벤트 (다시보기)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: roomIdParams },
      responses: responses(200, z.array(roomEventSchema), '이벤트 로그'),
    }),
    async (c) => c.json(okBody(await archives.events(c.req.valid('param').roomId, c.get('user').id)), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/debates/{roomId}/persuasion',
      tags,
      summary: '종료된 토론의 설득 지표 (첫 발언 때와 투표 때의 입장 비율, 스윙, 가장 설득력 있던 발언, 시간별 비율)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: roomIdParams },
      responses: responses(200, persuasionSchema, '설득 지표'),
    }),
    async (c) => c.json(okBody(await archives.persuasion(c.req.valid('param').roomId)), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/debates/{roomId}',
      tags,
      summary: '토론방 정보 (대기·진행·종료)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: roomIdParams },
      responses: responses(200, roomInfoSchema, '토론방 정보'),
    }),
    async (c) => c.json(okBody(await rooms.info(c.req.valid('param').roomId)), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/mypage/{roomId}/debateChats',
      tags,
      summary: '지난 토론 채팅 (최신순)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: roomIdParams },
      responses: responses(200, z.array(archiveEntrySchema), '채팅 기록'),
    }),
    async (c) => c.json(okBody(await archives.archive(c.req.valid('param').roomId)), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/mypage/{id}/debates',
      tags,
      summary: '사용자가 참여·참관한 토론 (오래된 순)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: userIdParams },
      responses: responses(200, z.array(myDebateSchema), '토론 목록'),
    }),
    async (c) => c.json(okBody(await archives.debatesOf(c.req.valid('param').id)), 200),
  );

  return app;
}
