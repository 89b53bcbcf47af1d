/**
 * Helpers of the reliability tests: the real server as a child process (so it can be killed and
 * signalled), members and rooms over HTTP, STOMP clients on our native `/ws` protocol that record
 * every room event they are sent and resume with `from-seq` after a reconnect, and the room logs
 * read from a copy of the database files (the server's own file stays as the crash left it).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { redactFor, replay, type RoomEvent } from '@toron/engine';
import { expect } from 'vitest';
import { openSqliteStorage } from '../../src/db/sqlite-storage.js';
import type { Storage } from '../../src/db/storage.js';
import { storageOn, type FreshDatabase } from '../support/engines.js';
import { startChildServer, type ChildServer } from '../../loadtest/child-server.js';
import { inBatches, signUpMember, type Member } from '../../loadtest/identity.js';
import { StompClient, type Closed } from '../../loadtest/stomp-client.js';

/** 30 s turns last 2.4 s, the vote window 2.4 s; the reconnect grace (200 s) lasts 16 s. */
export const FAST_DEBATES = { DEBATE_TIME_SCALE: '0.08', DEBATE_RECONNECT_GRACE_SECONDS: '200' } as const;

/** Starts the server on `database` (and `port`, for a restart on the same address). */
export function startServer(database: FreshDatabase, port?: number): Promise<ChildServer> {
  return startChildServer({ dataDir: database.dataDir, port, env: { ...database.env, ...FAST_DEBATES } });
}

let counter = 0;
/** Signs up `n` members through the demo identity provider. */
export function members(server: ChildServer, n: number): Promise<Member[]> {
  const run = `${process.pid % 1000}${counter++}`;
  return inBatches(
    Array.from({ length: n }, (_, i) => i),
    8,
    (i) => signUpMember(server.url, `rel-${run}-${i}`, `R${run}_${i}`),
  );
}

export type Role = { readonly kind: 'debater'; readonly side: 'PRO' | 'CON' } | { readonly kind: 'observer' };

const TERMINAL = new Set(['VotingClosed', 'RoomClosed', 'WonByDefault', 'ExitOverflow', 'RoomAbandoned']);

/**
 * One member in one room on its own connection. Records every event of the room's stream in
 * arrival order; `connect` subscribes from the last seen seq + 1, then takes its place (join or
 * observe, a rejoin after a restart). While `chatting`, a debater speaks in its side's turns and
 * an observer chats, both every `everyMs`.
 */
export class Participant {
  readonly seen: RoomEvent[] = [];
  readonly replies: { command: string; ok: boolean; code?: string }[] = [];
  client: StompClient | null = null;
  closed: Closed | null = null;
  private timer: NodeJS.Timeout | null = null;
  private said = 0;

  constructor(
    readonly member: Member,
    readonly roomId: string,
    readonly role: Role,
  ) {}

  get lastSeq(): number {
    return this.seen.at(-1)?.seq ?? 0;
  }

  get ended(): boolean {
    return this.seen.some((e) => TERMINAL.has(e.type));
  }

  has(type: RoomEvent['type']): boolean {
    return this.seen.some((e) => e.type === type);
  }

  /** Connects, subscribes (replies, then the stream from the last seen seq + 1) and takes its place. */
  async connect(server: ChildServer, takePlace = true): Promise<void> {
    this.closed = null;
    const client = await StompClient.connect(`${server.url.replace('http', 'ws')}/ws`, this.member.accessToken);
    this.client = client;
    void client.closed.then((c) => (this.closed = c));
    await client.subscribe('/user/queue/replies', (b) => this.replies.push(b as (typeof this.replies)[number]));
    await client.subscribe(`/topic/rooms/${this.roomId}/events`, (b) => this.seen.push(b as RoomEvent), {
      'from-seq': String(this.lastSeq + 1),
    });
    if (takePlace) await this.takePlace();
  }

  /** Join (debater) or observe (observer); resolves once the server has handled it. */
  takePlace(): Promise<void> {
    const body = this.role.kind === 'debater' ? { side: this.role.side } : {};
    return this.client!.sendAndWait(
      `/app/rooms/${this.roomId}/${this.role.kind === 'debater' ? 'join' : 'observe'}`,
      body,
    );
  }

  vote(choice: 'PRO' | 'CON' | 'NO_POSITION'): Promise<void> {
    return this.client!.sendAndWait(`/app/rooms/${this.roomId}/vote`, { choice });
  }

  /** Starts chatting every `everyMs` (below the chat rate limit). */
  chat(everyMs: number): void {
    this.timer = setInterval(() => {
      const client = this.client;
      if (!client?.open || this.ended) return;
      const text = `${this.member.nickname} 발언 ${++this.said}`;
      if (this.role.kind === 'observer') client.send(`/app/rooms/${this.roomId}/observer-chat`, { text });
      else if (this.myTurn()) client.send(`/app/rooms/${this.roomId}/speak`, { text });
    }, everyMs);
  }

  stopChat(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private myTurn(): boolean {
    if (this.role.kind !== 'debater') return false;
    const last = [...this.seen]
      .reverse()
      .find((e) => e.type === 'TurnStarted' || e.type === 'DebateEnded' || e.type === 'RoomClosed');
    return last?.type === 'TurnStarted' && last.side === this.role.side;
  }

  close(): void {
    this.stopChat();
    this.client?.terminate();
  }
}

/** Waits until `check` holds, polling every 25 ms; fails with `what` after `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Every room's log as the database holds it now. A SQLite database's files are copied first and
 * the copy is opened (which recovers its WAL), so the server's own files are left untouched.
 */
export async function readLogs(database: FreshDatabase, roomIds: readonly string[]): Promise<Map<string, RoomEvent[]>> {
  const read = async (storage: Storage) => {
    try {
      return new Map(await Promise.all(roomIds.map(async (id) => [id, await storage.roomEvents.load(id)] as const)));
    } finally {
      await storage.close();
    }
  };
  if (database.env.DATABASE_URL) return read(await storageOn(database));
  const copy = mkdtempSync(path.join(tmpdir(), 'toron-log-copy-'));
  try {
    for (const suffix of ['', '-wal', '-shm']) {
      const file = path.join(database.dataDir, `toron.db${suffix}`);
      if (existsSync(file)) copyFileSync(file, path.join(copy, `toron.db${suffix}`));
    }
    return await read(openSqliteStorage(copy));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The events a participant saw that are missing from the log or differ from it (as redacted for them). */
export function unlogged(p: Participant, log: readonly RoomEvent[]): RoomEvent[] {
  const viewer = { userId: p.member.userId };
  return p.seen.filter((e) => {
    const stored = log[e.seq - 1];
    return !stored || !isDeepStrictEqual(redactFor(stored, viewer), e);
  });
}

/** Phase events a room logs at most once. */
const ONCE = [
  'RecruitmentCompleted',
  'DebateStarted',
  'DebateEnded',
  'VotingOpened',
  'VotingClosed',
  'RoomClosed',
] as const;

/** A finished room's timers: every turn exactly once and in order, every phase event at most once, a normal end. */
export function expectTimersOnce(log: readonly RoomEvent[], label: string): void {
  const turns = log.flatMap((e) => (e.type === 'TurnStarted' ? [e.index] : []));
  expect(turns, label).toEqual([0, 1, 2, 3, 4, 5]);
  for (const type of ONCE) expect(log.filter((e) => e.type === type).length, `${label} ${type}`).toBeLessThanOrEqual(1);
  expect(replay(log).phase, label).toBe('closed');
}

/** A participant's stream over the room's whole log: every seq exactly once, in order, each as logged. */
export function expectWholeStream(p: Participant, log: readonly RoomEvent[]): void {
  expect(
    p.seen.map((e) => e.seq),
    p.member.nickname,
  ).toEqual(Array.from({ length: log.length }, (_, i) => i + 1));
  expect(unlogged(p, log)).toEqual([]);
}

/** Signs up and connects participants for rooms in parallel batches. */
export function connectAll(server: ChildServer, participants: readonly Participant[]): Promise<void[]> {
  return inBatches(participants, 16, (p) => p.connect(server));
}

export { inBatches, type ChildServer, type Member };
