import { ROOM_LIST_REQUEST, ROOM_LIST_REQUEST_TEXT } from '@toron/engine';
import { z } from 'zod';
import { listedEntriesOf, type SnapshotList } from '../../lib/listed-room';
import type { LiveConnection } from '../../lib/live/connection';
import type { JoinableSort } from './room-query';
import { rowOf, type RoomRow } from './room-row';

/** The first request 500 ms after each connection, then one every 5 s (docs/product-rules.md#room-list). */
const FIRST_REQUEST_MS = 500;
const REQUEST_EVERY_MS = 5_000;

const rows = listedEntriesOf(rowOf);

/**
 * The snapshot (docs/wire-contract.md#shapes) with the three orders the page picks from; a missing list reads as empty.
 */
export const snapshotSchema = z
  .object({
    roomSortedByCreatedAt: rows,
    roomSortedByUserCount: rows,
    observerCurrent: rows,
  } satisfies Partial<Record<SnapshotList, unknown>>)
  .transform((raw): LiveSnapshot => ({
    recent: raw.roomSortedByCreatedAt,
    imminent: raw.roomSortedByUserCount,
    popular: raw.observerCurrent,
  }));

export type LiveSnapshot = Record<JoinableSort, RoomRow[]>;

/** 최신순 → roomSortedByCreatedAt, 임박순 → roomSortedByUserCount, 인기순 → observerCurrent. */
export const pickRows = (snapshot: LiveSnapshot, sort: JoinableSort): RoomRow[] => snapshot[sort];

/**
 * Keeps the list fresh over `connection`: a request 500 ms after every (re)connection and then
 * every 5 s. A single timer is pending at any time; a lost connection stops the chain and the
 * next connection restarts it. Returns the stop function.
 */
export function keepRequesting(connection: Pick<LiveConnection, 'publish' | 'onConnected'>): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const next = (delay: number) => {
    clear();
    timer = setTimeout(() => {
      timer = null;
      if (connection.publish(ROOM_LIST_REQUEST, { message: ROOM_LIST_REQUEST_TEXT })) next(REQUEST_EVERY_MS);
    }, delay);
  };
  const off = connection.onConnected(() => next(FIRST_REQUEST_MS));
  return () => {
    off();
    clear();
  };
}
