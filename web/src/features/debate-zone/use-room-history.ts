import { STOMP_ENDPOINTS, type RoomEvent } from '@toron/engine';
import { useEffect, useState } from 'react';
import { createLiveConnection } from '../../lib/live/connection';
import { openRoomStream } from '../../lib/live/room-stream';

/**
 * The whole log of a room for its in-room replay, which plays it from the first event: the live
 * session starts from a snapshot and holds only the recent transcript, so the replay reads the
 * room's stream from seq 1 on a connection of its own while it is open (it keeps growing while
 * the room goes on).
 */
export function useRoomHistory(roomId: string): readonly RoomEvent[] {
  const [events, setEvents] = useState<readonly RoomEvent[]>([]);
  useEffect(() => {
    setEvents([]);
    const connection = createLiveConnection({ path: STOMP_ENDPOINTS.native });
    const stream = openRoomStream(connection, roomId, {
      onEvent: (event) => setEvents((prev) => [...prev, event]),
    });
    return () => {
      stream.close();
      connection.close();
    };
  }, [roomId]);
  return events;
}
