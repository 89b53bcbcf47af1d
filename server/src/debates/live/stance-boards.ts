/**
 * The live stance bar of every room (the native stance topic): after a batch that may change what
 * the bar shows (a stance, a viewer coming or going), the room's board goes out once its
 * coalescing window has passed, so a burst of changes is one update and no single change shows on
 * its own the moment it is made. The board that locks stances (the vote opens, the room ends) goes
 * out at once. Runs where the room's commands are committed, as a directory listener.
 */
import { isTerminal, stanceBoard, type RoomEventType, type StanceBoard } from '@toron/engine';
import type { CommittedBatch } from '../actor.js';
import type { RoomDirectory } from '../directory.js';
import type { RoomPublisher } from '../room-publisher.js';

/** How long changes to a room's stances gather before its board goes out. */
const STANCE_BOARD_WINDOW_MS = 1_500;

const CHANGING: ReadonlySet<RoomEventType> = new Set(['StanceDeclared', 'ObserverJoined', 'ObserverLeft']);
const LOCKING: ReadonlySet<RoomEventType> = new Set([
  'VotingOpened',
  'RoomClosed',
  'WonByDefault',
  'ExitOverflow',
  'RoomAbandoned',
]);

const sameBoard = (a: StanceBoard | undefined, b: StanceBoard): boolean => JSON.stringify(a) === JSON.stringify(b);

export class StanceBoards {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly last = new Map<string, StanceBoard>();

  constructor(
    private readonly directory: RoomDirectory,
    private readonly publisher: RoomPublisher,
    private readonly windowMs = STANCE_BOARD_WINDOW_MS,
  ) {}

  /** A directory listener: schedules or sends the room's board after a committed batch. */
  readonly committed = ({ roomId, events, state }: CommittedBatch): void => {
    if (events.some((e) => LOCKING.has(e.type))) {
      this.cancel(roomId);
      this.send(stanceBoard(state));
      if (isTerminal(state)) this.last.delete(roomId);
    } else if (!this.pending.has(roomId) && events.some((e) => CHANGING.has(e.type))) {
      const timer = setTimeout(() => {
        this.pending.delete(roomId);
        const current = this.directory.live(roomId)?.state;
        if (current) this.send(stanceBoard(current));
      }, this.windowMs);
      this.pending.set(roomId, timer);
    }
  };

  /** Drops every pending board (shutdown). */
  stop(): void {
    for (const roomId of [...this.pending.keys()]) this.cancel(roomId);
  }

  private send(board: StanceBoard): void {
    if (sameBoard(this.last.get(board.roomId), board)) return;
    this.last.set(board.roomId, board);
    this.publisher.publishStance(board);
  }

  private cancel(roomId: string): void {
    const timer = this.pending.get(roomId);
    if (timer) clearTimeout(timer);
    this.pending.delete(roomId);
  }
}
