import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Profile images by stored name: files in DATA_DIR/uploads (SQLite), or a table all processes share (PostgreSQL). */
export interface ImageStore {
  /** Stores a new image under a name nobody used before. */
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The image's bytes, or undefined. */
  get(name: string): Promise<Uint8Array | undefined>;
  /** Forgets an image (a replaced profile picture); no error when it is already gone. */
  remove(name: string): Promise<void>;
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
  };
}
