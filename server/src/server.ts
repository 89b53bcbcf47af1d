import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { WebSocketServer } from 'ws';
import { buildApp, type App } from './app.js';
import type { Config } from './config.js';
import { createDeps, type AppDeps } from './deps.js';
import { startLiveDebates } from './debates/live/index.js';
import { startNotificationSocket } from './notifications/live.js';
import { loadDemoUsers, seedDemoUsers } from './seed/demo-users.js';
import { seedDemoNews } from './news/seed.js';
import { seedRecordedRooms } from './debates/seed.js';
import { bringRatingsUpToDate } from './ranking/recompute.js';
import { checkStoredNicknames } from './users/nickname-collisions.js';
import { sweepOrphanImages } from './users/orphan-images.js';

export type RunningServer = {
  /** Base URL the server listens on, e.g. http://localhost:8080. */
  url: string;
  port: number;
  app: App;
  deps: AppDeps;
  /** The WebSocket server (noServer mode) upgrades go to; STOMP hooks in here. */
  wss: WebSocketServer;
  /** Stops accepting connections, closes sockets and the database. */
  close: () => Promise<void>;
};

/**
 * Boots everything: data directory, database and migrations, demo seed, the app, and one
 * HTTP server that also carries WebSocket upgrades.
 */
export async function startServer(config: Config, given?: AppDeps): Promise<RunningServer> {
  const deps = given ?? (await createDeps(config));
  const demo = loadDemoUsers();
  // One process at a time runs the start-up steps (several may start together on one PostgreSQL database).
  await deps.storage.exclusive(async () => {
    // Ratings stored under another rating system (or none yet) are rebuilt from the room logs once.
    const recomputed = await bringRatingsUpToDate(deps.storage, Date.now());
    if (recomputed) deps.logger.info(recomputed, 'ratings recomputed from the room logs');
    await checkStoredNicknames(deps.storage, deps.logger);
    const gramsIndexed = await deps.storage.news.indexOlderGrams();
    if (gramsIndexed > 0) deps.logger.info({ gramsIndexed }, 'news stored before the gram index indexed');
    const orphanImages = await sweepOrphanImages(deps.storage, Date.now());
    if (orphanImages > 0) deps.logger.info({ orphanImages }, 'uploaded images no member shows removed');
    if (!config.seedDemo) return;
    // Each seed is idempotent; recorded debates name the demo users, so they come last.
    const { created, skipped } = await seedDemoUsers(deps.storage);
    if (created > 0) deps.logger.info({ created }, 'demo users seeded');
    if (skipped.length > 0)
      deps.logger.warn({ skipped }, 'demo users whose nickname someone already holds: not seeded');
    await seedDemoNews(deps);
    await seedRecordedRooms(deps);
  });
  const app = buildApp(deps, demo.users);
  const live = await startLiveDebates(deps);
  const wss = live.stomp.wss;
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  // /ws/notifications goes to the notification socket, every other upgrade to the debates;
  // a suspension or ban also closes the user's debate sockets.
  const notificationSocket = startNotificationSocket(deps);
  deps.events.on('user-sanctioned', (e) => live.stomp.closePrincipal(e.userId, '이용이 제한된 계정입니다.'));
  (server as Server).on('upgrade', (req, socket, head) => {
    if (!notificationSocket.stomp.handleUpgrade(req, socket, head)) live.stomp.upgradeListener(req, socket, head);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const close = async () => {
    // Stop listening first: from here on a new connection is refused rather than met by a closing
    // server; idle keep-alive connections go too, requests in flight finish.
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    await live.stop();
    await notificationSocket.stop();
    for (const client of wss.clients) client.terminate();
    wss.close();
    if ('closeAllConnections' in server) server.closeAllConnections();
    await stopped;
    await deps.debates.pubsub.close();
    await deps.redis?.close();
    await deps.storage.close();
  };
  return { url: `http://localhost:${port}`, port, app, deps, wss, close };
}
