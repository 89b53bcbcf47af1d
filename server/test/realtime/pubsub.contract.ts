/**
 * The PubSub contract. Every implementation (in-process and Redis) runs this suite. Delivery may
 * be asynchronous, so expectations wait (vi.waitFor) instead of assuming synchronous handlers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PubSub, PubSubMessage } from '../../src/realtime/pubsub.js';

export interface ContractOptions {
  /** A second instance connected to the same bus (another process), when the implementation has one. */
  readonly peer?: () => Promise<PubSub>;
  /**
   * Takes the shared bus down (`down`) and brings it back empty (`up`), as a restarted Redis does,
   * when the implementation has a bus to lose.
   */
  readonly outage?: { readonly down: () => Promise<void>; readonly up: () => Promise<void> };
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

    it("delivers a publication to this instance's own subscribers before publish returns, once", async () => {
      const bus = await open();
      const got: PubSubMessage[] = [];
      await bus.subscribeReady('here', (m) => got.push(m));
      const published = bus.publish('here', { 방: 1 });
      expect(got.map((m) => [m.payload, m.fromHere])).toEqual([[{ 방: 1 }, true]]);
      await published;
      await settle();
      expect(got).toHaveLength(1);
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

    it('keeps each topic in publish order while publications on several topics interleave', async () => {
      const bus = await open();
      const got = new Map<string, number[]>();
      const topics = ['/topic/debate/1', '/topic/debate/2', '/topic/debate/3'];
      for (const topic of topics) {
        got.set(topic, []);
        await bus.subscribeReady(topic, (m) => got.get(topic)!.push((m.payload as { i: number }).i));
      }
      // Not awaited one by one: publications in flight together must still arrive in order per topic.
      await Promise.all(Array.from({ length: 90 }, (_, n) => bus.publish(topics[n % 3]!, { i: Math.floor(n / 3) })));
      await vi.waitFor(() => expect([...got.values()].map((l) => l.length)).toEqual([30, 30, 30]));
      for (const list of got.values()) expect(list).toEqual([...Array(30).keys()]);
    });

    it('delivers a publication made right after subscribeReady resolved', async () => {
      const bus = await open();
      const got: unknown[] = [];
      const stop = await bus.subscribeReady('ready', (m) => got.push(m.payload));
      await bus.publish('ready', '첫');
      await vi.waitFor(() => expect(got).toEqual(['첫']));
      stop();
      await bus.publish('ready', '둘');
      await settle();
      expect(got).toEqual(['첫']);
    });

    it('subscribes a topic afresh after its last subscriber left', async () => {
      const bus = await open();
      const got: unknown[] = [];
      const first = await bus.subscribeReady('again', (m) => got.push(`a:${String(m.payload)}`));
      first();
      await bus.subscribeReady('again', (m) => got.push(`b:${String(m.payload)}`));
      await bus.publish('again', 1);
      await vi.waitFor(() => expect(got).toEqual(['b:1']));
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

    // Only a shared bus (Redis) has a second instance to deliver to, and a connection to lose.
    const peer = options.peer;
    if (peer) {
      it('delivers across instances sharing the bus, in order per topic, each publication once to each', async () => {
        const a = await open();
        const b = await open(peer);
        const got: unknown[] = [];
        const own: unknown[] = [];
        await b.subscribeReady('t', (m) => got.push(m.fromHere ? 'fromHere' : m.payload));
        await a.subscribeReady('t', (m) => own.push(m.payload));
        for (let i = 0; i < 20; i++) void a.publish('t', { 방: i });
        await vi.waitFor(() => expect(got).toHaveLength(20));
        const sent = Array.from({ length: 20 }, (_, i) => ({ 방: i }));
        expect(got).toEqual(sent);
        await settle();
        expect(own).toEqual(sent); // delivered in process; the echo from the bus is not delivered again
      });
    }
    const outage = options.outage;
    if (outage) {
      it('delivers only to its own subscribers while the bus is down (rejects), then resubscribes', async () => {
        const bus = await open();
        const got: unknown[] = [];
        let reconnects = 0;
        await bus.subscribeReady('kept', (m) => got.push(m.payload));
        bus.onReconnect(() => reconnects++);
        const stopped = bus.onReconnect(() => got.push('never'));
        stopped();
        await outage.down();
        const meanwhile: unknown[] = [];
        try {
          // The other instances did not get it, this one's subscribers did.
          await expect(bus.publish('kept', 'here')).rejects.toThrow();
          expect(got).toEqual(['here']);
          await expect(bus.subscribeReady('late', () => undefined)).rejects.toThrow();
          bus.subscribe('meanwhile', (m) => meanwhile.push(m.payload)); // registered once the bus is back
        } finally {
          await outage.up();
        }
        // The subscription is renewed before the listeners run, so a publication made from then on arrives.
        await vi.waitFor(() => expect(reconnects).toBe(1), { timeout: 20_000 });
        await bus.publish('kept', 'after');
        await vi.waitFor(() => expect(got).toEqual(['here', 'after']));
        const late: unknown[] = [];
        await bus.subscribeReady('late', (m) => late.push(m.payload));
        await bus.publish('late', 1);
        await bus.publish('meanwhile', 1);
        await vi.waitFor(() => expect([late, meanwhile]).toEqual([[1], [1]]));
        await settle();
        expect(got).toEqual(['here', 'after']);
        expect(meanwhile).toEqual([1]);
      });
    }
  });
}
