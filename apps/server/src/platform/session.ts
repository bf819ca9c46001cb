import { createHash, randomBytes } from 'node:crypto';
import { type Db, inSystemTx, schema, type Tx } from '@caseport/db/client';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from './clock';
import type { Principal } from './principal';

/** SECURITY 9: idle 30 min, absolute 12 h. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

const COOKIE = 'caseport_sid';
/** Over https the cookie is Secure and __Host- prefixed (SECURITY 10). */
const cookieName = (secure: boolean) => (secure ? `__Host-${COOKIE}` : COOKIE);
const isSecure = (request: FastifyRequest) => request.protocol === 'https';

/** 256 random bits; only their SHA-256 is stored (sessions, and the one-time links of one-time-links.ts). */
export const newToken = () => randomBytes(32).toString('base64url');
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const readSessionToken = (request: FastifyRequest): string | null =>
  request.cookies[cookieName(true)] ?? request.cookies[cookieName(false)] ?? null;

export const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, token: string) => {
  const secure = isSecure(request);
  reply.setCookie(cookieName(secure), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
  });
};

export const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) => {
  const secure = isSecure(request);
  reply.clearCookie(cookieName(secure), { path: '/', httpOnly: true, sameSite: 'lax', secure });
};

/** `audit`, when given, writes the sign-in's audit row in the same transaction (SECURITY 19). */
export const createSession = async (
  db: Db,
  userId: string,
  now: Date,
  audit?: (tx: Tx) => Promise<unknown>,
): Promise<string> => {
  const token = newToken();
  await inSystemTx(db, async (tx) => {
    await audit?.(tx);
    await tx.insert(schema.sessions).values({ id: sessionIdOf(token), userId, createdAt: now, lastSeenAt: now });
    // Expired sessions of this user are swept at login; nothing else needs them.
    await tx
      .delete(schema.sessions)
      .where(
        and(
          eq(schema.sessions.userId, userId),
          or(
            lt(schema.sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
            lt(schema.sessions.createdAt, new Date(now.getTime() - ABSOLUTE_TIMEOUT_MS)),
          ),
        ),
      );
  });
  return token;
};

/** Ends a session; `audit` writes the sign-out's audit row in the same transaction when a session ended. */
export const destroySession = (db: Db, token: string, audit?: (tx: Tx) => Promise<unknown>) =>
  inSystemTx(db, async (tx) => {
    const ended = await tx
      .delete(schema.sessions)
      .where(eq(schema.sessions.id, sessionIdOf(token)))
      .returning({ id: schema.sessions.id });
    if (ended.length) await audit?.(tx);
  });

type SessionRow = {
  id: string;
  created_at: Date | string;
  last_seen_at: Date | string;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role_id: number;
  is_active: boolean;
  password_changed_at: Date | string;
  tenant_id: string | null;
  tenant_type: number | null;
  tenant_status: string | null;
};

/**
 * The principal behind a cookie, or null when the session is unknown, idle for 30 min, older than 12 h,
 * older than the user's last password change, the account is disabled or its tenant suspended (SECURITY 9,
 * issue 16: deactivating a user or suspending a tenant ends every session at its next request). A dead session is
 * deleted on sight.
 */
export const loadPrincipal = async (db: Db, token: string, clock: Clock): Promise<Principal | null> =>
  (await lookUpSession(db, sessionIdOf(token), clock))?.principal ?? null;

/** A live session as the principal cache keeps it: who, and the times its next check depends on. */
export interface LiveSession {
  principal: Principal;
  createdAt: number;
  lastSeenAt: number;
}

/** loadPrincipal by the session's id (the token's hash), with the session's times. */
export const lookUpSession = async (db: Db, id: string, clock: Clock): Promise<LiveSession | null> => {
  const now = clock();
  // Single statements in autocommit, not a transaction: this runs on every request, and BEGIN/COMMIT
  // would double its round trips. Each statement is atomic on its own; a touch or a delete racing
  // another request is harmless. (PGlite queues statements behind any open transaction.)
  const result = await db.execute<SessionRow>(sql`
    select s.id, s.created_at, s.last_seen_at, u.id as user_id, u.email, u.first_name, u.last_name, u.role_id,
           u.is_active, u.password_changed_at, u.tenant_id, t.type as tenant_type,
           t.status as tenant_status
      from sessions s
      join users u on u.id = s.user_id
      left join tenants t on t.id = u.tenant_id
     where s.id = ${id}`);
  const row = result.rows[0];
  if (!row) return null;
  const createdAt = new Date(row.created_at).getTime();
  const lastSeenAt = new Date(row.last_seen_at).getTime();
  const dead =
    !row.is_active ||
    row.tenant_status === 'suspended' ||
    now.getTime() - lastSeenAt > IDLE_TIMEOUT_MS ||
    now.getTime() - createdAt > ABSOLUTE_TIMEOUT_MS ||
    createdAt < new Date(row.password_changed_at).getTime();
  if (dead) {
    await db.delete(schema.sessions).where(eq(schema.sessions.id, id));
    return null;
  }
  const touched = now.getTime() - lastSeenAt > TOUCH_EVERY_MS;
  if (touched) await db.update(schema.sessions).set({ lastSeenAt: now }).where(eq(schema.sessions.id, id));
  const principal: Principal = {
    userId: row.user_id,
    sessionId: id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    roleId: row.role_id,
    tenantId: row.tenant_id,
    tenantType: (row.tenant_type as 1 | 2 | null) ?? null,
  };
  return { principal, createdAt, lastSeenAt: touched ? now.getTime() : lastSeenAt };
};

/** Whether a session last seen at `lastSeenAt` needs no touch at `now`, and is within both timeouts. */
export const needsNoLookUp = (session: LiveSession, now: number) =>
  now - session.lastSeenAt <= TOUCH_EVERY_MS && now - session.createdAt < ABSOLUTE_TIMEOUT_MS;
