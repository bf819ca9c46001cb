import { messageResponses, responses } from '@caseport/domain/api/responses';
import { ChangePasswordBodySchema, LoginBodySchema, MeSchema } from '@caseport/domain/auth/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { unauthenticated } from '../../platform/errors';
import {
  clearSessionCookie,
  destroySession,
  loadPrincipal,
  readSessionToken,
  setSessionCookie,
} from '../../platform/session';
import { buildMe, changePassword, login } from './service';

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/auth/login',
    { schema: { tags: ['auth'], body: LoginBodySchema, response: responses(MeSchema) } },
    async (request, reply) => {
      const { token } = await login(db, clock, request.body, request.ip);
      setSessionCookie(request, reply, token);
      const principal = await loadPrincipal(db, token, clock);
      if (!principal) throw unauthenticated();
      const me = await runInTenant(
        db,
        {
          principal,
          tenantId: principal.tenantId,
          tenantType: principal.tenantType,
          actingTenantId: null,
          ip: request.ip,
        },
        (tx) => buildMe(tx, principal),
      );
      return me;
    },
  );

  app.post('/api/auth/logout', { schema: { tags: ['auth'], response: messageResponses } }, async (request, reply) => {
    const token = readSessionToken(request);
    if (token) await destroySession(db, token);
    clearSessionCookie(request, reply);
    return { message: 'Signed out' };
  });

  app.post(
    '/api/auth/change-password',
    { schema: { tags: ['auth'], body: ChangePasswordBodySchema, response: messageResponses } },
    async (request, reply) => {
      const { principal } = contextOf(request);
      const { token } = await changePassword(db, clock, principal, request.body, request.ip);
      setSessionCookie(request, reply, token);
      return { message: 'Password changed successfully' };
    },
  );

  app.get('/api/auth/me', { schema: { tags: ['auth'], response: responses(MeSchema) } }, async (request) => {
    const ctx = contextOf(request);
    return runInTenant(db, ctx, (tx) => buildMe(tx, ctx.principal));
  });
};
