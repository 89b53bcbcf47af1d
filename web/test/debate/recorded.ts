import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEvent, type RoomEvent } from '@toron/engine';

// vite rewrites import.meta.url under happy-dom; the test runs from the repository root.
const rooms = path.resolve(process.cwd(), process.cwd().endsWith('web') ? '../fixtures/rooms' : 'fixtures/rooms');

/** A recorded room log of fixtures/rooms, parsed with the engine's schema. */
export function recordedLog(name: string): RoomEvent[] {
  const raw = JSON.parse(readFileSync(path.join(rooms, `${name}.json`), 'utf8')) as { events: unknown[] };
  return raw.events.map((e) => parseEvent(e));
}
