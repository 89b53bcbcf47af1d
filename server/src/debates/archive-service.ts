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
import { endedLogs } from './ended-logs.js';
import { participantCards } from './people.js';
import { roomNotFound } from './refusals.js';
import type { RoomService } from './room-service.js';
import { hasEnded, type FinishedFilter, type RoomRow } from './store.js';
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
  const { storage, config } = deps;
  const assertFinished = async (roomId: string): Promise<void> => {
    if (isTerminal(await rooms.stateOf(roomId))) return;
    // A room another node runs is known here by its events, which may reach this node a moment
    // after its log has them (or later, while Redis is away): the stored room decides.
    const row = runtime.directory.live(roomId) ? undefined : await storage.rooms.find(roomId);
    if (row && hasEnded(row)) return;
    throw new ApiError(409, 'ROOM_NOT_FINISHED', '아직 진행 중인 토론방입니다. 토론이 끝난 뒤에 다시 볼 수 있어요.');
  };
  const ended = endedLogs((roomId) => storage.roomEvents.load(roomId));
  const logOf = async (roomId: string) => {
    const state = await runtime.directory.stateOf(roomId);
    return state && isTerminal(state) ? ended.get(roomId) : storage.roomEvents.load(roomId);
  };

  return {
    /** One 1-based page of ended rooms in the Spring page shape, items as room info with `uuid`. */
    async finished(filter: FinishedFilter, page: number) {
      const index = Math.max(1, page) - 1;
      const { rows, total } = await storage.rooms.finished(filter, index * FINISHED_PAGE_SIZE, FINISHED_PAGE_SIZE);
      const found = await Promise.all(rows.map((row) => runtime.directory.stateOf(row.id)));
      const states = found.filter((s) => s !== undefined);
      const cards = await participantCards(storage.users, config.publicUrl, states);
      const content = states.map((state) => roomInfo(state, cards)).filter((info): info is RoomInfo => info !== null);
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
    async archive(roomId: string): Promise<ArchiveEntry[]> {
      if (!(await storage.rooms.find(roomId))) throw roomNotFound();
      const { debate, observers } = chatLines(await logOf(roomId));
      return (
        [...debate, ...observers]
          .sort((a, b) => b.seq - a.seq)
          // Older logs may name no picture or a stored path: the wire always gets an absolute URL.
          .map((l) => ({ ...archiveEntry(l), profileUrl: profileImageUrl(config.publicUrl, l.imageUrl) }))
      );
    },

    /** U6: the rooms a user debated or observed, oldest first, with how each ended and what it gave this user. */
    async debatesOf(userId: number) {
      const changes = await storage.ratings.changesOf(userId);
      return (await storage.rooms.roomsOfUser(userId)).map(({ room, role, position }) => {
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
    async events(roomId: string, viewerId: number): Promise<RoomEvent[]> {
      await assertFinished(roomId);
      return (await ended.get(roomId)).map((e) => redactFor(e, { userId: viewerId }));
    },

    /** What an ended room's debate did to its audience (counts only, docs/persuasion.md); 409 while it is live. */
    async persuasion(roomId: string): Promise<Persuasion> {
      await assertFinished(roomId);
      return persuasion(await ended.get(roomId));
    },
  };
}
