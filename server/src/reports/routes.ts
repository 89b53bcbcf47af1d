import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.js';
import { assertSelf } from '../http/auth.js';
import type { AppEnv } from '../http/context.js';
import { ApiError, okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { roomIdParams } from '../debates/schemas.js';
import { enforce, windowText } from '../http/rate-limit.js';
import { springPage } from '../notifications/view.js';
import { fileReport, fileRoomReport } from './filing.js';
import { createModeration } from './moderation.js';
import { adminListQuery, fileReportSchema, processSchema, reportDetailSchema, reportRowSchema } from './schemas.js';
import { loadModerationSettings } from './settings.js';
import type { ReportRow } from './tables.js';
import { nicknameLookup, toReportDetail, toReportRow } from './view.js';

/** The legacy client only ever loads page 1, so page 1 holds this many of the newest reports. */
const ADMIN_PAGE_SIZE = 100;
const reportIdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .openapi({ param: { in: 'path' }, example: 1 }),
});
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const done = z.object({ id: z.number().int() });

/** The reporter is the caller; a `userId` the body names must be the caller too (else 403). */
const reporterOf = (callerId: number, input: { userId?: number | undefined }): number => {
  if (input.userId !== undefined) assertSelf(callerId, input.userId);
  return callerId;
};

/**
 * R1 and the in-room reports (file a report, any member) and R2–R5 (staff only: everything under /api/admin needs
 * ROLE_ADMIN).
 */
export function reportRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { storage, guards } = deps;
  const detail = async (report: ReportRow) => toReportDetail(report, await nicknameLookup(storage.users, [report]));
  const settings = loadModerationSettings();
  const rule = deps.config.rateLimits.report;
  const reportLimiter = deps.rateLimiter('report', rule);
  const admitReport = (reporterId: number) =>
    enforce(
      reportLimiter,
      `user:${reporterId}`,
      'REPORT_RATE_LIMITED',
      `신고는 ${windowText(rule.windowMs)}에 ${rule.limit}번까지 할 수 있습니다. 잠시 후 다시 시도해주세요.`,
    );
  const moderation = createModeration({
    storage,
    logger: deps.logger,
    settings,
    notifier: deps.notifications.notifier,
    closeSockets: (userId) => deps.events.emit('user-sanctioned', { userId, at: new Date() }),
  });
  const app = createRouter();
  // Every /api/admin path, known or not, is refused to anyone but staff before anything else runs
  // (this guard also puts the caller into the context for the staff routes below).
  app.use('/api/admin/*', guards.admin);
  const staff = { tags: ['신고 관리'], security: bearerSecurity };

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/report',
      tags: ['신고'],
      summary: '사용자 신고',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: body(fileReportSchema),
      responses: responses(201, done, '접수됨'),
    }),
    async (c) => {
      const input = c.req.valid('json');
      const report = await fileReport(storage, admitReport, reporterOf(c.get('user').id, input), input);
      return c.json(okBody({ id: report.id }), 201);
    },
  );

  // Reports from inside a room (D9, D10): R1's body, rules and limit; the room comes from the path.
  const roomReport = (path: string, summary: string) =>
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags: ['신고'],
        summary,
        security: bearerSecurity,
        middleware: [guards.member] as const,
        request: { params: roomIdParams, ...body(fileReportSchema) },
        responses: responses(201, done, '접수됨'),
      }),
      async (c) => {
        const input = c.req.valid('json');
        const roomId = c.req.valid('param').roomId.toLowerCase();
        const report = await fileRoomReport(storage, admitReport, reporterOf(c.get('user').id, input), roomId, input);
        return c.json(okBody({ id: report.id }), 201);
      },
    );
  roomReport('/api/debates/reports/{roomId}', '토론자의 채팅 신고 (토론방 안에서)');
  roomReport('/api/observer/reports/{roomId}', '참관자의 신고 (토론방 안에서)');

  app.openapi(
    createRoute({
      ...staff,
      method: 'get',
      path: '/api/admin/reports',
      summary: '신고 목록 (최신순)',
      request: { query: adminListQuery },
      responses: responses(200, z.object({ content: z.array(reportRowSchema) }).passthrough(), '신고 목록'),
    }),
    async (c) => {
      const { q, type, result, p } = c.req.valid('query');
      const reports = await storage.reports.list({ type, result });
      const nickname = await nicknameLookup(storage.users, reports);
      const needle = q?.trim().toLowerCase() ?? '';
      const rows = reports
        .map((r) => toReportRow(r, nickname))
        .filter((r) => needle === '' || r.targetNickname.toLowerCase().includes(needle));
      const pageIndex = p - 1;
      const content = rows.slice(pageIndex * ADMIN_PAGE_SIZE, (pageIndex + 1) * ADMIN_PAGE_SIZE);
      return c.json(okBody(springPage(content, pageIndex, ADMIN_PAGE_SIZE, rows.length)), 200);
    },
  );

  app.openapi(
    createRoute({
      ...staff,
      method: 'get',
      path: '/api/admin/reports/{id}',
      summary: '신고 상세',
      request: { params: reportIdParam },
      responses: responses(200, reportDetailSchema, '신고 상세'),
    }),
    async (c) => {
      const report = await storage.reports.find(c.req.valid('param').id);
      if (!report) throw new ApiError(404, 'REPORT_NOT_FOUND', '신고 내역을 찾을 수 없습니다.');
      return c.json(okBody(await detail(report)), 200);
    },
  );

  app.openapi(
    createRoute({
      ...staff,
      method: 'put',
      path: '/api/admin/reports/{id}',
      summary: '신고 처리 또는 처리 변경',
      request: { params: reportIdParam, ...body(processSchema) },
      responses: responses(200, reportDetailSchema, '처리됨'),
    }),
    async (c) => {
      const { result, reportContent, assignedUserId } = c.req.valid('json');
      const me = c.get('user').id;
      if (assignedUserId !== undefined) assertSelf(me, assignedUserId);
      const report = await moderation.process(c.req.valid('param').id, me, { result, reportContent });
      return c.json(okBody(await detail(report)), 200);
    },
  );

  app.openapi(
    createRoute({
      ...staff,
      method: 'put',
      path: '/api/admin/reports/{id}/restore',
      summary: '신고 처리 복구 (미처리로)',
      request: { params: reportIdParam },
      responses: responses(200, reportDetailSchema, '복구됨'),
    }),
    async (c) => {
      const report = await moderation.restore(c.req.valid('param').id, c.get('user').id);
      return c.json(okBody(await detail(report)), 200);
    },
  );

  return app;
}
