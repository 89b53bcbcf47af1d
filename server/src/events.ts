/** Domain events other features react to (e.g. notifications), without importing the emitter's feature. */
export type DomainEvents = {
  /** A user started following another (only for a new follow, not a repeated one). */
  follow: { followerId: number; followeeId: number; at: Date };
  /** A user was suspended or banned; the STOMP side closes their sockets. */
  'user-sanctioned': { userId: number; at: Date };
};

type Listener<K extends keyof DomainEvents> = (event: DomainEvents[K]) => void;

export type EventBus = {
  /** Registers a listener; returns a function that removes it. */
  on<K extends keyof DomainEvents>(name: K, listener: Listener<K>): () => void;
  /** Calls every listener in order; a failing listener is reported and does not stop the others. */
  emit<K extends keyof DomainEvents>(name: K, event: DomainEvents[K]): void;
};

/** A tiny synchronous typed event bus, one per app. */
export function createEventBus(onListenerError: (err: unknown, name: string) => void): EventBus {
  const listeners = new Map<keyof DomainEvents, Set<Listener<never>>>();
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
    emit(name, event) {
      for (const listener of listeners.get(name) ?? []) {
        try {
          (listener as Listener<typeof name>)(event);
        } catch (err) {
          onListenerError(err, name);
        }
      }
    },
  };
}
