import { expect, it } from 'vitest';
import { InProcessPubSub } from '../../src/realtime/index.js';
import { pubSubContract } from './pubsub.contract.js';

pubSubContract('in-process', async () => new InProcessPubSub());

it('in-process: delivers synchronously, reports handler errors and forgets empty topics', async () => {
  const errors: unknown[] = [];
  const bus = new InProcessPubSub({ onHandlerError: (error) => errors.push(error) });
  const got: unknown[] = [];
  const stop = bus.subscribe('t', (m) => got.push(m.payload));
  bus.subscribe('u', () => {
    throw new Error('boom');
  });
  void bus.publish('t', 1);
  expect(got).toEqual([1]);
  await bus.publish('u', 1);
  expect(errors).toHaveLength(1);
  stop();
  expect(bus.topicCount).toBe(1);
});
