// npm run bench:crash — SECURITY 22 as a benchmark (never a unit test): CYCLES times, the server is
// killed with SIGKILL while WRITERS concurrent clients create message labels and, every other writer, cases
// (issue 22: case numbers come from a serial counter), then started again on the same data. Afterwards every
// write the API acknowledged (2xx) must be in the database (0 lost), every label and case must have exactly one
// audit 'create' row and every audit row its record (0 half-written records), and no case number may be used
// twice.
//
//   node bench/crash-safety.mjs [--engine pglite|postgres|both] [--cycles 20] [--writers 50]
//                               [--min-ms 500] [--max-ms 2500]
// PostgreSQL: BENCH_DATABASE_URL (a server URL; a scratch database is created and dropped), or, as root
// with Debian's postgresql installed, a throw-away cluster on 127.0.0.1:55443. On PostgreSQL only the app
// server is killed; on PGlite the database lives in the killed process, which is the harder case.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt, ensureInstalled } from '../scripts/lib.mjs';
import { signIn, sleep, startServer, withScratchPostgres } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    cycles: { type: 'string', default: '20' },
    writers: { type: 'string', default: '50' },
    'min-ms': { type: 'string', default: '500' },
    'max-ms': { type: 'string', default: '2500' },
    port: { type: 'string', default: '3193' },
  },
});
const CYCLES = Number(args.cycles);
const WRITERS = Number(args.writers);
const MIN_MS = Number(args['min-ms']);
const MAX_MS = Number(args['max-ms']);
const PORT = Number(args.port);
const EMAIL = 'admin@lawfirm.test';

ensureInstalled();
ensureBuilt();
const { default: pg } = await import('pg');
const { PGlite } = await import('@electric-sql/pglite');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');

/**
 * One cycle: start, sign in, WRITERS loops creating labels until the kill. A name is recorded as
 * acknowledged only when the API answered 2xx with the label's id.
 */
const cycle = async (n, env, acknowledged) => {
  const server = await startServer(PORT, { ...env, RATE_LIMIT_PER_MINUTE: 'off' });
  const headers = await signIn(PORT, EMAIL);
  let stopping = false;
  let failed = 0;
  const writer = async (w) => {
    const cases = w % 2 === 1;
    for (let i = 0; !stopping; i++) {
      const name = `c${n}-w${w}-${i}`;
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/${cases ? 'cases' : 'message-label'}/create`, {
          method: 'POST',
          headers,
          body: JSON.stringify(cases ? { subTypeId: 7 } : { name, color: '#1E88E5' }),
        });
        const body = await res.json();
        if (res.ok && body.label?._id) acknowledged.labels.set(body.label._id, name);
        else if (res.ok && body.case?._id) acknowledged.cases.set(body.case._id, body.case.caseNumber);
        else if (!stopping) failed++;
      } catch {
        // The connection died with the server: this write was never acknowledged.
        return;
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  await sleep(MIN_MS + Math.random() * (MAX_MS - MIN_MS));
  await server.kill();
  stopping = true;
  await Promise.all(writers);
  return failed;
};

/**
 * One kind of record a writer created: every acknowledged one is stored under its id with the value the server
 * answered (`value`: the label's name, the case's number), each has exactly one create audit row, and no create
 * audit row points at a record that is not there; `reused` counts values stored twice (case numbers must be unique).
 */
const verifyRecords = async (query, { table, entity, value }, acknowledged) => {
  const tenant = (await query(`select id from tenants where name = 'Demo Law Firm'`)).rows[0].id;
  const rows = (
    await query(
      `select r.id::text as id, r.${value} as value,
              (select count(*)::int from audit_log a
                where a.entity = '${entity}' and a.action = 'create' and a.entity_id = r.id::text) as audits
         from ${table} r where r.tenant_id = $1`,
      [tenant],
    )
  ).rows;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lost = [...acknowledged].filter(([id, v]) => byId.get(id)?.value !== v).map(([id, v]) => `${v} (${id})`);
  const unaudited = rows.filter((r) => r.audits !== 1).map((r) => r.value);
  const values = rows.map((r) => r.value);
  const orphanAudits = (
    await query(
      `select count(*)::int as n from audit_log a
        where a.entity = '${entity}' and a.action = 'create' and a.tenant_id = $1
          and not exists (select 1 from ${table} r where r.id::text = a.entity_id)`,
      [tenant],
    )
  ).rows[0].n;
  return { stored: rows.length, lost, unaudited, orphanAudits, reused: values.length - new Set(values).size };
};

const verify = async (query, acknowledged) => {
  const labels = await verifyRecords(
    query,
    { table: 'message_labels', entity: 'message_label', value: 'name' },
    acknowledged.labels,
  );
  const cases = await verifyRecords(
    query,
    { table: 'cases', entity: 'case', value: 'case_number' },
    acknowledged.cases,
  );
  return {
    stored: labels.stored + cases.stored,
    storedCases: cases.stored,
    lost: [...labels.lost, ...cases.lost],
    unaudited: [...labels.unaudited, ...cases.unaudited],
    orphanAudits: labels.orphanAudits + cases.orphanAudits,
    reusedCaseNumbers: cases.reused,
  };
};

const runEngine = async (engine, env, openQuery) => {
  const acknowledged = { labels: new Map(), cases: new Map() };
  const count = () => acknowledged.labels.size + acknowledged.cases.size;
  let refused = 0;
  const t0 = Date.now();
  for (let n = 1; n <= CYCLES; n++) {
    refused += await cycle(n, env, acknowledged);
    process.stdout.write(`\r${engine}: cycle ${n}/${CYCLES}, ${count()} acknowledged writes`);
  }
  // One clean start after the last kill: the server must come up on what the crash left.
  await (await startServer(PORT, env)).stop();
  process.stdout.write('\n');
  const { query, close } = await openQuery();
  try {
    const result = await verify(query, acknowledged);
    return {
      engine,
      cycles: CYCLES,
      acknowledged: count(),
      acknowledgedCases: acknowledged.cases.size,
      refused,
      seconds: (Date.now() - t0) / 1000,
      ...result,
    };
  } finally {
    await close();
  }
};

const benchPglite = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'caseport-crash-'));
  try {
    return await runEngine('pglite', { DATA_DIR: dataDir }, async () => {
      const db = await PGlite.create({ dataDir: join(dataDir, 'db'), extensions: { pg_trgm } });
      return { query: (s, p) => db.query(s, p), close: () => db.close() };
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const benchPostgres = () =>
  withScratchPostgres(pg, { clusterPort: 55443, name: `caseport_crash_${process.pid}` }, (url) =>
    runEngine('postgres', { DATABASE_URL: url }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return { query: (s, p) => client.query(s, p), close: () => client.end() };
    }),
  );

const results = [];
if (args.engine !== 'postgres') results.push(await benchPglite());
if (args.engine !== 'pglite') {
  const r = await benchPostgres();
  if (r) results.push(r);
}

console.log(`\nSECURITY 22 crash safety — ${CYCLES} × SIGKILL under ${WRITERS} concurrent writers\n`);
let ok = true;
for (const r of results) {
  const pass = r.lost.length === 0 && r.unaudited.length === 0 && r.orphanAudits === 0 && r.reusedCaseNumbers === 0;
  ok &&= pass;
  console.log(
    `${r.engine.padEnd(9)} ${r.acknowledged} acknowledged (${r.acknowledgedCases} cases), ${r.stored} stored ` +
      `(${r.storedCases} cases), lost ${r.lost.length}, half-written ${r.unaudited.length + r.orphanAudits} ` +
      `(records without one audit row ${r.unaudited.length}, audit rows without a record ${r.orphanAudits}), ` +
      `case numbers used twice ${r.reusedCaseNumbers}, refused while up ${r.refused}, ${r.seconds.toFixed(0)} s — ${pass ? 'PASS' : 'FAIL'}`,
  );
  if (r.lost.length) console.log(`          lost, e.g.: ${r.lost.slice(0, 5).join(', ')}`);
}
process.exitCode = ok ? 0 : 1;
