// npm run reminders [-- --date 2026-12-01]: writes the reminders due on that date (default: each tenant's today
// in its time zone) to the reminders outbox, and e-mails them when SMTP_URL is set. Running a date twice writes
// nothing twice. On the embedded database it is refused while the server runs (one process per data dir).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { RunDateSchema } from '@caseport/domain/reminders/engine';
import { lockDataDir } from '../apps/server/src/backup/data-dir-lock';
import { runReminders } from '../apps/server/src/features/reminders/runner';
import { readEnv } from '../apps/server/src/lib/env';
import { smtpMailer } from '../apps/server/src/platform/mail';
import { migrateDatabase, openDatabase, pgliteDataDir } from '../packages/db/src/client';
import { fail } from './backup-cli';

const { values } = parseArgs({ options: { date: { type: 'string', short: 'd' } } });
const env = readEnv();

try {
  if (values.date !== undefined && !RunDateSchema.safeParse(values.date).success)
    throw new Error(`--date must be a calendar date YYYY-MM-DD, got "${values.date}"`);
  const pgliteDir = pgliteDataDir(env.dataDir);
  if (!env.databaseUrl && !existsSync(pgliteDir))
    throw new Error(`no database in ${env.dataDir} (set DATA_DIR or DATABASE_URL)`);
  const release = env.databaseUrl ? () => {} : lockDataDir(env.dataDir, 'reminders');
  const database = await openDatabase(env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: pgliteDir });
  try {
    await migrateDatabase(database);
    const r = await runReminders(database.db, {
      now: new Date(),
      ...(values.date ? { date: values.date } : {}),
      mailer: env.smtpUrl ? smtpMailer(env.smtpUrl, env.smtpFrom) : null,
      publicUrl: env.publicUrl,
    });
    console.log(
      `Reminders for ${values.date ?? 'today'}: ${r.written} written to the outbox (${r.tenants} configured tenants)` +
        (env.smtpUrl ? `, ${r.emailed} e-mailed` : ''),
    );
  } finally {
    await database.close();
    release();
  }
} catch (e) {
  fail(e);
}
