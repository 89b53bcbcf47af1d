import { atom, type WritableAtom } from 'nanostores';

/**
 * An atom kept in localStorage in the shape zustand's `persist` writes
 * (`{"state": …, "version": 0}`, docs/wire-contract.md#browser-storage), so sessions survive reloads
 * and stay readable by the original client.
 */
export function persistedAtom<T extends object>(
  key: string,
  initial: T,
  parse: (raw: unknown) => T | null,
): WritableAtom<T> {
  const store = atom<T>(read(key, parse) ?? initial);
  store.listen((value) => write(key, value));
  if (typeof window !== 'undefined') {
    // Another tab signed in or out: follow it.
    window.addEventListener('storage', (event) => {
      if (event.key !== key) return;
      store.set(read(key, parse) ?? initial);
    });
  }
  return store;
}

function read<T>(key: string, parse: (raw: unknown) => T | null): T | null {
  try {
    const text = globalThis.localStorage?.getItem(key);
    if (!text) return null;
    const envelope: unknown = JSON.parse(text);
    if (typeof envelope !== 'object' || envelope === null || !('state' in envelope)) return null;
    return parse(envelope.state);
  } catch {
    return null;
  }
}

function write<T>(key: string, state: T): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify({ state, version: 0 }));
  } catch {
    // Private mode or full storage: the session simply won't survive a reload.
  }
}
