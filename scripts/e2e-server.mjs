// The server Playwright drives: the built bundle on a fresh database (a new PGlite dir, or a new
// PostgreSQL database when TEST_DATABASE_URL is set), demo seed with a known password, on E2E_PORT (3100). Started by each Playwright worker (e2e/fixtures.ts)
// and by the specs that need a server of their own.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { root, SERVER_NODE_ARGS } from './lib.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'caseport-e2e-'));
const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '3100',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED_PASSWORD: 'E2e-password-2026',
  LOG_LEVEL: 'warn',
  // One browser drives every spec as the same few tenants, far faster than people do: at the default
  // 1,200 requests/minute per tenant the SOC specs (182 XSS vectors saved through the API) were refused
  // with 429 on PostgreSQL. The per-tenant limit itself is tested in apps/server/test/auth.test.ts.
  RATE_LIMIT_PER_MINUTE: '60000',
};
let dropDatabase = async () => {};
if (process.env.TEST_DATABASE_URL) {
  const name = `caseport_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const a = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
}
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, 'apps/server/dist/main.js'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const cleanUp = async () => {
  await dropDatabase().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
};
// The child's own exit handler must not end this process before a stop has dropped the database: it exited at
// once and left caseport_e2e_<pid> databases behind on the PostgreSQL cluster.
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  await cleanUp();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code) => {
  if (stopping) return;
  stopping = true;
  await cleanUp();
  process.exit(code ?? 0);
});
// A Playwright worker that dies without stopping its server must not leave it holding the port and the database
// (e2e/fixtures.ts sets E2E_STOP_WITH_PARENT; a server started by hand keeps running).
if (process.env.E2E_STOP_WITH_PARENT) {
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      stop();
    }
  }, 2000).unref();
}
