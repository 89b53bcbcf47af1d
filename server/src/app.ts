import type { Hono } from 'hono';
import { authRoutes } from './auth/routes.js';
import type { AppDeps } from './deps.js';
import { demoOAuthRoutes } from './demo-oauth/routes.js';
import { healthRoutes } from './health/routes.js';
import type { AppEnv } from './http/context.js';
import { installErrorHandling } from './http/errors.js';
import { newsRoutes } from './news/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { reportRoutes } from './reports/routes.js';
import { debateRoutes } from './debates/routes.js';
import { rankingRoutes } from './ranking/routes.js';
import { ratingRoutes } from './ranking/rating-routes.js';
import { persuasionRoutes } from './persuasion/routes.js';
import { bodyLimits, corsMiddleware, requestLog, type UploadRoute } from './http/middleware.js';
import { createRouter } from './http/openapi.js';
import { avatarRoutes } from './seed/avatars.js';
import type { DemoUser } from './seed/demo-users.js';
import { defaultAvatarRoutes } from './users/default-avatar.js';
import { nicknameAdminRoutes } from './users/admin-routes.js';
import { followRoutes } from './users/follow-routes.js';
import { pictureTooLarge } from './users/image.js';
import { profileRoutes } from './users/profile-routes.js';
import { uploadRoutes } from './users/upload-routes.js';
import { sharingRoutes } from './sharing/routes.js';
import { createShell } from './web/shell.js';
import { webRoutes } from './web/static.js';
import { apiDocsRoutes, ASYNCAPI_PATH } from './http/api-docs.js';
import { securityHeaders } from './http/security-headers.js';

/**
 * The API's feature routers, in registration order (a more specific path before a
 * parameterised one). A new feature adds its `xxxRoutes(deps)` here; routes declared with
 * createRoute land in the OpenAPI document by themselves.
 */
// rankingRoutes (/api/users/followers) must come before profileRoutes' /api/users/{id}.
const features: ((deps: AppDeps) => Hono<AppEnv>)[] = [
  healthRoutes,
  authRoutes,
  rankingRoutes,
  ratingRoutes,
  persuasionRoutes,
  profileRoutes,
  followRoutes,
  uploadRoutes,
  newsRoutes,
  debateRoutes,
  notificationRoutes,
  reportRoutes,
  nicknameAdminRoutes,
];

/** The profile edit (PUT /api/users/mypage/{id}) is the one multipart route: it may carry a picture. */
const profileUpload = (limitBytes: number): UploadRoute => ({
  matches: (method, path) => method === 'PUT' && /^\/api\/users\/mypage\/[^/]+\/?$/.test(path),
  bytes: limitBytes,
  tooLarge: () => pictureTooLarge(limitBytes),
});

/**
 * Builds the whole HTTP app: middleware, every feature router, the OpenAPI document
 * (/api/openapi.json) and its reference page (/api/docs), the demo identity provider when
 * enabled, the link previews of shared pages, and the web app with its SPA fallback last.
 */
export function buildApp(deps: AppDeps, demoUsers: DemoUser[]) {
  const { config, logger } = deps;
  const app = createRouter();
  app.use('*', requestLog(logger));
  app.use('*', securityHeaders(config));
  app.use('*', corsMiddleware());
  app.use('*', bodyLimits(config.bodyLimitBytes, profileUpload(config.uploadLimitBytes)));
  installErrorHandling(app, logger);

  // Follows are logged for the operator; the followed member's notification commits with the follow.
  deps.events.on('follow', (e) => logger.info({ followerId: e.followerId, followeeId: e.followeeId }, 'follow'));

  for (const feature of features) app.route('/', feature(deps));
  app.route('/', defaultAvatarRoutes());
  app.route('/', avatarRoutes(demoUsers));
  if (config.demoOAuth) app.route('/', demoOAuthRoutes(deps, demoUsers));

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Toron API',
      version: '0.1.0',
      description:
        '토론(Toron) 서버 REST API. 모든 응답은 { status, message, data } 봉투로 감싸집니다. ' +
        `실시간 STOMP API는 AsyncAPI 문서([${ASYNCAPI_PATH}](${ASYNCAPI_PATH}))에 있습니다.`,
    },
    servers: [{ url: config.publicUrl }],
  });
  app.route('/', apiDocsRoutes('/api/openapi.json', config));

  // The web app's shell, with link-preview tags: the shared pages' own, the site's elsewhere.
  const shell = createShell(config.webDist);
  app.route('/', sharingRoutes(deps, shell));
  app.route('/', webRoutes(config.webDist, shell, config.publicUrl));
  return app;
}

export type App = ReturnType<typeof buildApp>;
