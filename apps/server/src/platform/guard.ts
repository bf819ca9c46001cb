import type { Db } from '@caseport/db/client';
import { isAllowed, permissionFor } from '@caseport/domain/auth/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from './clock';
import { AppError, forbidden, unauthenticated } from './errors';
import { forgetRateLimitKey, rememberRateLimitKey } from './rate-limit';
import { loadPrincipal, readSessionToken, sessionIdOf } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The route key of the permission matrix: "METHOD /path" with HEAD answered as GET. */
export const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Every request, before any handler: CSRF check (SECURITY 11), session → principal (SECURITY 9), then the
 * permission matrix, deny by default (SECURITY 1, D-02). A route missing from the matrix answers 403.
 */
export const registerGuard = (app: FastifyInstance, db: Db, clock: Clock) => {
  app.decorateRequest('principal', null);

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
    request.principal = token ? await loadPrincipal(db, token, clock) : null;
    if (request.principal) {
      const { sessionId, tenantId, userId } = request.principal;
      rememberRateLimitKey(sessionId, tenantId ? `tenant:${tenantId}` : `user:${userId}`);
    } else if (token) forgetRateLimitKey(sessionIdOf(token));

    const permission = permissionFor(...(routeKey(request.method, url).split(' ', 2) as [string, string]));
    if (!permission) throw forbidden();
    if (permission.kind !== 'public' && !request.principal) throw unauthenticated();
    if (!isAllowed(permission, request.principal)) throw forbidden();
  };
  // A route-level hook, appended to each route registered from here on: it runs after the rate limiter's
  // own route hook (registered just before), so a caller past its limit is refused without a session
  // lookup (SECURITY 23). buildApp registers this before any route.
  app.addHook('onRoute', (route) => {
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), guard];
  });
};
