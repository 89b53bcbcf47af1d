/**
 * The PubSub contract. Every implementation (in-process now, Redis later) runs this suite:
 * `pubSubContract('redis', async () => new RedisPubSub(url))`. Delivery may be asynchronous,
 * so expectations wait (vi.waitFor) instead of assuming synchronous handlers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PubSub, PubSubMessage } from '../../src/realtime/pubsub.js';

export interface ContractOptions {
  /** A second instance connected to the same bus (another process), when the implementation has one. */
  readonly peer?: () => Promise<PubSub>;
}

/** Defines the contract suite for one PubSub implementation. */
export function pubSubContract(name: string, create: () => Promise<PubSub>, options: ContractOptions = {}): void {
  describe(`PubSub contract: ${name}`, () => {
    const opened: PubSub[] = [];
    const open = async (make = create) => {
      const bus = await make();
      opened.push(bus);
      return bus;
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((bus) => bus.close()));
    });

    it('delivers a payload as JSON to a subscriber of the topic', async () => {
      const bus = await open();
      const got: PubSubMessage[] = [];
      bus.subscribe('/topic/debate/1', (m) => got.push(m));
      const payload = {
        event: 'user_joined',
        userName: '김토론',
        n: 1.5,
        ok: true,
        none: null,
        list: [1, '둘'],
        at: new Date(0),
        gone: undefined,
      };
      await bus.publish('/topic/debate/1', payload);
      await vi.waitFor(() => expect(got).toHaveLength(1));
      const expected = JSON.parse(JSON.stringify(payload)) as unknown;
      expect(got[0]!.topic).toBe('/topic/debate/1');
      expect(got[0]!.payload).toEqual(expected);
      expect(JSON.parse(got[0]!.json)).toEqual(expected);
    });

    it('matches topics exactly (no prefixes, no wildcards)', async () => {
      const bus = await open();
      const got: string[] = [];
      for (const topic of ['/topic/debate/1', '/topic/debate/10', '/topic/debate/*', '/topic/debate'])
        bus.subscribe(topic, (m) => got.push(`${topic}<-${m.topic}`));
      await bus.publish('/topic/debate/1', 1);
      await settle();
      expect(got).toEqual(['/topic/debate/1<-/topic/debate/1']);
    });

    it('delivers to every subscriber, in publish order, each its own copy', async () => {
      const bus = await open();
      const a: unknown[] = [];
      const b: unknown[] = [];
      bus.subscribe('t', (m) => a.push(m.payload));
      bus.subscribe('t', (m) => b.push(m.payload));
      for (let i = 0; i < 50; i++) await bus.publish('t', { i });
      await vi.waitFor(() => expect([a.length, b.length]).toEqual([50, 50]));
      expect(a.map((p) => (p as { i: number }).i)).toEqual([...Array(50).keys()]);
      expect(b).toEqual(a);
      expect(b[0]).not.toBe(a[0]);
    });

    it('treats the same handler subscribed twice as two subscriptions', async () => {
      const bus = await open();
      const got: unknown[] = [];
      const handler = (m: PubSubMessage) => got.push(m.payload);
      const first = bus.subscribe('t', handler);
      bus.subscribe('t', handler);
      await bus.publish('t', 1);
      await vi.waitFor(() => expect(got).toEqual([1, 1]));
      first();
      await bus.publish('t', 2);
      await vi.waitFor(() => expect(got).toEqual([1, 1, 2]));
    });

    it('stops delivering after unsubscribe (idempotent) and keeps the other subscribers', async () => {
      const bus = await open();
      const a: unknown[] = [];
      const b: unknown[] = [];
      const stopA = bus.subscribe('t', (m) => a.push(m.payload));
      bus.subscribe('t', (m) => b.push(m.payload));
      stopA();
      stopA();
      await bus.publish('t', 'x');
      await vi.waitFor(() => expect(b).toEqual(['x']));
      await settle();
      expect(a).toEqual([]);
    });

    it('isolates a throwing handler from the publisher and from other handlers', async () => {
      const bus = await open();
      const got: unknown[] = [];
      bus.subscribe('t', () => {
        throw new Error('boom');
      });
      bus.subscribe('t', (m) => got.push(m.payload));
      await expect(bus.publish('t', 1)).resolves.toBeUndefined();
      await vi.waitFor(() => expect(got).toEqual([1]));
    });

    it('allows unsubscribing and subscribing from inside a handler', async () => {
      const bus = await open();
      const got: string[] = [];
      const stop = bus.subscribe('t', (m) => {
        got.push(`first:${String(m.payload)}`);
        stop();
        bus.subscribe('t', (n) => got.push(`late:${String(n.payload)}`));
      });
      await bus.publish('t', 1);
      await vi.waitFor(() => expect(got).toEqual(['first:1']));
      await bus.publish('t', 2);
      await vi.waitFor(() => expect(got).toEqual(['first:1', 'late:2']));
    });

    it('delivers nothing after close', async () => {
      const bus = await open();
      const got: unknown[] = [];
      bus.subscribe('t', (m) => got.push(m.payload));
      await bus.close();
      await bus.publish('t', 1).catch(() => undefined);
      await settle();
      expect(got).toEqual([]);
    });

    // Only a shared bus (Redis later) has a second instance to deliver to.
    const peer = options.peer;
    if (peer) {
      it('delivers across instances sharing the bus', async () => {
        const a = await open();
        const b = await open(peer);
        const got: unknown[] = [];
        b.subscribe('t', (m) => got.push(m.payload));
        await a.publish('t', { 방: 1 });
        await vi.waitFor(() => expect(got).toEqual([{ 방: 1 }]));
      });
    }
  });
}
