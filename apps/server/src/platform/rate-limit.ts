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
