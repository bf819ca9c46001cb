import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '@caseport/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseStorage, localDiskStorage, newStoredPath } from '../src/platform/file-storage';
import { TEST_ROOT } from './support/constants';
import { PDF_MIN, PNG_1X1 } from './support/files';
import { openTestDatabase } from './support/test-app';

let database: Database;
let dispose: () => Promise<void>;
let dir: string;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  dir = mkdtempSync(join(TEST_ROOT, 'storage-'));
});
afterAll(async () => {
  await dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('file storage in the database (issue 22: every process serves every file)', () => {
  it('keeps, replaces and removes the bytes under a stored path, and refuses a path that is not ours', async () => {
    const storage = databaseStorage(database.db);
    const path = newStoredPath('private', 'pdf');
    await storage.put(path, PDF_MIN);
    expect((await storage.get(path))?.equals(PDF_MIN)).toBe(true);
    await storage.put(path, PNG_1X1);
    expect((await storage.get(path))?.equals(PNG_1X1)).toBe(true);
    await storage.remove(path);
    expect(await storage.get(path)).toBeNull();
    await expect(storage.put('../etc/passwd', PDF_MIN)).rejects.toThrow('unsafe stored path');
    expect(await storage.get('private/../../x.pdf')).toBeNull();
  });

  it('reads a file written to the data directory before the move, and removes it from there too', async () => {
    const disk = localDiskStorage(dir);
    const path = newStoredPath('public', 'png');
    await disk.put(path, PNG_1X1);
    const storage = databaseStorage(database.db, disk);
    expect((await storage.get(path))?.equals(PNG_1X1)).toBe(true);
    await storage.remove(path);
    expect(await disk.get(path)).toBeNull();
    expect(await storage.get(path)).toBeNull();
  });
});
