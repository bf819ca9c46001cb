import type { Db } from '@caseport/db/client';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { readSessionToken, sessionIdOf } from './session';

/**
 * SECURITY 23: a signed-in caller is limited per tenant (platform users per user), a signed-out one per IP.
 * The limiter runs before the session lookup, so a flood past its limit costs no database work and cannot
 * slow other tenants' requests down. It finds the tenant through a hint: the tenant a session id had when
 * the guard last validated it. The hint never lets a request in (the guard still validates every session);
 * a stale hint only counts a request against the tenant the session used to belong to. Unknown session ids
 * (a new login, or forged cookies) count per IP, so rotating cookies does not escape the IP limit.
 */
const MAX_HINTS = 50_000;
const hints = new Map<string, string>();

export const rememberRateLimitKey = (sessionId: string, key: string) => {
  if (hints.get(sessionId) === key) return;
  if (hints.size >= MAX_HINTS) hints.delete(hints.keys().next().value as string); // oldest first
  hints.set(sessionId, key);
};

export const forgetRateLimitKey = (sessionId: string) => hints.delete(sessionId);

export const rateLimitKeyOf = (request: FastifyRequest): string => {
  const token = readSessionToken(request);
  const hint = token ? hints.get(sessionIdOf(token)) : undefined;
  return hint ?? `ip:${request.ip}`;
};

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store, counted in PostgreSQL (`rate_limit_counters`, system context) instead of process
 * memory: with several server processes on one database a tenant's limit is counted once, whichever process
 * answers (issue 22). One statement per request: an upsert that opens a new window when the old one has ended.
 * Ended windows are swept now and then by the process that counts.
 */
export const databaseRateLimitStore = (db: Db) => {
  let counted = 0;
  const sweep = () =>
    db.execute(sql`delete from rate_limit_counters where window_ends < now() - interval '1 minute'`).catch(() => {});
  return class DatabaseRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}
    /** `timeWindow` in milliseconds, as the plugin passes it. */
    incr(key: string, done: Done, timeWindow: number) {
      if (++counted % 1000 === 0) void sweep();
      db.execute<{ count: number; ttl: number }>(sql`
        insert into rate_limit_counters as c (key, count, window_ends)
        values (${this.prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when c.window_ends <= now() then 1 else c.count + 1 end,
          window_ends = case when c.window_ends <= now() then excluded.window_ends else c.window_ends end
        returning count, greatest(0, ceil(extract(epoch from window_ends - now()) * 1000))::int as ttl`).then(
        (r) => done(null, { current: Number(r.rows[0]?.count), ttl: Number(r.rows[0]?.ttl) }),
        (error: Error) => done(error),
      );
    }
    read(key: string, done: Done) {
      db.execute<{ count: number; ttl: number }>(sql`
        select count, greatest(0, ceil(extract(epoch from window_ends - now()) * 1000))::int as ttl
        from rate_limit_counters where key = ${this.prefix + key} and window_ends > now()`).then(
        (r) => done(null, { current: Number(r.rows[0]?.count ?? 0), ttl: Number(r.rows[0]?.ttl ?? 0) }),
        (error: Error) => done(error),
      );
    }
    /** A route with limits of its own counts under its own keys. */
    child(route: { method: string | string[]; path: string }) {
      return new DatabaseRateLimitStore(null, `${this.prefix}${String(route.method)}${route.path}-`);
    }
  };
};
