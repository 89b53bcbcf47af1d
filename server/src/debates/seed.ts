import { INITIAL_ROOM_STATE, isOpen, isTerminal, parseEvent, replay, type RoomEvent } from '@toron/engine';
import { demoSeason, readRecordedRooms, type RecordedRoom } from '@toron/fixtures';
import type { AppDeps } from '../deps.js';
import { project } from './projector.js';

type Person = { nickname: string; imageUrl: string | null };

/**
 * Rewrites every member inside an event (joins, rosters, chat) to the seeded user it names:
 * the recording's avatar paths become this database's. Null when a user is missing or
 * carries another nickname, so a room never lands on the wrong people.
 */
export function adaptMembers(event: RoomEvent, person: (userId: number) => Person | undefined): RoomEvent | null {
  let ok = true;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    const copy: Record<string, unknown> = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    if (typeof copy.userId === 'number' && typeof copy.nickname === 'string') {
      const found = person(copy.userId);
      if (!found || found.nickname !== copy.nickname) ok = false;
      else if ('imageUrl' in copy) copy.imageUrl = found.imageUrl;
    }
    return copy;
  };
  const adapted = walk(event);
  return ok ? parseEvent(adapted) : null;
}

/** Every user id an event names (joins, rosters, chat). */
function userIdsIn(value: unknown): number[] {
  if (Array.isArray(value)) return value.flatMap(userIdsIn);
  if (typeof value !== 'object' || value === null) return [];
  const own = 'userId' in value && typeof value.userId === 'number' ? [value.userId] : [];
  return [...own, ...Object.values(value).flatMap(userIdsIn)];
}

async function seedRoom(deps: AppDeps, room: RecordedRoom): Promise<boolean> {
  const { storage } = deps;
  const first = room.events[0];
  if (!first || first.type !== 'RoomOpened' || (await storage.rooms.find(first.roomId))) return false;
  const named = new Set(room.events.flatMap(userIdsIn));
  const people = new Map((await storage.users.findByIds([...named])).map((u) => [u.id, u]));
  const person = (id: number): Person | undefined => {
    const user = people.get(id);
    return user && { nickname: user.nickname, imageUrl: user.profileUrl };
  };
  const events = room.events.map((e) => adaptMembers(e, person));
  if (events.some((e) => e === null)) {
    deps.logger.warn({ room: room.name }, 'recorded room names users this database lacks: not seeded');
    return false;
  }
  const log = events as RoomEvent[];
  const after = replay(log);
  // Only finished debates are worth browsing; an abandoned room has nothing to replay.
  if (!isOpen(after) || !isTerminal(after) || after.phase === 'abandoned') return false;
  await storage.transaction(async (tx) => {
    await tx.roomEvents.append(first.roomId, log, null);
    await project(tx, INITIAL_ROOM_STATE, log, after);
  });
  return true;
}

/**
 * Loads the demo debates — the demo season, then the recorded rooms (fixtures/rooms) — as finished
 * rooms on first start, so the archive, the finished list, the records and the ranking have
 * something to show. Idempotent: a room already stored is left alone. Runs after the demo users
 * are seeded.
 */
export async function seedRecordedRooms(deps: AppDeps): Promise<{ created: number }> {
  let created = 0;
  for (const room of [...demoSeason(), ...readRecordedRooms()]) if (await seedRoom(deps, room)) created++;
  if (created > 0) deps.logger.info({ created }, 'demo debates seeded');
  return { created };
}
