import { CATEGORY_LABELS, type Category } from '@toron/engine';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { formatDuration } from '../../lib/dates';
import { createLiveConnection } from '../../lib/live/connection';

export const TOP_COUNT = 10;

/** A row of the home's debate top 10 (part2 §7: defaults 제목 없음, 1 for the numbers, ETC). */
export interface TopRoom {
  id: string;
  title: string;
  category: string;
  seconds: number;
  memberSize: number;
}

const one = z
  .number()
  .positive()
  .nullish()
  .catch(null)
  .transform((n) => n ?? 1);

const topRoomSchema = z
  .object({
    uuid: z.string().min(1),
    title: z.string().nullish().catch(null),
    categoryType: z.string().nullish().catch(null),
    timeType: one,
    speakCountType: one,
    memberNumberType: one,
  })
  .transform((raw): TopRoom => ({
    id: raw.uuid,
    title: raw.title || '제목 없음',
    category: raw.categoryType || 'ETC',
    seconds: raw.timeType * raw.speakCountType * 2,
    memberSize: raw.memberNumberType,
  }));

/** The first ten of `observerCurrent`; entries without a readable debateRoomResponse are skipped. */
export const topRoomsSchema = z
  .object({ observerCurrent: z.array(z.unknown()).nullish().catch(null) })
  .transform((snapshot) =>
    (snapshot.observerCurrent ?? [])
      .flatMap((entry) => {
        const room = z.object({ debateRoomResponse: topRoomSchema }).safeParse(entry);
        return room.success ? [room.data.debateRoomResponse] : [];
      })
      .slice(0, TOP_COUNT),
  );

export const topCategoryText = (code: string): string => CATEGORY_LABELS[code as Category] ?? code;
export const topDurationText = (room: TopRoom): string => formatDuration(room.seconds);

/**
 * The ten most watched live rooms, kept live: the unfiltered room-list feed sends a snapshot
 * on subscribe and whenever rooms change; one request follows each (re)connection. null until the first snapshot.
 */
export function useTopRooms(): TopRoom[] | null {
  const [rooms, setRooms] = useState<TopRoom[] | null>(null);
  useEffect(() => {
    const live = createLiveConnection({ path: '/room-list/filtered' });
    const off = live.onConnected(() => {
      live.publish('/app/filteredUpdate', { message: '최신 토론방 요청' });
    });
    const unsubscribe = live.subscribe('/topic/filteredStatus', topRoomsSchema, setRooms);
    return () => {
      off();
      unsubscribe();
      live.close();
    };
  }, []);
  return rooms;
}
