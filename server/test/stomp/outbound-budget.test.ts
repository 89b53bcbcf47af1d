import { describe, expect, it } from 'vitest';
import { OutboundBudget, type BufferedConnection } from '../../src/stomp/outbound-budget.js';

/** A connection with a fixed number of bytes waiting that records when it is shed. */
function connection(name: string, bufferedBytes: number, shed: string[]): BufferedConnection {
  return { bufferedBytes, shed: () => shed.push(name) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

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

  it('sweeps once after the turn in which the counted total passed the budget, and not before', async () => {
    const shed: string[] = [];
    const budget = new OutboundBudget(500);
    budget.track(connection('a', 100, shed));
    budget.track(connection('slowest', 700, shed));
    budget.count(400);
    await turn();
    expect(shed).toEqual([]);
    budget.count(300);
    budget.count(100);
    expect(shed).toEqual([]);
    await turn();
    expect(shed).toEqual(['slowest']);
    budget.count(-800);
    expect(budget.heldBytes).toBe(0);
  });

  it('sheds nothing within the budget and never tracks without one', () => {
    const shed: string[] = [];
    const within = new OutboundBudget(1_000);
    within.track(connection('a', 600, shed));
    within.track(connection('b', 400, shed));
    expect(within.sweep()).toBe(0);
    const none = new OutboundBudget();
    none.track(connection('huge', 1e12, shed));
    none.count(1e12);
    expect(none.sweep()).toBe(0);
    expect(shed).toEqual([]);
  });
});
