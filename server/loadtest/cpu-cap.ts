/**
 * LOADTEST_NODE_CPUS: each started node gets a CPU quota of its own (a Linux cgroup with the CFS
 * bandwidth limit), as if every node were a machine of that many cores. On one small machine the
 * nodes, the database, Redis and the load generator otherwise share the same cores, so a second node
 * can only take CPU from the first; with a quota per node, a node saturates before the machine does
 * and what a second node adds can be measured. Needs root and the cgroup `cpu` controller (v1 or v2).
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PERIOD_US = 100_000;

/** Where a quota can be set, and how: the v2 `cpu.max` file or the v1 quota/period pair. */
type Hierarchy = { readonly root: string; readonly version: 1 | 2 };

const hasCpuController = (controllers: string): boolean =>
  existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu');

function findHierarchy(): Hierarchy | null {
  for (const root of ['/sys/fs/cgroup', '/sys/fs/cgroup/unified'])
    if (hasCpuController(path.join(root, 'cgroup.controllers'))) return { root, version: 2 };
  if (existsSync('/sys/fs/cgroup/cpu/cpu.cfs_quota_us')) return { root: '/sys/fs/cgroup/cpu', version: 1 };
  return null;
}

/** A process under a quota; `release` removes its cgroup once the process has exited. */
export interface CpuCap {
  readonly cores: number;
  release(): void;
}

/** Puts `pid` (all its threads) under a quota of `cores` cores; throws with what is missing when it cannot. */
export function capCpu(pid: number, cores: number): CpuCap {
  const hierarchy = findHierarchy();
  if (!hierarchy) throw new Error('LOADTEST_NODE_CPUS needs the cgroup cpu controller (/sys/fs/cgroup)');
  const dir = path.join(hierarchy.root, `toron-loadtest-${pid}`);
  const quota = Math.max(1_000, Math.round(cores * PERIOD_US));
  try {
    mkdirSync(dir);
    if (hierarchy.version === 2) writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
    else {
      writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
    }
    writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
  } catch (err) {
    throw new Error(`LOADTEST_NODE_CPUS: cannot set a CPU quota in ${dir} (run as root): ${(err as Error).message}`);
  }
  return {
    cores,
    release() {
      try {
        rmdirSync(dir);
      } catch {
        // still holds a process (it is being killed): the kernel keeps an empty group, harmless
      }
    },
  };
}
