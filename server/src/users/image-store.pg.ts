import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { PgDb } from '../db/postgres.js';
import type { ImageStore } from './image-store.js';
import { uploads } from './tables.pg.js';

/** Images in the uploads table (bytea). */
export function pgImageStore(db: PgDb): ImageStore {
  return {
    async put(name, bytes) {
      await db.insert(uploads).values({ name, bytes });
    },
    async get(name) {
      return (await db.select({ bytes: uploads.bytes }).from(uploads).where(eq(uploads.name, name)))[0]?.bytes;
    },
    async remove(name) {
      await db.delete(uploads).where(eq(uploads.name, name));
    },
    async *storedBefore(before, chunk) {
      for (let after = ''; ;) {
        const rows = await db
          .select({ name: uploads.name })
          .from(uploads)
          .where(and(lt(uploads.createdAt, new Date(before)), gt(uploads.name, after)))
          .orderBy(asc(uploads.name))
          .limit(chunk);
        if (rows.length === 0) return;
        yield rows.map((r) => r.name);
        after = rows.at(-1)!.name;
      }
    },
  };
}
