/** Connected sessions, indexed by principal so every session of a user can be found (and closed). */
import type { PrincipalLike, Session } from './hooks.js';

export class SessionRegistry<P extends PrincipalLike, E> {
  private readonly byPrincipal = new Map<string | number, Set<Session<P, E>>>();
  private readonly all = new Set<Session<P, E>>();

  get size(): number {
    return this.all.size;
  }

  add(session: Session<P, E>): void {
    this.all.add(session);
    const key = session.principal.id;
    const set = this.byPrincipal.get(key) ?? new Set();
    set.add(session);
    this.byPrincipal.set(key, set);
  }

  remove(session: Session<P, E>): void {
    this.all.delete(session);
    const key = session.principal.id;
    const set = this.byPrincipal.get(key);
    set?.delete(session);
    if (set?.size === 0) this.byPrincipal.delete(key);
  }

  /** Every connected session. */
  sessions(): IterableIterator<Session<P, E>> {
    return this.all.values();
  }

  /** The connected sessions of one principal (a snapshot, safe to close while iterating). */
  sessionsOf(principalId: string | number): Session<P, E>[] {
    return [...(this.byPrincipal.get(principalId) ?? [])];
  }
}
