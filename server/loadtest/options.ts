/**
 * Load-test options from the environment and `--flag value` / `--flag=value` arguments (flags win).
 * Every loop is bounded by these numbers; the target is loopback only.
 */
import { z } from 'zod';

const loopback = (url: string): boolean => {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
};

const schema = z.object({
  // Running servers (several nodes of one cluster, connections spread over them), comma-separated.
  urls: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u !== ''),
    )
    .pipe(
      z
        .array(
          z.string().url().refine(loopback, 'LOADTEST_URLS must be loopback addresses (127.0.0.0/8, localhost, [::1])'),
        )
        .min(1),
    )
    .optional(),
  // Started servers: one on SQLite, one on PostgreSQL + Redis, then two and three such nodes, same load.
  cluster: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('')
    .transform((v) => v === '1' || v === 'true'),
  rooms: z.coerce.number().int().min(1).max(200).default(20),
  observers: z.coerce.number().int().min(0).max(200).default(50),
  observerUsers: z.coerce.number().int().min(1).max(10_000).optional(),
  seconds: z.coerce.number().positive().max(3_600).optional(),
  chatRate: z.coerce.number().min(0).max(20).default(5),
  timeScale: z.coerce.number().positive().max(1).default(0.1),
  soak: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('')
    .transform((v) => v === '1' || v === 'true'),
  // With `cluster`: the node counts on PostgreSQL + Redis to run after the SQLite node, in order.
  clusterNodes: z
    .string()
    .default('1,2,3')
    .transform((v) => v.split(',').map((n) => Number(n.trim())))
    .pipe(z.array(z.number().int().min(1).max(3)).min(1)),
  // A CPU quota per started node, in cores (see cpu-cap.ts); unset: no quota.
  nodeCpus: z.coerce.number().min(0.05).max(256).optional(),
  sampleSeconds: z.coerce.number().positive().max(60).default(10),
  // How many times each configuration runs, the configurations taking turns (see run.ts).
  rounds: z.coerce.number().int().min(1).max(10).default(1),
  // The storage engines a started server runs on, one after the other with the same load.
  engines: z
    .string()
    .default('sqlite,postgres')
    .transform((v) => v.split(',').map((e) => e.trim()))
    .pipe(z.array(z.enum(['sqlite', 'postgres'])).min(1)),
});

export type LoadOptions = Omit<z.infer<typeof schema>, 'seconds' | 'observerUsers'> & {
  readonly seconds: number;
  readonly observerUsers: number;
};

/**
 * Flags: --urls --cluster --rooms --observers --observer-users --seconds --chat-rate --time-scale --soak
 * --sample-seconds --engines --cluster-nodes --node-cpus --rounds.
 */
export function loadOptions(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv.slice(2),
): LoadOptions {
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const key = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (inline !== undefined) flags[key] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) flags[key] = argv[++i]!;
    else flags[key] = '1';
  }
  const parsed = schema.parse({
    urls: env.LOADTEST_URLS || env.LOADTEST_URL || undefined,
    cluster: env.LOADTEST_CLUSTER,
    rooms: env.LOADTEST_ROOMS,
    observers: env.LOADTEST_OBSERVERS,
    observerUsers: env.LOADTEST_OBSERVER_USERS,
    seconds: env.LOADTEST_SECONDS,
    chatRate: env.LOADTEST_CHAT_RATE,
    timeScale: env.LOADTEST_TIME_SCALE,
    soak: env.LOADTEST_SOAK,
    sampleSeconds: env.LOADTEST_SAMPLE_SECONDS,
    nodeCpus: env.LOADTEST_NODE_CPUS || undefined,
    engines: env.LOADTEST_ENGINES || undefined,
    clusterNodes: env.LOADTEST_CLUSTER_NODES || undefined,
    rounds: env.LOADTEST_ROUNDS || undefined,
    ...flags,
  });
  return {
    ...parsed,
    seconds: parsed.seconds ?? (parsed.soak ? 600 : 30),
    observerUsers: parsed.observerUsers ?? Math.max(1, parsed.observers),
  };
}
