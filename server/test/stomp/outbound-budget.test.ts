import { describe, expect, it } from 'vitest';
import { OutboundBudget, type BufferedConnection } from '../../src/stomp/outbound-budget.js';

/** A connection with a fixed number of bytes waiting that records when it is shed. */
function connection(name: string, bufferedBytes: number, shed: string[]): BufferedConnection {
  return { bufferedBytes, shed: () => shed.push(name) };
}

describe('the outbound budget', () => {
  it('sheds the connections with the most bytes waiting first, until the total is within the budget', () => {
    const shed: string[] = [];
    const budget = new OutboundBudget(500);
    for (const [name, bytes] of [
      ['a', 100],
      ['slowest', 700],
      ['b', 300],
      ['slower', 400],
      ['c', 50],
    ] as const)
      budget.track(connection(name, bytes, shed));
    expect(budget.sweep()).toBe(2);
    expect(shed).toEqual(['slowest', 'slower']);
    // 1,550 bytes waiting: shedding 700 leaves 850, shedding 400 more leaves 450, within the budget.
    expect(budget.sweep()).toBe(0);
  });

  it('sheds nothing within the budget and never tracks without one', () => {
    const shed: string[] = [];
    const within = new OutboundBudget(1_000);
    within.track(connection('a', 600, shed));
    within.track(connection('b', 400, shed));
    expect(within.sweep()).toBe(0);
    const none = new OutboundBudget();
    none.track(connection('huge', 1e12, shed));
    expect(none.sweep()).toBe(0);
    expect(shed).toEqual([]);
  });
});
