import {
  archiveEntry,
  chatLines,
  durationLabel,
  isTerminal,
  outcomeFrom,
  persuasion,
  redactFor,
  resultFor,
  roomInfo,
  speakingSeconds,
  type ArchiveEntry,
  type Persuasion,
  type RoomEvent,
  type RoomInfo,
} from '@toron/engine';
import type { AppDeps } from '../deps.js';
import { ApiError } from '../http/envelope.js';
import { profileImageUrl } from '../users/default-avatar.js';
import { ratingChangesOf } from '../ranking/store.js';
import { endedLogs } from './ended-logs.js';
import { loadEvents } from './event-store.js';
import { participantLookup } from './people.js';
import { roomNotFound } from './refusals.js';
import type { RoomService } from './room-service.js';
import { finishedRooms, findRoom, roomsOfUser, type FinishedFilter, type RoomRow } from './room-store.js';
import type { DebateRuntime } from './runtime.js';

const RESULT_CODES = { win: 'WIN', draw: 'DRAW', loss: 'LOSS' } as const;

/** How a room ended, told from its stored summary (the same telling as the engine's from its state). */
function summaryOutcome(room: RoomRow) {
  const tally = {
    agreeNumber: room.agreeNumber,
    disagreeNumber: room.disagreeNumber,
    neutralNumber: room.neutralNumber,
  };
  return outcomeFrom({ phase: room.phase, winner: room.winner, tally, endedAt: room.endedAt ?? room.createdAt });
}

/** Page size of the finished-room list (D8). */
const FINISHED_PAGE_SIZE = 15;

/** Finished rooms (D8), archives (U7), a user's debates (U6), and the replay log and persuasion of a closed room. */
export function createArchiveService(deps: AppDeps, runtime: DebateRuntime, rooms: RoomService) {
  const { db, config } = deps;
  const assertFinished = (roomId: string): void => {
    if (!isTerminal(rooms.stateOf(roomId)))
      throw new ApiError(409, 'ROOM_NOT_FINISHED', '아직 진행 중인 토론방입니다. 토론이 끝난 뒤에 다시 볼 수 있어요.');
  };
  const ended = endedLogs((roomId) => loadEvents(db, roomId));
  const logOf = (roomId: string) => {
    const state = runtime.directory.stateOf(roomId);
    return state && isTerminal(state) ? ended.get(roomId) : loadEvents(db, roomId);
  };

  return {
    /** One 1-based page of ended rooms in the Spring page shape, items as room info with `uuid`. */
    finished(filter: FinishedFilter, page: number) {
      const index = Math.max(1, page) - 1;
      const { rows, total } = finishedRooms(db, filter, index * FINISHED_PAGE_SIZE, FINISHED_PAGE_SIZE);
      const cards = participantLookup(db, config.publicUrl);
      const content = rows
        .map((row) => runtime.directory.stateOf(row.id))
        .map((state) => (state ? roomInfo(state, cards) : null))
        .filter((info): info is RoomInfo => info !== null);
      const totalPages = Math.ceil(total / FINISHED_PAGE_SIZE);
      const sort = { empty: false, sorted: true, unsorted: false };
      return {
        content,
        pageable: {
          pageNumber: index,
          pageSize: FINISHED_PAGE_SIZE,
          offset: index * FINISHED_PAGE_SIZE,
          paged: true,
          unpaged: false,
          sort,
        },
        totalPages,
        totalElements: total,
        size: FINISHED_PAGE_SIZE,
        number: index,
        first: index === 0,
        last: index >= totalPages - 1,
        numberOfElements: content.length,
        empty: content.length === 0,
        sort,
      };
    },

    /** U7: debate and observer chat of a room in one list, newest first (an ended room's log kept once read). */
    archive(roomId: string): ArchiveEntry[] {
      if (!findRoom(db, roomId)) throw roomNotFound();
      const { debate, observers } = chatLines(logOf(roomId));
      return (
        [...debate, ...observers]
          .sort((a, b) => b.seq - a.seq)
          // Older logs may name no picture or a stored path: the wire always gets an absolute URL.
          .map((l) => ({ ...archiveEntry(l), profileUrl: profileImageUrl(config.publicUrl, l.imageUrl) }))
      );
    },

    /** U6: the rooms a user debated or observed, oldest first, with how each ended and what it gave this user. */
    debatesOf(userId: number) {
      const changes = ratingChangesOf(db, userId);
      return roomsOfUser(db, userId).map(({ room, role, position }) => {
        const outcome = summaryOutcome(room);
        const debated = role === 'PARTICIPANT' && position !== 'NO_POSITION';
        return {
          debateId: room.id,
          category: room.category,
          title: room.title,
          time: durationLabel(speakingSeconds(room.secondsPerTurn, room.turnsPerSide)),
          member: room.format === 'T1' ? '1:1' : '3:3',
          status: room.status,
          isParticipant: role === 'PARTICIPANT',
          ratingChange: changes.get(room.id) ?? null,
          position,
          outcome,
          result: debated && room.winner ? RESULT_CODES[resultFor(room.winner, position)] : null,
        };
      });
    },

    /** The whole log of an ended room (kept once read), redacted for the caller; 409 while it is live. */
    events(roomId: string, viewerId: number): RoomEvent[] {
      assertFinished(roomId);
      return ended.get(roomId).map((e) => redactFor(e, { userId: viewerId }));
    },

    /** What an ended room's debate did to its audience (counts only, docs/persuasion.md); 409 while it is live. */
    persuasion(roomId: string): Persuasion {
      assertFinished(roomId);
      return persuasion(ended.get(roomId));
    },
  };
}
