/**
 * The server project's global setup: one throwaway PostgreSQL cluster for the whole run (each
 * test file creates its own databases in it, see engines.ts), stopped when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { startPgCluster } from './pg-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's PostgreSQL cluster. */
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster();
  project.provide('pgAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}
