import {
  CATEGORY_LABELS,
  durationLabel,
  ROOM_LIST_REQUEST,
  ROOM_LIST_REQUEST_TEXT,
  ROOM_LIST_TOPIC,
  roomListEndpoint,
  speakingSeconds,
  type Category,
} from '@toron/engine';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { listedEntriesOf, type ListedRoom } from '../../lib/listed-room';
import { createLiveConnection } from '../../lib/live/connection';

const TOP_COUNT = 10;

/** A row of the home's debate top 10 (docs/product-rules.md#room-list: defaults 제목 없음, 1 for the numbers, ETC). */
export interface TopRoom {
  id: string;
  title: string;
  category: string;
  seconds: number;
  memberSize: number;
}

const topRoomOf = (room: ListedRoom): TopRoom => ({
  id: room.uuid,
  title: room.title || '제목 없음',
  category: room.categoryType || 'ETC',
  seconds: speakingSeconds(room.timeType ?? 1, room.speakCountType ?? 1),
  memberSize: room.memberNumberType ?? 1,
});

/** The first ten of `observerCurrent`; entries without a readable debateRoomResponse are skipped. */
const topRoomsSchema = z
  .object({ observerCurrent: listedEntriesOf(topRoomOf) })
  .transform((snapshot) => snapshot.observerCurrent.slice(0, TOP_COUNT));

export const topCategoryText = (code: string): string => CATEGORY_LABELS[code as Category] ?? code;
export const topDurationText = (room: TopRoom): string => durationLabel(room.seconds);

/**
 * The ten most watched live rooms, kept live: the unfiltered room-list feed sends a snapshot
 * on subscribe and whenever rooms change; one request follows each (re)connection. null until the first snapshot.
 */
export function useTopRooms(): TopRoom[] | null {
  const [rooms, setRooms] = useState<TopRoom[] | null>(null);
  useEffect(() => {
    const live = createLiveConnection({ path: roomListEndpoint() });
    const off = live.onConnected(() => {
      live.publish(ROOM_LIST_REQUEST, { message: ROOM_LIST_REQUEST_TEXT });
    });
    const unsubscribe = live.subscribe(ROOM_LIST_TOPIC, topRoomsSchema, setRooms);
    return () => {
      off();
      unsubscribe();
      live.close();
    };
  }, []);
  return rooms;
}
