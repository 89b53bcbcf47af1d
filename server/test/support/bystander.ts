/**
 * A bystander for abuse tests: an ordinary member who, while an attack runs, keeps chatting as
 * an observer in a room of its own (STOMP) and keeps asking the server for its health (REST).
 * `stop()` prints what the bystander saw (a figure, never a timed assertion) and returns it, so
 * a test can assert that every request was answered and every chat line came back.
 */
import { expect } from 'vitest';
import { createRoom, Live, members, sleep, until } from '../debates/support.js';
import type { TestServer } from './server.js';

export type BystanderReport = {
  restCalls: number;
  restFailures: number;
  restMedianMs: number;
  restMaxMs: number;
  chatsSent: number;
  chatsEchoed: number;
  connected: boolean;
};

const CHAT_EVERY_MS = 700; // under the default chat limit (5 per 3 s)
const PING_EVERY_MS = 150;

export class Bystander {
  private running = true;
  private readonly restMs: number[] = [];
  private restFailures = 0;
  private chatsSent = 0;
  private readonly loops: Promise<void>[];

  private constructor(
    private readonly server: TestServer,
    private readonly live: Live,
    private readonly roomId: string,
  ) {
    this.loops = [this.pingLoop(), this.chatLoop()];
  }

  /** Signs up two members (a room owner and the bystander), opens the room and starts both loops. */
  static async start(server: TestServer): Promise<Bystander> {
    const [owner, watcher] = await members(server, 2, '구경');
    const roomId = await createRoom(server, owner!.accessToken);
    const live = await Live.connect(server, '/ws', watcher!.accessToken);
    live.subscribe('/user/queue/replies');
    live.subscribe(`/topic/rooms/${roomId}/events`);
    live.send(`/app/rooms/${roomId}/observe`, {});
    await live.waitFor('/user/queue/replies', (r) => r.some((x) => x.command === 'observe' && x.ok));
    return new Bystander(server, live, roomId);
  }

  private async pingLoop(): Promise<void> {
    while (this.running) {
      const started = performance.now();
      const res = await this.server.call('GET', '/healthz').catch(() => null);
      if (res?.status === 200) this.restMs.push(performance.now() - started);
      else this.restFailures++;
      await sleep(PING_EVERY_MS);
    }
  }

  private async chatLoop(): Promise<void> {
    while (this.running) {
      this.chatsSent++;
      this.live.send(`/app/rooms/${this.roomId}/observer-chat`, { text: `구경 중 ${this.chatsSent}` });
      await sleep(CHAT_EVERY_MS);
    }
  }

  private echoed(): number {
    return this.live.on(`/topic/rooms/${this.roomId}/events`).filter((e) => e.type === 'ObserverChatted').length;
  }

  /** Stops the loops, waits (bounded) for the last chat line to come back, prints and returns the figures. */
  async stop(label: string): Promise<BystanderReport> {
    this.running = false;
    await Promise.all(this.loops);
    await until(() => this.echoed() >= this.chatsSent, 10_000).catch(() => undefined);
    const sorted = [...this.restMs].sort((a, b) => a - b);
    const report: BystanderReport = {
      restCalls: this.restMs.length + this.restFailures,
      restFailures: this.restFailures,
      restMedianMs: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      restMaxMs: Math.round(sorted.at(-1) ?? 0),
      chatsSent: this.chatsSent,
      chatsEchoed: this.echoed(),
      connected: this.live.client.connected && this.live.errors.length === 0,
    };
    console.log(
      `[bystander] ${label}: ${report.restCalls} health checks (${report.restFailures} failed, ` +
        `median ${report.restMedianMs} ms, max ${report.restMaxMs} ms), ` +
        `${report.chatsEchoed}/${report.chatsSent} chat lines echoed, ` +
        (report.connected ? 'still connected' : 'DISCONNECTED'),
    );
    await this.live.client.deactivate({ force: true }).catch(() => undefined);
    return report;
  }
}

/** The bystander was served throughout: every health check answered, every chat line echoed, still connected. */
export function expectServed(report: BystanderReport): void {
  expect(report.restFailures).toBe(0);
  expect(report.restCalls).toBeGreaterThan(0);
  expect(report.chatsEchoed).toBe(report.chatsSent);
  expect(report.connected).toBe(true);
}
