// npm run backup [-- --out <file.tar.gz>]: one archive with the database and the uploaded files (README "Backups").
// PostgreSQL (DATABASE_URL set): pg_dump from one snapshot; the server may keep running.
// Embedded PGlite (DATA_DIR/db): refused while the server runs (one process per data dir, docs/decisions.md).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backup } from '../apps/server/src/backup/archive';
import { lockDataDir } from '../apps/server/src/backup/data-dir-lock';
import { readEnv } from '../apps/server/src/lib/env';
import { pgliteDataDir } from '../packages/db/src/client';
import { fail } from './backup-cli';

const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } });
const env = readEnv();
const engine = env.databaseUrl ? 'postgres' : 'pglite';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = resolve(values.out ?? join('backups', `caseport-${engine}-${stamp}.tar.gz`));
const filesDir = join(env.dataDir, 'files');
const started = Date.now();

try {
  let manifest: Awaited<ReturnType<typeof backup>>;
  if (env.databaseUrl) manifest = await backup({ databaseUrl: env.databaseUrl }, filesDir, out);
  else {
    const pgliteDir = pgliteDataDir(env.dataDir);
    if (!existsSync(pgliteDir)) throw new Error(`no database in ${env.dataDir} (set DATA_DIR or DATABASE_URL)`);
    const release = lockDataDir(env.dataDir, 'backup');
    try {
      manifest = await backup({ pgliteDir }, filesDir, out);
    } finally {
      release();
    }
  }
  console.log(
    `Backup written to ${out}\n  ${manifest.engine}, ${manifest.migrations.count} migrations, ` +
      `${manifest.files.length} files, ${Date.now() - started} ms`,
  );
  if (manifest.missingFiles.length)
    console.warn(`  warning: the database refers to files that were not on disk: ${manifest.missingFiles.join(', ')}`);
} catch (e) {
  fail(e);
}
