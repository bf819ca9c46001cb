import type { Database } from '@caseport/db/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { LiveSession } from './session';

/**
 * Who a session cookie belongs to, kept in this process so that a read needs no session query of its own
 * (issue 22, the list budget). Only a shortcut, never the authority: a request served from it carries a
 * SessionCheck that the read's own scope statement re-verifies in the database, in the same round trip
 * (packages/db/src/scope.ts); a request no scope statement verified is looked up again before its answer leaves
 * (guard.ts). So a logout, a password change, a disabled account or a suspended tenant ends a session at once,
 * in every process, also after a change made directly in the database (SECURITY 9).
 *
 * Freshness: triggers on sessions, users and tenants notify 'caseport_principal' (migration 0045); every
 * process listens (PostgreSQL: a connection of its own; PGlite: its own listen) and forgets the session, the
 * user's sessions or the tenant's. While the listener is down nothing is cached. Bounded (MAX entries, oldest
 * out first), and each entry lives at most TTL_MS.
 */
const MAX = 10_000;
const TTL_MS = 30_000;
const CHANNEL = 'caseport_principal';

interface Entry {
  session: LiveSession;
  at: number;
}

export interface PrincipalCache {
  /** A cached live session, or undefined (none, expired, or the listener is down). */
  get(id: string): LiveSession | undefined;
  /** Keeps `session` unless a notification came in since `generation` was read (the lookup may be stale). */
  set(id: string, session: LiveSession, generation: number): void;
  forget(id: string): void;
  /** Forgets everything and bumps the generation (a write in this process: read-your-writes, see guard.ts). */
  clear(): void;
  /** Bumped by every notification: read it before a lookup, hand it to `set`. */
  readonly generation: number;
  close(): Promise<void>;
}

export const createPrincipalCache = async (database: Database): Promise<PrincipalCache> => {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let listening = false;
  let closed = false;

  const forgetWhere = (match: (s: LiveSession) => boolean) => {
    for (const [id, e] of entries) if (match(e.session)) entries.delete(id);
  };
  const onNotification = (payload: string | undefined) => {
    generation++;
    const [kind, id] = [payload?.slice(0, 1), payload?.slice(2)];
    if (kind === 's' && id) entries.delete(id);
    else if (kind === 'u') forgetWhere((s) => s.principal.userId === id);
    else if (kind === 't') forgetWhere((s) => s.principal.tenantId === id);
    else entries.clear();
  };
  const down = () => {
    listening = false;
    generation++;
    entries.clear();
  };

  let stop: () => Promise<void> = async () => {};
  const client = (database.db as { $client?: unknown }).$client;
  if (database.kind === 'postgres' && client instanceof pg.Pool) {
    let listener: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      if (closed) return;
      const c = new pg.Client(client.options);
      c.on('error', () => {});
      c.on('end', () => {
        down();
        if (!closed) retry = setTimeout(connect, 1000);
      });
      c.on('notification', (m) => {
        if (m.channel === CHANNEL) onNotification(m.payload);
      });
      try {
        await c.connect();
        await drizzle(c).execute(sql`listen caseport_principal`);
        listener = c;
        listening = !closed;
      } catch {
        await c.end().catch(() => {});
      }
    };
    await connect();
    stop = async () => {
      clearTimeout(retry);
      await listener?.end().catch(() => {});
    };
  } else if (client && typeof (client as { listen?: unknown }).listen === 'function') {
    const pglite = client as { listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> };
    const unlisten = await pglite.listen(CHANNEL, onNotification);
    listening = true;
    stop = async () => {
      await unlisten().catch(() => {});
    };
  }

  return {
    get(id) {
      if (!listening) return undefined;
      const e = entries.get(id);
      if (!e) return undefined;
      if (performance.now() - e.at > TTL_MS) {
        entries.delete(id);
        return undefined;
      }
      return e.session;
    },
    set(id, session, seen) {
      if (!listening || seen !== generation) return;
      entries.delete(id);
      if (entries.size >= MAX) entries.delete(entries.keys().next().value as string);
      entries.set(id, { session, at: performance.now() });
    },
    forget(id) {
      entries.delete(id);
    },
    clear() {
      generation++;
      entries.clear();
    },
    get generation() {
      return generation;
    },
    async close() {
      closed = true;
      down();
      await stop();
    },
  };
};
