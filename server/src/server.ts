import { serve, type ServerType } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { buildApp, type App } from './app.js';
import type { Config } from './config.js';
import { createDeps, type AppDeps } from './deps.js';
import { loadDemoUsers, seedDemoUsers } from './seed/demo-users.js';
import { seedDemoNews } from './news/seed.js'; // demo news corpus (issue 4)

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
export async function startServer(config: Config, deps: AppDeps = createDeps(config)): Promise<RunningServer> {
  const demo = loadDemoUsers();
  if (config.seedDemo) {
    const { created } = seedDemoUsers(deps.db);
    if (created > 0) deps.logger.info({ created }, 'demo users seeded');
  }
  if (config.seedDemo) seedDemoNews(deps); // demo news corpus (issue 4): idempotent, keyed by article path
  const app = buildApp(deps, demo.users);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host, websocket: { server: wss } }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const close = async () => {
    for (const client of wss.clients) client.terminate();
    wss.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
    deps.database.close();
  };
  return { url: `http://localhost:${port}`, port, app, deps, wss, close };
}
