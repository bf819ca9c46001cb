// npm run bench:growth — issue 37's growth row: what a list page costs as one tenant grows. The audit trail
// (POST /api/audit/list, the list that grows with every change of every user) of one tenant at 100, 10,000 and
// 100,000 rows, page 1 and page 400 (25 a page, newest first), each under autocannon, on both engines. Printed:
// the rate at each size as a share of the rate at 100 rows (page 1), and page 400's rate as a share of page 1's
// at the same size. Budget (issue 37): at 100,000 rows page 1 serves ≥ 80 % of its rate at 100 rows; page 400
// serves ≥ 66 % of page 1's rate at the same size; both engines. Benchmarks are never part of `npm test`.
//
//   node bench/list-growth.mjs [--engine pglite|postgres|both] [--sizes 100,10000,100000] [--duration 10]
//                              [--connections 20]
// Also run at the end of `npm run bench` (bench/list-bench.mjs) unless --skip-growth.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuilt, ensureInstalled } from '../scripts/lib.mjs';
import { signIn, startServer, withScratchPostgres } from './lib.mjs';

const ENDPOINT = '/api/audit/list';
const PER_PAGE = 25;
const DEEP_PAGE = 400;
const bodyOf = (page) => ({ page, perpage: PER_PAGE, sorting: { path: 'at', order: -1 }, filters: {} });
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * Audit rows of the demo law firm up to `size` (its own rows from the seed count): one row a minute back from now,
 * of the entities and actions the product writes, by its admin, with a small `after` as a change has.
 */
const growSql = (size) => [
  `insert into audit_log (at, user_id, role_id, tenant_id, entity, entity_id, action, after)
     select now() - make_interval(mins => g::int), u.id, 3, t.id,
       (array['message_label','workflow','case','user','envelope'])[1 + g % 5], g::text,
       (array['create','update','delete'])[1 + g % 3], jsonb_build_object('name', 'Row ' || g)
     from tenants t join users u on u.tenant_id = t.id and u.email = 'admin@lawfirm.test'
     cross join generate_series(1, greatest(0, ${size} - (select count(*) from audit_log a, tenants d
       where d.name = 'Demo Law Firm' and (a.tenant_id = d.id or a.acting_tenant_id = d.id)))) g
     where t.name = 'Demo Law Firm'`,
  'vacuum analyze audit_log',
];

/** autocannon on one page of the audit list (after a check that it answers rows); its rate and p99. */
const measure = async (port, page, { duration, connections }) => {
  const headers = await signIn(port, 'admin@lawfirm.test');
  const body = JSON.stringify(bodyOf(page));
  const check = await fetch(`http://127.0.0.1:${port}${ENDPOINT}`, { method: 'POST', headers, body });
  const answer = await check.json();
  if (!check.ok || answer.list.length !== PER_PAGE)
    throw new Error(`unexpected audit page ${page}: ${check.status} ${JSON.stringify(answer).slice(0, 200)}`);
  const run = (d) =>
    autocannon({ url: `http://127.0.0.1:${port}${ENDPOINT}`, method: 'POST', headers, body, connections, duration: d });
  await run(2); // warm-up
  const load = loadAverage();
  const r = await run(duration);
  return {
    page,
    rps: r.requests.average,
    p99: r.latency.p99,
    totalCount: answer.totalCount,
    failed: r.non2xx + r.errors,
    load,
  };
};

/** Each size in turn on one database: grow it, start the server, measure page 1 (and page 400 where it exists). */
const overSizes = async (engine, env, exec, opts) => {
  const rows = [];
  for (const size of opts.sizes) {
    for (const s of growSql(size)) await exec(s);
    const server = await startServer(opts.port, { ...env, RATE_LIMIT_PER_MINUTE: 'off' });
    try {
      const first = await measure(opts.port, 1, opts);
      const deep = size >= DEEP_PAGE * PER_PAGE ? await measure(opts.port, DEEP_PAGE, opts) : null;
      rows.push({ engine, size, first, deep });
      console.log(
        `${engine}: ${size} rows: page 1 ${first.rps.toFixed(0)} req/s (p99 ${first.p99} ms)` +
          (deep ? `, page ${DEEP_PAGE} ${deep.rps.toFixed(0)} req/s (p99 ${deep.p99} ms)` : ''),
      );
    } finally {
      await server.stop();
    }
  }
  return rows;
};

const growthPglite = async (opts) => {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const dataDir = mkdtempSync(join(tmpdir(), 'caseport-growth-'));
  try {
    await (await startServer(opts.port, { DATA_DIR: dataDir })).stop(); // migrate + seed
    // PGlite is one process's: the bench opens it between the server's runs, never beside one.
    const exec = async (statement) => {
      const db = await PGlite.create({ dataDir: join(dataDir, 'db'), extensions: { pg_trgm } });
      try {
        await db.query(statement);
      } finally {
        await db.close();
      }
    };
    return await overSizes('pglite', { DATA_DIR: dataDir }, exec, opts);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const growthPostgres = async (opts) => {
  const { default: pg } = await import('pg');
  return withScratchPostgres(pg, { clusterPort: 55442, name: `caseport_growth_${process.pid}` }, async (url) => {
    await (await startServer(opts.port, { DATABASE_URL: url })).stop();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      return await overSizes('postgres', { DATABASE_URL: url }, (s) => pool.query(s), opts);
    } finally {
      await pool.end();
    }
  });
};

/** Runs the growth row on the engines asked; prints its table and verdict; answers the rows. */
export const benchGrowth = async ({
  engine = 'both',
  sizes = [100, 10_000, 100_000],
  duration = 10,
  connections = 20,
  port = 3194,
} = {}) => {
  const opts = { sizes, duration, connections, port };
  const rows = [];
  if (engine !== 'postgres') rows.push(...(await growthPglite(opts)));
  if (engine !== 'pglite') rows.push(...((await growthPostgres(opts)) ?? []));
  console.log(
    `\nGrowth: POST ${ENDPOINT} of one tenant, ${PER_PAGE} a page, newest first — ${connections} connections, ${duration} s`,
  );
  console.log('engine     |    rows | page 1 req/s  p99 ms  vs 100 rows | page 400 req/s  p99 ms  vs page 1 | load');
  const verdicts = [];
  for (const r of rows) {
    const base = rows.find((x) => x.engine === r.engine && x.size === sizes[0])?.first.rps ?? r.first.rps;
    const share = r.first.rps / base;
    const deepShare = r.deep ? r.deep.rps / r.first.rps : null;
    if (r.size >= 100_000) verdicts.push(share >= 0.8 && (deepShare === null || deepShare >= 0.66));
    console.log(
      `${r.engine.padEnd(10)} | ${String(r.size).padStart(7)} | ${r.first.rps.toFixed(0).padStart(12)} ${String(r.first.p99).padStart(7)} ${`${(100 * share).toFixed(0)} %`.padStart(12)} | ${
        r.deep
          ? `${r.deep.rps.toFixed(0).padStart(14)} ${String(r.deep.p99).padStart(7)} ${`${(100 * (deepShare ?? 0)).toFixed(0)} %`.padStart(10)}`
          : `${'-'.padStart(14)} ${'-'.padStart(7)} ${'-'.padStart(10)}`
      } | ${r.first.load}`,
    );
  }
  console.log(
    `Budget (issue 37): at 100,000 rows page 1 ≥ 80 % of its rate at 100 rows, page ${DEEP_PAGE} ≥ 66 % of page 1's. ${
      verdicts.length && verdicts.every(Boolean) ? 'Met.' : 'NOT met.'
    }`,
  );
  return rows;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'both' },
      sizes: { type: 'string', default: '100,10000,100000' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
    },
  });
  ensureInstalled();
  ensureBuilt();
  await benchGrowth({
    engine: values.engine,
    sizes: values.sizes.split(',').map(Number),
    duration: Number(values.duration),
    connections: Number(values.connections),
  });
}
