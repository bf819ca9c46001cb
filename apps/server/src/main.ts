import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_USERS } from '@caseport/db/seed/demo';
import { buildApp } from './app';
import { lockDataDir } from './backup/data-dir-lock';
import { prepareDatabase } from './bootstrap';
import { seedDemoContent } from './demo/content';
import { sofficePath } from './features/letters/docx';
import { readEnv } from './lib/env';
import { prettyLogStream } from './lib/log-format';
import { setDocxShare } from './platform/docx-worker';
import { databaseStorage, localDiskStorage } from './platform/file-storage';
import { smtpMailer } from './platform/mail';

const env = readEnv();
if (env.docxShare !== null) setDocxShare(env.docxShare);
// Source (apps/server/src) and bundle (apps/server/dist) both sit two levels below the repo's apps/.
const webDist = resolve(fileURLToPath(import.meta.url), '..', '..', '..', 'web', 'dist');

// The embedded engine allows one process per data dir: `npm run backup` and `npm run restore` check this lock.
const releaseLock = env.databaseUrl ? () => {} : lockDataDir(env.dataDir, 'server');

const { database, generatedPassword, seededPassword, seeded } = await prepareDatabase({
  dataDir: env.dataDir,
  databaseUrl: env.databaseUrl,
  seedPassword: env.seedPassword,
  seedDemoData: true,
  dbPoolSize: env.dbPoolSize,
});

const filesDir = join(env.dataDir, 'files');
// On PostgreSQL several processes may share the database (issue 22): uploaded files live there too.
const shared = env.databaseUrl !== null;
const app = await buildApp({
  database,
  filesDir,
  ...(shared ? { storage: databaseStorage(database.db, localDiskStorage(filesDir)) } : {}),
  rateLimitStore: env.rateLimitStore,
  webDist,
  trustProxy: env.trustProxy,
  rateLimitPerMinute: env.rateLimitPerMinute,
  mailer: env.smtpUrl ? smtpMailer(env.smtpUrl, env.smtpFrom) : null,
  secretKey: env.mfaSecretKey,
  publicUrl: env.publicUrl,
  remindersSchedule: env.remindersSchedule,
  billingRenewals: env.billingRenewals,
  principalCache: env.principalCache,
  logger: { level: env.logLevel, ...(env.logFormat === 'pretty' ? { stream: prettyLogStream() } : {}) },
});

// Issue 15: on the first start the complete demo tenants are filled in through the API (apps/server/src/demo).
if (seededPassword) await seedDemoContent(app, seededPassword);

const shutdown = async () => {
  await app.close();
  await database.close();
  releaseLock();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: env.port, host: env.host });
const where = `http://localhost:${env.port}`;
// From the process's start, module loading included: the time a warm `npm start` costs on the server side.
const startedMs = Math.round(process.uptime() * 1000);
// And the CPU time it took: on a busy machine the wall time waits for the CPU, this figure does not.
const cpu = process.cpuUsage();
const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
console.log(`\nCaseport is ready on ${where} (${database.kind}, started in ${startedMs} ms, ${cpuMs} ms of CPU)`);
if (seeded) {
  console.log('\nDemo accounts (first start):');
  for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(32)} role ${u.roleId}`);
  console.log(
    generatedPassword
      ? `  password for all of them: ${generatedPassword}\n  (shown once; set SEED_PASSWORD to choose it)`
      : '  password: the value of SEED_PASSWORD',
  );
}
// Issue 34: PDF letters need LibreOffice; looked up after the start (its --version takes a moment) and said once.
void sofficePath().then((binary) =>
  console.log(binary ? `PDF letters: LibreOffice found (${binary})` : 'PDF letters: LibreOffice not found, .docx only'),
);
