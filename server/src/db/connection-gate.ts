/**
 * SQLite runs every statement on one connection, so a transaction that awaits between its
 * statements must keep other callers off that connection until it commits or rolls back:
 * their statements would otherwise land inside it. Calls outside a transaction run at once
 * when none is open and wait for its end otherwise; transactions run one after another.
 */
export class ConnectionGate {
  private open: Promise<void> | null = null;

  /** Runs a call outside any transaction. */
  async call<T>(op: () => Promise<T>): Promise<T> {
    while (this.open) await this.open;
    return op();
  }

  /** Runs `body` between `begin` and `commit`; `rollback` when it throws. */
  async transaction<T>(
    statements: { begin: () => void; commit: () => void; rollback: () => void },
    body: () => Promise<T>,
  ): Promise<T> {
    while (this.open) await this.open;
    let release = () => {};
    this.open = new Promise((resolve) => (release = resolve));
    try {
      statements.begin();
      const result = await body();
      statements.commit();
      return result;
    } catch (err) {
      statements.rollback();
      throw err;
    } finally {
      this.open = null;
      release();
    }
  }

  /** The same store, each method waiting for any open transaction first. */
  guard<S extends object>(store: S): S {
    return Object.fromEntries(
      Object.entries(store).map(([name, method]) => [
        name,
        (...args: unknown[]) => this.call(() => (method as (...a: unknown[]) => Promise<unknown>)(...args)),
      ]),
    ) as S;
  }
}
