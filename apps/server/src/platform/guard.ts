import type { Db, SessionCheck } from '@caseport/db/client';
import { isAllowed, permissionFor } from '@caseport/domain/auth/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from './clock';
import { AppError, forbidden, unauthenticated } from './errors';
import type { Principal } from './principal';
import type { PrincipalCache } from './principal-cache';
import { forgetRateLimitKey, rememberRateLimitKey } from './rate-limit';
import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  type LiveSession,
  lookUpSession,
  needsNoLookUp,
  readSessionToken,
  sessionIdOf,
} from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The route key of the permission matrix: "METHOD /path" with HEAD answered as GET. */
export const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Requests that may take their caller from the principal cache (issue 22): the ones that only read, i.e. the
 * safe methods and the POST list routes (D-06 paths, `…/list`). Everything else, every mutation, reads its session
 * from the database first, as before.
 */
const readsOnly = (method: string, url: string) =>
  SAFE_METHODS.has(method) || (method === 'POST' && url.endsWith('/list'));

const samePrincipal = (a: Principal, b: Principal) =>
  a.userId === b.userId && a.roleId === b.roleId && a.tenantId === b.tenantId && a.tenantType === b.tenantType;

/**
 * Every request, before any handler: CSRF check (SECURITY 11), session → principal (SECURITY 9), then the
 * permission matrix, deny by default (SECURITY 1, D-02). A route missing from the matrix answers 403.
 *
 * With a principal cache, a read takes its caller from the cache and carries a SessionCheck: the scope statement
 * of its read (or transaction) re-verifies the session, user, role and tenant in the database, in the same round
 * trip, and scopes nothing when they no longer hold. A request whose answer is about to leave without that proof
 * (no scoped statement ran, or it failed) has its session looked up here first: dead → 401, changed → 403, and
 * the cache forgets it.
 */
export const registerGuard = (app: FastifyInstance, db: Db, clock: Clock, cache: PrincipalCache | null = null) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionCheck', null);

  const lookUp = async (id: string): Promise<LiveSession | null> => {
    const generation = cache?.generation ?? 0;
    const live = await lookUpSession(db, id, clock);
    if (live) cache?.set(id, live, generation);
    else cache?.forget(id);
    return live;
  };

  const guard = async (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/')) return; // static assets and the SPA fallback
    if (!SAFE_METHODS.has(request.method)) {
      if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
        throw new AppError('FORBIDDEN', 'Missing X-Requested-With header');
      }
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== ownOrigin(request)) {
        throw new AppError('FORBIDDEN', 'Cross-origin request refused');
      }
    }
    const token = readSessionToken(request);
    if (token) {
      const id = sessionIdOf(token);
      const now = clock();
      const cached = cache && readsOnly(request.method, url) ? cache.get(id) : undefined;
      if (cached && needsNoLookUp(cached, now.getTime())) {
        const p = cached.principal;
        request.principal = p;
        request.sessionCheck = {
          sessionId: id,
          userId: p.userId,
          roleId: p.roleId,
          tenantId: p.tenantId,
          tenantType: p.tenantType,
          now,
          idleMs: IDLE_TIMEOUT_MS,
          absoluteMs: ABSOLUTE_TIMEOUT_MS,
          verified: false,
        };
      } else request.principal = (await lookUp(id))?.principal ?? null;
    } else request.principal = null;
    if (request.principal) {
      const { sessionId, tenantId, userId } = request.principal;
      rememberRateLimitKey(sessionId, tenantId ? `tenant:${tenantId}` : `user:${userId}`);
    } else if (token) forgetRateLimitKey(sessionIdOf(token));

    const permission = permissionFor(...(routeKey(request.method, url).split(' ', 2) as [string, string]));
    if (!permission) throw forbidden();
    if (permission.kind !== 'public' && !request.principal) throw unauthenticated();
    if (!isAllowed(permission, request.principal) && request.sessionCheck && token) {
      // Refused on a cached principal: decide again on the database's (a role given a moment ago whose
      // notification is still on its way). Refusals are rare; the lookup costs nothing that matters.
      request.sessionCheck = null;
      request.principal = (await lookUp(sessionIdOf(token)))?.principal ?? null;
      if (!request.principal) throw unauthenticated();
    }
    if (!isAllowed(permission, request.principal)) throw forbidden();
  };
  // A route-level hook, appended to each route registered from here on: it runs after the rate limiter's
  // own route hook (registered just before), so a caller past its limit is refused without a session
  // lookup (SECURITY 23). buildApp registers this before any route.
  app.addHook('onRoute', (route) => {
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), guard];
  });

  // No answer leaves on a cached principal that no scope statement proved alive (see above).
  app.addHook('onSend', async (request, reply, payload) => {
    // A request that may have written (anything but a read) has committed by now: this process forgets what it
    // cached before its answer leaves, so the caller's next read sees the write (a name changed on its own
    // profile, on PostgreSQL, where the trigger's notification arrives a moment later on the listener).
    if (cache && !readsOnly(request.method, request.routeOptions.url ?? '')) cache.clear();
    const check = request.sessionCheck;
    const cachedPrincipal = request.principal;
    if (!check || check.verified || !cachedPrincipal) return payload;
    cache?.forget(check.sessionId);
    const live = await lookUp(check.sessionId);
    if (live && samePrincipal(live.principal, cachedPrincipal)) {
      check.verified = true;
      return payload;
    }
    // A file being streamed is not sent: close it.
    (payload as { destroy?: () => void } | null)?.destroy?.();
    const error = live ? forbidden() : unauthenticated();
    if (!live) forgetRateLimitKey(check.sessionId);
    reply.code(error.status).header('content-type', 'application/json; charset=utf-8');
    reply.removeHeader('content-length');
    return JSON.stringify({ code: error.code, message: error.message });
  });
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the principal came from the cache and a scope statement must still prove the session alive. */
    sessionCheck: SessionCheck | null;
  }
}
