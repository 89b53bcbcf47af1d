import { CATEGORY_LABELS, durationLabel, speakingSeconds, type Category, type RoomOutcome } from '@toron/engine';
import { listedRoomSchema, type ListedRoom } from '../../lib/listed-room';

/**
 * A room of either list (docs/product-rules.md#room-list). Values the server left out fall back to
 * the defaults of the room list: 제목 없음, 설명 없음, ETC, else null (shown as 알 수 없음).
 */
export interface RoomRow {
  id: string;
  title: string;
  description: string;
  category: string;
  continent: string | null;
  /** Seats per side (1 or 3). */
  memberSize: number | null;
  secondsPerTurn: number | null;
  turnsPerSide: number | null;
  pro: number;
  con: number;
  /** How a finished room ended (null while live, or when the server did not say). */
  outcome: RoomOutcome | null;
}

const UNKNOWN = '알 수 없음';

/** The list-item view of a listed room. */
export const rowOf = (room: ListedRoom): RoomRow => ({
  id: room.uuid,
  title: room.title || '제목 없음',
  description: room.description || '설명 없음',
  category: room.categoryType || 'ETC',
  continent: room.continentType || null,
  memberSize: room.memberNumberType ?? null,
  secondsPerTurn: room.timeType ?? null,
  turnsPerSide: room.speakCountType ?? null,
  pro: room.proUsers?.length ?? 0,
  con: room.conUsers?.length ?? 0,
  outcome: room.outcome ?? null,
});

/** Room info as either list sends it, as a row; a room without a uuid cannot be opened and fails. */
export const roomRowSchema = listedRoomSchema.transform(rowOf);

export const categoryText = (code: string): string => CATEGORY_LABELS[code as Category] ?? code;

/** Total speaking time (time × speak count × 2) as '3분 30초'. */
export function durationText(row: Pick<RoomRow, 'secondsPerTurn' | 'turnsPerSide'>): string {
  if (row.secondsPerTurn === null || row.turnsPerSide === null) return UNKNOWN;
  return durationLabel(speakingSeconds(row.secondsPerTurn, row.turnsPerSide));
}

/** The format as 'N:N'. */
export const memberText = (row: Pick<RoomRow, 'memberSize'>): string =>
  row.memberSize === null ? UNKNOWN : `${row.memberSize}:${row.memberSize}`;

/**
 * A side's join button is disabled once that side holds as many debaters as the room's size
 * (docs/product-rules.md#room-list).
 */
export function isSideFull(row: Pick<RoomRow, 'memberSize' | 'pro' | 'con'>, side: 'PRO' | 'CON'): boolean {
  const count = side === 'PRO' ? row.pro : row.con;
  return row.memberSize !== null && count >= row.memberSize;
}
