// The yardstick of `npm run bench` (issue 22): the label list's two statements (page + count) behind a minimal
// Fastify route on the same pool type as the server (a pg pool of DB_POOL_SIZE on PostgreSQL, one PGlite
// instance on the embedded engine), with no session, no row-level security, no validation and no mapping.
// Started as its own process by bench/list-bench.mjs and loaded the same way as the API.
//
//   PORT=3191 BENCH_TENANT=<uuid> (DATABASE_URL=... | DATA_DIR=...) [DB_POOL_SIZE=10] node bench/plain-route.mjs
import { join } from 'node:path';
import Fastify from 'fastify';

const PAGE = `select id, name, color, active, created_by_name, created_by_role_name, created_on, updated_on
  from message_labels where tenant_id = $1 order by created_on desc, id desc limit 25 offset 0`;
const COUNT = 'select count(*)::int as n from message_labels where tenant_id = $1';

const tenant = process.env.BENCH_TENANT;
let query;
let close;
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  query = (text) => pool.query(text, [tenant]);
  close = () => pool.end();
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir: join(process.env.DATA_DIR, 'db'), extensions: { pg_trgm } });
  query = (text) => db.query(text, [tenant]);
  close = () => db.close();
}

const app = Fastify();
app.post('/plain/list', async () => {
  const [page, count] = await Promise.all([query(PAGE), query(COUNT)]);
  return { list: page.rows, totalCount: count.rows[0].n };
});
app.get('/api/health', async () => ({ status: 'ok' }));
const stop = async () => {
  await app.close();
  await close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
