// npm run bench — the list budget (docs/decisions.md "Performance", issue 22): ≥ 1,000,000 rows in one list
// table across 1,000 tenants; the label list endpoint under autocannon next to the plain route (the same two
// statements behind a minimal Fastify route on the same pool type, bench/plain-route.mjs, its own process,
// loaded the same way), per engine. Budget on both engines: API throughput ≥ 80 % of the plain route's and
// API p99 ≤ 1.5 × the plain route's. API and plain route run back to back, `--rounds` times in turns, with
// the load average noted. The bare SQL and "the SQL a request makes" rows show where the time goes.
//
//   node bench/list-bench.mjs [--engine pglite|postgres|both] [--rows-per-tenant 1000] [--tenants 1000]
//                             [--duration 20] [--connections 50] [--rounds 2] [--skip-sql] [--skip-docx]
//                             [--skip-growth]
// Then issue 39's row (bench/docx-neighbour.mjs, alone: npm run bench:docx): another tenant's list p99 while the
// largest letter the document limits allow is filled back to back; budget within 1.5 × its baseline.
// PostgreSQL: BENCH_DATABASE_URL (a server URL; a scratch database is created and dropped), or, as root
// with Debian's postgresql installed, a throw-away cluster on 127.0.0.1:55441.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';
import { benchDocx } from './docx-neighbour.mjs';
import { signIn, startServer, withScratchPostgres } from './lib.mjs';
import { benchGrowth } from './list-growth.mjs';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    'rows-per-tenant': { type: 'string', default: '1000' },
    tenants: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3190' },
    rounds: { type: 'string', default: '2' },
    'skip-sql': { type: 'boolean', default: false },
    'skip-docx': { type: 'boolean', default: false },
    'skip-growth': { type: 'boolean', default: false },
  },
});
const ROWS_PER_TENANT = Number(args['rows-per-tenant']);
const TENANTS = Number(args.tenants);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const ROUNDS = Number(args.rounds);
const PLAIN_ENDPOINT = '/plain/list';
const POOL = 10; // the server's PostgreSQL pool (DB_POOL_SIZE); the bare SQL gets the same.
const ENDPOINT = '/api/message-label/list';
const BODY = { page: 1, perpage: 25, matcher: {}, sorting: { path: 'createdOn', order: -1 } };
// The statements the endpoint's repository runs (apps/server/src/features/labels/repository.ts with the
// list helper apps/server/src/platform/list.ts): one page, then the count of a full page's WHERE.
const BARE_SQL = [
  `select id, name, color, active, created_by_name, created_by_role_name, created_on, updated_on
     from message_labels where tenant_id = $1 order by created_on desc, id desc limit 25 offset 0`,
  'select count(*) from message_labels where tenant_id = $1',
];
/** The bare SQL of one list request on a client (a PGlite or a pg pool client). */
const bareRequest = async (client, tenant) => {
  for (const statement of BARE_SQL) await client.query(statement, [tenant]);
};
/**
 * The SQL one API request makes, without HTTP or application code, in the shape the server sends it (issue 22):
 * the caller comes from the principal cache, so there is no separate session lookup; the read's scope
 * statement re-checks the session (token, timeouts, user, role, tenant) while it sets read-only, tenant and
 * role, and the page and the count follow it in the same batch: one extended-protocol pipeline with one Sync,
 * on PostgreSQL one round trip (packages/db/src/read-batch.ts), on PGlite one call into the database
 * (packages/db/src/pglite-read.ts). Both are the server's own code, bundled for this run. The gap between this
 * row and the API row is the application's own cost (HTTP, validation, query building, mapping, serializing).
 * The gap between this row and the bare SQL is the cost of the session check and the row-level-security design.
 */
const SESSION_SQL =
  'select u.id, u.tenant_id, u.role_id, t.type from users u join tenants t on t.id = u.tenant_id where u.id = $1';
/** The scope of one request as the server builds it for a cached caller (apps/server/src/platform/guard.ts). */
const scopeOf = (caller, sessionId) => ({
  tenantId: caller.tenantId,
  session: {
    sessionId,
    userId: caller.userId,
    roleId: caller.roleId,
    tenantId: caller.tenantId,
    tenantType: caller.tenantType,
    now: new Date(),
    idleMs: 30 * 60 * 1000,
    absoluteMs: 12 * 60 * 60 * 1000,
    verified: false,
  },
});
/** The page and the count through a read batch's client (node-postgres' takes a query config, PGlite's the text). */
const pageAndCount = (tenant, asConfig) => (db) =>
  Promise.all(BARE_SQL.map((text) => db.$client.query(asConfig ? { text } : text, [tenant])));
/** The server's read batches (PostgreSQL and PGlite), bundled from their TypeScript source for this run. */
const loadReadBatches = async () => {
  const { build } = await import('esbuild');
  // Inside the repository, so its imports of pg, PGlite and drizzle-orm resolve to the server's own copies.
  const outfile = join(root, 'node_modules', '.cache', 'caseport-bench', 'read-batches.mjs');
  await build({
    stdin: {
      contents:
        "export { readBatched } from './packages/db/src/read-batch.ts';\n" +
        "export { readBatchedPglite } from './packages/db/src/pglite-read.ts';\n",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: ['pg', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/pglite', '@electric-sql/pglite/*'],
    outfile,
    logLevel: 'warning',
  });
  return import(outfile);
};
/** The bench user as the principal cache holds it. */
const callerOf = async (query, sessionId) => {
  const [u] = (
    await query(SESSION_SQL, [(await query('select user_id from sessions where id = $1', [sessionId])).rows[0].user_id])
  ).rows;
  return { userId: u.id, tenantId: u.tenant_id, roleId: u.role_id, tenantType: u.type };
};

ensureInstalled();
ensureBuilt();
const { default: pg } = await import('pg');
const { PGlite } = await import('@electric-sql/pglite');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const serverAt = async (env, script) => {
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server (open it in Chrome DevTools).
  const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = await startServer(
    PORT,
    // The hourly runs (reminders, renewals) start 5 s after listen, inside the API's measurement: off, as the
    // plain route has none (the growth bench does the same).
    {
      ...env,
      RATE_LIMIT_PER_MINUTE: 'off',
      DB_POOL_SIZE: String(POOL),
      REMINDERS_SCHEDULE: 'off',
      BILLING_RENEWALS: 'off',
    },
    { nodeArgs, ...(script ? { script } : {}) },
  );
  server.stop.pid = server.pid;
  return server.stop;
};
/** CPU time (user + system, ms) a process has used so far, from /proc. */
const cpuMsOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
};
/** CPU time (ms) the PostgreSQL server's processes have used so far (0 on PGlite, which runs in the server). */
const postgresCpuMs = () => {
  let ms = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1].split(' ');
      ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {} // ended between the listing and the read
  }
  return ms;
};
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** 999 more tenants and ROWS_PER_TENANT labels in each (1,000 × 1,000 = 1,000,000 by default). */
const SEED_SQL = [
  `insert into tenants (name, type) select 'Bench Tenant ' || g, 1 + (g % 2) from generate_series(1, ${TENANTS} - (select count(*) from tenants)) g`,
  `insert into message_labels (tenant_id, name, color, created_by_name, created_by_role_id, created_by_role_name, created_on, updated_on)
     select t.id, 'Label ' || g, '#1E88E5', 'Bench Admin', 3, 'Admin', now() - make_interval(mins => g), now() - make_interval(mins => g)
     from tenants t cross join generate_series(1, ${ROWS_PER_TENANT}) g`,
  'analyze',
];

/** A live session row of the bench user, so the session lookup finds a row as it does for the API. */
const benchSessionId = async (query) => {
  const user = (await query(`select id from users where email = 'admin@lawfirm.test'`, [])).rows[0].id;
  const id = `bench-${process.pid}`;
  await query('insert into sessions (id, user_id, created_at, last_seen_at) values ($1, $2, now(), now())', [id, user]);
  return id;
};

const bare = async (query) => {
  const latencies = [];
  let done = 0;
  const end = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        await query();
        latencies.push(performance.now() - t0);
        done++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: done / DURATION, p50: pct(latencies, 50), p99: pct(latencies, 99) };
};

/** autocannon on `path` (after a check that it answers the tenant's page), the same way for API and plain route. */
const endpoint = async (path, pid) => {
  const headers =
    path === ENDPOINT
      ? await signIn(PORT, 'admin@lawfirm.test')
      : { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  const check = await fetch(`http://127.0.0.1:${PORT}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(BODY),
  });
  const page = await check.json();
  // The demo tenant's own labels come on top of the bench's.
  if (!check.ok || page.totalCount < ROWS_PER_TENANT || page.list.length !== 25)
    throw new Error(`unexpected list answer ${check.status} ${JSON.stringify(page).slice(0, 200)}`);
  const run = (duration) =>
    autocannon({
      url: `http://127.0.0.1:${PORT}${path}`,
      method: 'POST',
      headers,
      body: JSON.stringify(BODY),
      connections: CONNECTIONS,
      duration,
    });
  await run(3); // warm-up
  const load = loadAverage();
  const cpu0 = cpuMsOf(pid);
  const db0 = postgresCpuMs();
  const r = await run(DURATION);
  const cpuPerRequest = (cpuMsOf(pid) - cpu0) / r.requests.total;
  // The database's share of a request (PostgreSQL's processes; a backend that ended meanwhile is not counted).
  const dbCpuPerRequest = (postgresCpuMs() - db0) / r.requests.total;
  // Failures are part of the result, not a crash: a request over autocannon's 10 s timeout counts as one.
  return {
    load,
    rps: r.requests.average,
    cpuPerRequest,
    dbCpuPerRequest,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: `${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts)`,
  };
};

/**
 * API and plain route back to back, ROUNDS times in turns (each its own process on the same database), so
 * both see the same load.
 */
const apiAndPlain = async (env, tenant) => {
  const rounds = [];
  const measure = async (path) => {
    const stop =
      path === ENDPOINT
        ? await serverAt(env)
        : await serverAt({ ...env, BENCH_TENANT: tenant }, 'bench/plain-route.mjs');
    try {
      return await endpoint(path, stop.pid);
    } finally {
      await stop();
    }
  };
  for (let i = 0; i < ROUNDS; i++) {
    // In turns, and the one that goes first alternates: a machine that gets quieter (or busier) over a run
    // favours neither.
    if (i % 2 === 0) {
      const api = await measure(ENDPOINT);
      rounds.push({ api, plain: await measure(PLAIN_ENDPOINT) });
    } else {
      const plain = await measure(PLAIN_ENDPOINT);
      rounds.push({ api: await measure(ENDPOINT), plain });
    }
  }
  return rounds;
};

const benchPglite = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'caseport-bench-'));
  try {
    await (await serverAt({ DATA_DIR: dataDir }))(); // migrate + seed
    const t0 = Date.now();
    const db = await PGlite.create({ dataDir: join(dataDir, 'db'), extensions: { pg_trgm } });
    for (const s of SEED_SQL) await db.query(s);
    const tenant = (await db.query(`select id from tenants where name = 'Demo Law Firm'`)).rows[0].id;
    const rows = (await db.query('select count(*)::int as n from message_labels')).rows[0].n;
    console.log(`pglite: ${rows} labels over ${TENANTS} tenants seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await db.query('vacuum analyze message_labels'); // PGlite has no autovacuum: the visibility map for index-only counts
    let sqlResult = null;
    let scopedResult = null;
    if (!args['skip-sql']) {
      await bare(() => bareRequest(db, tenant)); // warm-up
      sqlResult = await bare(() => bareRequest(db, tenant));
      const sessionId = await benchSessionId((s, p) => db.query(s, p));
      const caller = await callerOf((q, p) => db.query(q, p), sessionId);
      const { readBatchedPglite } = await loadReadBatches();
      scopedResult = await bare(() => readBatchedPglite(db, scopeOf(caller, sessionId), pageAndCount(tenant, false)));
    }
    await db.close();
    const rounds = await apiAndPlain({ DATA_DIR: dataDir }, tenant);
    return { engine: 'pglite', rows, sql: sqlResult, scoped: scopedResult, rounds };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const benchPostgres = () =>
  withScratchPostgres(pg, { clusterPort: 55441, name: `caseport_bench_${process.pid}` }, async (url) => {
    await (await serverAt({ DATABASE_URL: url }))();
    const pool = new pg.Pool({ connectionString: url, max: POOL });
    const t0 = Date.now();
    for (const s of SEED_SQL) await pool.query(s);
    const tenant = (await pool.query(`select id from tenants where name = 'Demo Law Firm'`)).rows[0].id;
    const rows = (await pool.query('select count(*)::int as n from message_labels')).rows[0].n;
    console.log(
      `postgres: ${rows} labels over ${TENANTS} tenants seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    await pool.query('vacuum analyze message_labels');
    // The million rows' dirty pages written now, not by a checkpoint inside the first round's measurement.
    await pool.query('checkpoint').catch(() => {}); // a superuser's (or pg_checkpoint's) right; else skipped
    const onOneConnection = async () => {
      const client = await pool.connect();
      try {
        await bareRequest(client, tenant);
      } finally {
        client.release();
      }
    };
    let sqlResult = null;
    let scopedResult = null;
    if (!args['skip-sql']) {
      await bare(onOneConnection);
      sqlResult = await bare(onOneConnection);
      const sessionId = await benchSessionId((s, p) => pool.query(s, p));
      const caller = await callerOf((q, p) => pool.query(q, p), sessionId);
      const { readBatched } = await loadReadBatches();
      scopedResult = await bare(() => readBatched(pool, scopeOf(caller, sessionId), pageAndCount(tenant, true)));
    }
    await pool.end();
    const rounds = await apiAndPlain({ DATABASE_URL: url }, tenant);
    return { engine: 'postgres', rows, sql: sqlResult, scoped: scopedResult, rounds };
  });

const results = [];
if (args.engine !== 'postgres') results.push(await benchPglite());
if (args.engine !== 'pglite') {
  const r = await benchPostgres();
  if (r) results.push(r);
}

const f = (n) => n.toFixed(1).padStart(9);
console.log(
  `\nPOST ${ENDPOINT} (page 1 of 25, newest first) vs the plain route — ${CONNECTIONS} connections, ${DURATION} s\n`,
);
const ratio = (a, b) => `${((100 * a) / b).toFixed(0).padStart(5)} %`;
const times = (a, b) => `${(a / b).toFixed(2).padStart(6)} ×`;
console.log(
  'engine     | run                          req/s   p50 ms   p99 ms  CPU ms/req  DB CPU ms/req | load (1/5/15 min)',
);
const verdicts = [];
for (const r of results) {
  const line = (label, m, load = '') =>
    console.log(
      `${r.engine.padEnd(10)} | ${label.padEnd(25)}${f(m.rps)}${f(m.p50)}${f(m.p99)}${m.cpuPerRequest === undefined ? ' '.repeat(12) : m.cpuPerRequest.toFixed(2).padStart(12)}${m.dbCpuPerRequest === undefined ? ' '.repeat(15) : m.dbCpuPerRequest.toFixed(2).padStart(15)} | ${load}`,
    );
  if (r.sql) line('bare SQL (page + count)', r.sql);
  if (r.scoped) line('SQL as a request makes', r.scoped);
  for (const [i, round] of r.rounds.entries()) {
    line(`API, round ${i + 1}`, round.api, round.api.load);
    line(`plain route, round ${i + 1}`, round.plain, round.plain.load);
    const ok = round.api.rps >= 0.8 * round.plain.rps && round.api.p99 <= 1.5 * round.plain.p99;
    verdicts.push(ok);
    console.log(
      `${r.engine.padEnd(10)} |   API / plain route: throughput ${ratio(round.api.rps, round.plain.rps)}, p50 ${times(round.api.p50, round.plain.p50)}, p99 ${times(round.api.p99, round.plain.p99)}  ${ok ? 'within budget' : 'OVER BUDGET'}`,
    );
    console.log(`${r.engine.padEnd(10)} |   API failures under load: ${round.api.failed}`);
  }
}
console.log(
  `\nBudget (both engines): API throughput ≥ 80 % of the plain route's, API p99 ≤ 1.5 × the plain route's p99. ${verdicts.every(Boolean) ? 'Met in every round.' : 'NOT met in every round.'}`,
);
// Issue 39's row: another tenant's list p99 while the largest allowed letter is filled (bench/docx-neighbour.mjs).
const docx = args['skip-docx'] ? null : await benchDocx({ port: PORT + 2, duration: DURATION });
// Issue 37's row: the audit trail of one tenant at 100, 10,000 and 100,000 rows, page 1 and page 400
// (bench/list-growth.mjs, alone: npm run bench:growth).
const growth = args['skip-growth'] ? null : await benchGrowth({ engine: args.engine, port: PORT + 4 });
mkdirSync(join(root, 'test-results'), { recursive: true });
writeFileSync(
  join(root, 'test-results', 'bench.json'),
  JSON.stringify({ connections: CONNECTIONS, duration: DURATION, results, docx, growth }, null, 2),
);
