/**
 * Absentee sweeps. A room this node starts running (after a restart, or taken over from a node
 * that died) counts debaters and observers whom nobody may carry any more: they get the reconnect
 * grace to come back, and whoever has not by then (on any node) is disconnected (a debater, who
 * then gets the engine's grace) or stops observing.
 */
import { isOpen, type RoomState } from '@toron/engine';
import type { Logger } from 'pino';
import type { RoomDirectory } from '../directory.js';
import type { RoomPresence } from './room-presence.js';

export class AbsenteeSweeps {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly directory: RoomDirectory,
    private readonly rooms: RoomPresence,
    /** Runs before each sweep: presence of nodes that died is purged first. */
    private readonly beforeSweep: () => Promise<void>,
    /** The least wait before a sweep: until a dead node's sessions no longer count (see SharedPresence). */
    private readonly lapseMs: number,
    private readonly logger: Logger,
  ) {}

  /**
   * Sweeps the room once its grace has passed, and not before a dead node's sessions have lapsed
   * (each room is swept once: one that still found them would keep their people for good). An
   * open room only; a later call replaces an earlier one.
   */
  schedule(state: RoomState): void {
    if (!isOpen(state)) return;
    const { roomId } = state;
    clearTimeout(this.timers.get(roomId));
    const timer = setTimeout(
      () => {
        this.timers.delete(roomId);
        this.sweep(roomId).catch((err: unknown) => this.logger.warn({ err, roomId }, 'absentee sweep failed'));
      },
      Math.max(state.durations.graceMs, this.lapseMs),
    );
    this.timers.set(roomId, timer);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async sweep(roomId: string): Promise<void> {
    await this.beforeSweep();
    const current = this.directory.live(roomId)?.state;
    if (!current || !isOpen(current)) return;
    for (const seat of [...current.seats.PRO, ...current.seats.CON]) {
      if (seat.graceEndsAt === null && !(await this.rooms.has(roomId, 'debater', seat.userId))) {
        const actor = { userId: seat.userId, nickname: seat.nickname, imageUrl: seat.imageUrl };
        await this.directory.dispatch(roomId, { type: 'disconnect', actor });
      }
    }
    for (const o of current.observers) {
      if (!(await this.rooms.has(roomId, 'observer', o.userId)))
        await this.directory.dispatch(roomId, { type: 'leaveAsObserver', actor: o });
    }
  }
}
