// npm run restore -- <archive> [--force] [--database <url>]: brings a backup back (README "Backups").
// A PGlite backup goes to DATA_DIR (db/ and files/); a PostgreSQL backup to DATABASE_URL or --database (created
// when missing) and its files to DATA_DIR/files. A non-empty target is refused unless --force.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restore } from '../apps/server/src/backup/archive';
import { lockDataDir } from '../apps/server/src/backup/data-dir-lock';
import { readEnv } from '../apps/server/src/lib/env';
import { pgliteDataDir } from '../packages/db/src/client';
import { fail } from './backup-cli';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false }, database: { type: 'string' } },
});
const archive = positionals[0];
if (!archive) fail(new Error('usage: npm run restore -- <archive.tar.gz> [--force] [--database <url>]'));
const env = readEnv();
const started = Date.now();

try {
  mkdirSync(env.dataDir, { recursive: true });
  // Held for PostgreSQL too: the restore rewrites DATA_DIR/files, which a running server serves.
  const release = lockDataDir(env.dataDir, 'restore');
  try {
    const manifest = await restore(resolve(archive as string), {
      pgliteDir: pgliteDataDir(env.dataDir),
      databaseUrl: values.database ?? env.databaseUrl,
      filesDir: join(env.dataDir, 'files'),
      force: values.force,
    });
    console.log(
      `Restored ${manifest.engine} backup of ${manifest.createdAt}: ${manifest.files.length} files, ` +
        `${Date.now() - started} ms`,
    );
  } finally {
    release();
  }
} catch (e) {
  fail(e);
}
