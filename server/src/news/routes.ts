import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppDeps } from '../deps.js';
import { assertSelf } from '../http/auth.js';
import type { AppEnv } from '../http/context.js';
import { failBody, okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses, validationMessage } from '../http/openapi.js';
import {
  bookmarkStateSchema,
  likeStateSchema,
  newsDetailSchema,
  newsIdParams,
  newsItemSchema,
  newsListQuery,
  newsPageSchema,
  savedNewsSchema,
  userIdQuery,
} from './schemas.js';
import { newsListsVisibleTo } from '../users/profile.js';
import { newsPageRoutes } from './article-pages.js';
import { createNewsService } from './service.js';
import type { ReactionKind } from './store.js';

const tags = ['뉴스'];
const mypageParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .openapi({ param: { in: 'path' }, example: 1 }),
});

/** Specific words for the two list parameters people get wrong most. */
const listQueryRefusals: Record<string, [string, string]> = {
  sort: ['INVALID_SORT_TYPE', '정렬 방식은 LATEST(최신순) 또는 POPULAR(인기순)만 가능합니다.'],
  continent: ['INVALID_CONTINENT', '지역 코드가 올바르지 않습니다. (KR, CN, JP, EU, AS, AM, AF)'],
  cursor: ['INVALID_CURSOR', '커서가 올바르지 않습니다. 처음부터 다시 불러와주세요.'],
};

/**
 * News for members (N1–N7, U4, U5 of docs/wire-contract.md): list, ranking, detail, like and bookmark,
 * and the user page's liked and saved lists. Guests (sign-up unfinished) are refused.
 * Also mounts the public demo article pages and images.
 */
export function newsRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { guards, config } = deps;
  const service = createNewsService({ storage: deps.storage, publicUrl: config.publicUrl });
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/news',
      tags,
      summary: '뉴스 목록 (키셋 커서, 12개씩)',
      security: bearerSecurity,
      middleware: [guards.memberRead] as const,
      request: { query: newsListQuery },
      responses: responses(200, newsPageSchema, '뉴스 한 페이지'),
    }),
    async (c) => {
      const { sort, continent, q, cursor } = c.req.valid('query');
      return c.json(okBody(await service.list({ sort, continent, q }, cursor)), 200);
    },
    (result, c) => {
      if (result.success) return undefined;
      const issue = result.error.issues[0];
      const field = String(issue?.path[0] ?? '');
      // The search box's refusals say what was wrong with the words typed (length or a control character).
      const [code, message] =
        field === 'q'
          ? ['INVALID_QUERY', issue!.message]
          : (listQueryRefusals[field] ?? ['VALIDATION_FAILED', validationMessage(result.error)]);
      return c.json(failBody(code, message), 400);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/news/ranking',
      tags,
      summary: '좋아요 상위 10개',
      security: bearerSecurity,
      middleware: [guards.memberRead] as const,
      responses: responses(200, z.array(newsItemSchema), '랭킹'),
    }),
    async (c) => c.json(okBody(await service.ranking()), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/news/{id}',
      tags,
      summary: '뉴스 상세 (호출자 기준 좋아요·북마크 여부)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: newsIdParams, query: userIdQuery },
      responses: responses(200, newsDetailSchema, '상세'),
    }),
    async (c) => {
      const me = callerFor(c, c.req.valid('query').userId);
      return c.json(okBody(await service.detail(c.req.valid('param').id, me)), 200);
    },
  );

  const reaction = (kind: ReactionKind, on: boolean) => {
    const path = `/api/news/{id}/${kind}`;
    const summary = `${kind === 'like' ? '좋아요' : '북마크'} ${on ? '추가' : '취소'} (멱등)`;
    const schema = kind === 'like' ? likeStateSchema : bookmarkStateSchema;
    app.openapi(
      createRoute({
        method: on ? 'post' : 'delete',
        path,
        tags,
        summary,
        security: bearerSecurity,
        middleware: [guards.member] as const,
        request: { params: newsIdParams, query: userIdQuery },
        responses: responses(200, schema, '반영된 상태'),
      }),
      async (c) => {
        const me = callerFor(c, c.req.valid('query').userId);
        const count = await service.react(kind, me, c.req.valid('param').id, on);
        return c.json(okBody(kind === 'like' ? { liked: on, like: count } : { marked: on, mark: count }), 200);
      },
    );
  };
  reaction('like', true);
  reaction('like', false);
  reaction('bookmark', true);
  reaction('bookmark', false);

  // The user page's lists, for every member (docs/product-rules.md#profiles); an owner who keeps them private shows
  // others empty ones.
  const saved = (kind: ReactionKind, segment: 'likes' | 'bookmarks', summary: string) =>
    app.openapi(
      createRoute({
        method: 'get',
        path: `/api/users/mypage/{id}/${segment}`,
        tags,
        summary,
        security: bearerSecurity,
        middleware: [guards.member] as const,
        request: { params: mypageParams },
        responses: responses(200, z.array(savedNewsSchema), '최신순'),
      }),
      async (c) => {
        const owner = c.req.valid('param').id;
        const visible = await newsListsVisibleTo(deps, owner, c.get('user').id);
        return c.json(okBody(visible ? await service.saved(kind, owner) : []), 200);
      },
    );
  saved('like', 'likes', '사용자가 좋아요한 뉴스 (비공개 설정이면 본인 외에는 빈 목록)');
  saved('bookmark', 'bookmarks', '사용자가 저장한 뉴스 (비공개 설정이면 본인 외에는 빈 목록)');

  app.route('/', newsPageRoutes(deps));
  return app;
}

/** The caller's id; a `userId` the client sent must be that same id (else 403). */
function callerFor(c: Context<AppEnv>, userId: number | undefined): number {
  const user = c.get('user');
  if (userId !== undefined) assertSelf(user.id, userId);
  return user.id;
}
