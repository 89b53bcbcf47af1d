import { getStateNodes, toDirectedGraph, type DirectedGraphNode } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  CorruptLogError,
  evolve,
  INITIAL_ROOM_STATE,
  replay,
  replayWithMachine,
  roomMachine,
  statePathOf,
  type RoomEvent,
} from '../src/index.js';
import { cmd, history, oneOnOne, T0 } from './support/dsl.js';
import { TOURS } from './support/tours.js';

function machineEdges(): Set<string> {
  const edges = new Set<string>();
  const walk = (node: DirectedGraphNode): void => {
    for (const edge of node.edges) edges.add(`${edge.source.id} ${edge.label.text}`);
    node.children.forEach(walk);
  };
  walk(toDirectedGraph(roomMachine));
  return edges;
}

/** The machine edge an event took: the innermost state node of the current leaf that handles it. */
function takenEdge(edges: Set<string>, path: string, type: string): string {
  const parts = `room.${path}`.split('.');
  for (let n = parts.length; n > 0; n--) {
    const key = `${parts.slice(0, n).join('.')} ${type}`;
    if (edges.has(key)) return key;
  }
  throw new Error(`no edge for ${type} in ${path}`);
}

const tourLogs = Object.entries(TOURS).map(([name, commands]) => [name, history(...commands)] as const);

describe('room machine', () => {
  it('takes every transition and visits every state in the scripted tours', () => {
    const edges = machineEdges();
    const taken = new Set<string>();
    const visited = new Set<string>(['room.unopened']);
    for (const [, log] of tourLogs) {
      let state = INITIAL_ROOM_STATE;
      for (const event of log) {
        taken.add(takenEdge(edges, statePathOf(state), event.type));
        state = evolve(state, event);
        const path = `room.${statePathOf(state)}`;
        for (let p = path; p.includes('.'); p = p.slice(0, p.lastIndexOf('.'))) visited.add(p);
      }
    }
    expect([...edges].filter((e) => !taken.has(e))).toEqual([]);
    const states = getStateNodes(roomMachine).map((n) => n.id);
    expect(states.filter((s) => !visited.has(s))).toEqual([]);
    expect(edges.size).toBeGreaterThan(40);
  });

  it('the fast fold equals the XState transition path on every tour, state by state', () => {
    for (const [name, log] of tourLogs) {
      let slow = INITIAL_ROOM_STATE;
      for (let i = 0; i < log.length; i++) {
        slow = evolve(slow, log[i] as RoomEvent);
        expect(replay(log.slice(0, i + 1)), `${name} after event ${i + 1}`).toEqual(slow);
      }
      expect(replayWithMachine(log)).toEqual(replay(log));
    }
  });

  it('ends in the expected phases', () => {
    expect(tourLogs.map(([, log]) => replay(log).phase)).toEqual([
      'closed',
      'wonByDefault',
      'closed',
      'wonByDefault',
      'exitOverflow',
      'wonByDefault',
      'exitOverflow',
      'abandoned',
    ]);
  });

  it('refuses an impossible log: an event the phase does not accept, or a gap in seq', () => {
    const log = history(...oneOnOne());
    const spoke: RoomEvent = {
      seq: log.length + 1,
      at: T0,
      v: 1,
      type: 'Spoke',
      userId: 1,
      nickname: 'x',
      imageUrl: null,
      side: 'PRO',
      turnIndex: 0,
      text: 'x',
    };
    expect(() => replay([...log, spoke])).toThrow(CorruptLogError);
    expect(() => replayWithMachine([...log, spoke])).toThrow(CorruptLogError);
    const gap = history(...oneOnOne(), cmd.observe(7), cmd.observe(8)).filter((e) => e.seq !== 5);
    expect(() => replay(gap)).toThrow(/expected 5/);
  });

  it('keeps the state a plain JSON value', () => {
    for (const [, log] of tourLogs) {
      const state = replay(log);
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    }
  });
});
