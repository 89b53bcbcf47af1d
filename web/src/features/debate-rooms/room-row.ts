import { CATEGORY_LABELS, type Category } from '@toron/engine';
import { z } from 'zod';
import { formatDuration } from '../../lib/dates';

/**
 * A room of either list (part2 §3 list-item view model), parsed at the edge. Values the
 * server left out fall back to the spec's defaults: 제목 없음, 설명 없음, ETC, else null (shown as 알 수 없음).
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
}

export const UNKNOWN = '알 수 없음';

const text = z.string().nullish().catch(null);
const positive = z.number().positive().nullish().catch(null);
const people = z
  .array(z.unknown())
  .nullish()
  .catch(null)
  .transform((list) => list?.length ?? 0);

/** Room info (§2.3) as either list sends it; a room without a uuid cannot be opened and fails. */
export const roomRowSchema = z
  .object({
    uuid: z.string().min(1),
    title: text,
    description: text,
    categoryType: text,
    continentType: text,
    memberNumberType: positive,
    timeType: positive,
    speakCountType: positive,
    proUsers: people,
    conUsers: people,
  })
  .transform((raw): RoomRow => ({
    id: raw.uuid,
    title: raw.title || '제목 없음',
    description: raw.description || '설명 없음',
    category: raw.categoryType || 'ETC',
    continent: raw.continentType || null,
    memberSize: raw.memberNumberType ?? null,
    secondsPerTurn: raw.timeType ?? null,
    turnsPerSide: raw.speakCountType ?? null,
    pro: raw.proUsers,
    con: raw.conUsers,
  }));

/** A list of rooms where unreadable items are skipped rather than failing the list. */
export const rowsOf = <T>(item: z.ZodType<T | null>) =>
  z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((items) =>
      (items ?? []).flatMap((value) => {
        const parsed = item.safeParse(value);
        return parsed.success && parsed.data !== null ? [parsed.data] : [];
      }),
    );

export const categoryText = (code: string): string => CATEGORY_LABELS[code as Category] ?? code;

/** Total speaking time (time × speak count × 2) as '3분 30초'. */
export function durationText(row: Pick<RoomRow, 'secondsPerTurn' | 'turnsPerSide'>): string {
  if (row.secondsPerTurn === null || row.turnsPerSide === null) return UNKNOWN;
  return formatDuration(row.secondsPerTurn * row.turnsPerSide * 2);
}

/** The format as 'N:N'. */
export const memberText = (row: Pick<RoomRow, 'memberSize'>): string =>
  row.memberSize === null ? UNKNOWN : `${row.memberSize}:${row.memberSize}`;

/** A side's join button is disabled once that side holds as many debaters as the room's size (part2 §5). */
export function isSideFull(row: Pick<RoomRow, 'memberSize' | 'pro' | 'con'>, side: 'PRO' | 'CON'): boolean {
  const count = side === 'PRO' ? row.pro : row.con;
  return row.memberSize !== null && count >= row.memberSize;
}
