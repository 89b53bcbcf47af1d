// Public surface of @toron/server for tests, tools and later features.
export { buildApp, type App } from './app.js';
export { loadConfig, type Config } from './config.js';
export { createDeps, type AppDeps } from './deps.js';
export { startServer, type RunningServer } from './server.js';
export { revokeAllSessions } from './auth/sessions.js';
export type { DebateOutcome } from './users/store.js';
export type { DomainEvents, EventBus } from './events.js';
