/**
 * Observers who leave are recorded as gone only after a delay: a viewer who comes back within it
 * (a reload, a flaky network, a page flip) records nothing, so the room's log does not grow with
 * churn and the viewer count does not flicker. What reaches the log is still an ordinary command
 * decided by the engine, so replay is unaffected.
 */
import type { PresenceEntry } from './presence.js';

const keyOf = (e: PresenceEntry) => `${e.roomId}|${e.userId}`;

export class ObserverDepartures {
  private readonly pending = new Map<string, { entry: PresenceEntry; timer: NodeJS.Timeout }>();

  constructor(private readonly delayMs: number) {}

  /** The user's last connection stopped observing: `depart` records it after the delay (at once with none). */
  schedule(entry: PresenceEntry, depart: () => void): void {
    if (this.delayMs <= 0) return depart();
    this.cancel(entry);
    const timer = setTimeout(() => {
      this.pending.delete(keyOf(entry));
      depart();
    }, this.delayMs);
    timer.unref();
    this.pending.set(keyOf(entry), { entry, timer });
  }

  /** The user is observing again: true when a departure was pending (so the room still counts them). */
  cancel(entry: PresenceEntry): boolean {
    const hit = this.pending.get(keyOf(entry));
    if (!hit) return false;
    clearTimeout(hit.timer);
    this.pending.delete(keyOf(entry));
    return true;
  }

  /** Drops the pending departures of a room that ended (nothing more is recorded there). */
  forgetRoom(roomId: string): void {
    for (const { entry } of [...this.pending.values()]) if (entry.roomId === roomId) this.cancel(entry);
  }

  /** Drops every pending departure (shutdown: the restart sweeps presence). */
  clear(): void {
    for (const { entry } of [...this.pending.values()]) this.cancel(entry);
  }
}
