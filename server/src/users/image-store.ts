import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Profile images by stored name: files in DATA_DIR/uploads (SQLite), or a table all processes share (PostgreSQL). */
export interface ImageStore {
  /** Stores a new image under a name nobody used before. */
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The image's bytes, or undefined. */
  get(name: string): Promise<Uint8Array | undefined>;
  /** Forgets an image (a replaced profile picture); no error when it is already gone. */
  remove(name: string): Promise<void>;
  /** Names of the images stored before `before` (ms since the epoch), in name order, `chunk` names at a time. */
  storedBefore(before: number, chunk: number): AsyncIterable<string[]>;
}

/** Images as files in a directory (created on first use). */
export function fileImageStore(dir: string): ImageStore {
  return {
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, path.basename(name)), bytes, { flag: 'wx' });
    },
    async get(name) {
      const bytes = await readFile(path.join(dir, path.basename(name))).catch(() => undefined);
      return bytes && new Uint8Array(bytes);
    },
    async remove(name) {
      await unlink(path.join(dir, path.basename(name))).catch(() => undefined);
    },
    // The directory is listed once; each name's age is read as the walk reaches it.
    async *storedBefore(before, chunk) {
      const names = (await readdir(dir).catch(() => [] as string[])).sort();
      let old: string[] = [];
      for (const name of names) {
        const stored = await stat(path.join(dir, name)).catch(() => undefined);
        if (stored?.isFile() && stored.mtimeMs < before) old.push(name);
        if (old.length === chunk) {
          yield old;
          old = [];
        }
      }
      if (old.length > 0) yield old;
    },
  };
}
