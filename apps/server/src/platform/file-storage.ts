import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Db, inSystemTx, schema } from '@caseport/db/client';
import { eq } from 'drizzle-orm';

/** Storage behind an interface (ARCHITECTURE §8); local disk by default. */
export interface FileStorage {
  put(path: string, data: Buffer): Promise<void>;
  get(path: string): Promise<Buffer | null>;
  remove(path: string): Promise<void>;
}

/** Stored paths are ours, never the user's: "<public|private>/<random hex>.<ext>". */
const SAFE_PATH = /^(public|private)\/[a-f0-9]{32}\.[a-z0-9]{1,5}$/;
export const isSafeStoredPath = (path: string) => SAFE_PATH.test(path);
export const newStoredPath = (secureType: 'public' | 'private', extn: string) =>
  `${secureType}/${randomBytes(16).toString('hex')}.${extn}`;

export const localDiskStorage = (root: string): FileStorage => {
  const resolvePath = (path: string) => {
    if (!isSafeStoredPath(path)) throw new Error('unsafe stored path');
    return join(root, path);
  };
  return {
    async put(path, data) {
      const target = resolvePath(path);
      await mkdir(join(target, '..'), { recursive: true });
      // Write then rename: a crash never leaves a half-written file under the final name.
      const tmp = `${target}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, target);
    },
    async get(path) {
      try {
        return await readFile(resolvePath(path));
      } catch {
        return null;
      }
    },
    async remove(path) {
      await rm(resolvePath(path), { force: true });
    },
  };
};

/**
 * Files kept in PostgreSQL (`file_blobs`, system context), the storage when DATABASE_URL is set: every server
 * process on the database serves every file (issue 22), and a backup of the database holds them. A path
 * not found there is read from `before` (the data directory a single process used to write to), so files
 * uploaded before the move stay readable.
 */
export const databaseStorage = (db: Db, before?: FileStorage): FileStorage => ({
  async put(path, data) {
    if (!isSafeStoredPath(path)) throw new Error('unsafe stored path');
    await inSystemTx(db, (tx) =>
      tx.insert(schema.fileBlobs).values({ path, data }).onConflictDoUpdate({
        target: schema.fileBlobs.path,
        set: { data },
      }),
    );
  },
  async get(path) {
    if (!isSafeStoredPath(path)) return null;
    const rows = await inSystemTx(db, (tx) =>
      tx.select({ data: schema.fileBlobs.data }).from(schema.fileBlobs).where(eq(schema.fileBlobs.path, path)),
    );
    const data = rows[0]?.data;
    if (data) return Buffer.from(data);
    return before ? before.get(path) : null;
  },
  async remove(path) {
    if (!isSafeStoredPath(path)) return;
    await inSystemTx(db, (tx) => tx.delete(schema.fileBlobs).where(eq(schema.fileBlobs.path, path)));
    await before?.remove(path);
  },
});
