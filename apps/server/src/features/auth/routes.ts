import { messageResponses, responses } from '@caseport/domain/api/responses';
import { ChangePasswordBodySchema, LoginBodySchema, MeSchema, SessionSchema } from '@caseport/domain/auth/contracts';
import {
  LoginAnswerSchema,
  MfaChallengeSchema,
  MfaEnrolConfirmBodySchema,
  MfaEnrolledSchema,
  MfaEnrolmentSchema,
  MfaEnrolStartBodySchema,
  MfaRecoveryCodesBodySchema,
  MfaRecoveryCodesSchema,
  MfaSelfChallengeBodySchema,
  MfaStatusBodySchema,
  MfaStatusSchema,
  MfaVerifyBodySchema,
} from '@caseport/domain/auth/mfa';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../platform/audit';
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
import { confirmEnrolment, regenerateRecoveryCodes, startEnrolment, verifySecondStep } from './mfa';
import { buildMe, changePassword, login, selfMfaChallenge, selfMfaStatus } from './service';

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, secrets, mailer }) => {
  /** A new session: its cookie, and the Me answer a login gives. */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    setSessionCookie(request, reply, token);
    const principal = await loadPrincipal(db, token, clock);
    if (!principal) throw unauthenticated();
    return runInTenant(
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
  };

  app.post(
    '/api/auth/login',
    { schema: { tags: ['auth'], body: LoginBodySchema, response: responses(LoginAnswerSchema) } },
    async (request, reply) => {
      const result = await login(db, clock, mailer, request.body, request.ip);
      if ('challenge' in result) return result.challenge;
      return signedIn(request, reply, result.token);
    },
  );

  // Issue 16: the second step of a sign-in (public: the challenge from the password step is the credential).
  app.post(
    '/api/auth/mfa/verify',
    { schema: { tags: ['auth'], body: MfaVerifyBodySchema, response: responses(MeSchema) } },
    async (request, reply) => {
      const { token } = await verifySecondStep(db, clock, mailer, secrets, request.body);
      return signedIn(request, reply, token);
    },
  );

  app.post(
    '/api/auth/mfa/enrol-start',
    { schema: { tags: ['auth'], body: MfaEnrolStartBodySchema, response: responses(MfaEnrolmentSchema) } },
    async (request) => startEnrolment(db, clock, secrets, request.body.challenge),
  );

  app.post(
    '/api/auth/mfa/enrol-confirm',
    { schema: { tags: ['auth'], body: MfaEnrolConfirmBodySchema, response: responses(MfaEnrolledSchema) } },
    async (request, reply) => {
      const { token, recoveryCodes } = await confirmEnrolment(db, clock, mailer, secrets, request.body);
      return { me: await signedIn(request, reply, token), recoveryCodes };
    },
  );

  // Issue 38 finding 5: a signed-in user's own two-factor sign-in (My Profile): its state; the password again for a
  // challenge (to enrol through enrol-start and enrol-confirm, or to give a code with); new recovery codes.
  app.post(
    '/api/auth/mfa/status',
    { schema: { tags: ['auth'], body: MfaStatusBodySchema, response: responses(MfaStatusSchema) } },
    async (request) => selfMfaStatus(db, contextOf(request).principal),
  );
  app.post(
    '/api/auth/mfa/self-challenge',
    { schema: { tags: ['auth'], body: MfaSelfChallengeBodySchema, response: responses(MfaChallengeSchema) } },
    async (request) => selfMfaChallenge(db, clock, mailer, contextOf(request).principal, request.body, request.ip),
  );
  app.post(
    '/api/auth/mfa/recovery-codes',
    { schema: { tags: ['auth'], body: MfaRecoveryCodesBodySchema, response: responses(MfaRecoveryCodesSchema) } },
    async (request) => regenerateRecoveryCodes(db, clock, mailer, secrets, contextOf(request).principal, request.body),
  );

  app.post('/api/auth/logout', { schema: { tags: ['auth'], response: messageResponses } }, async (request, reply) => {
    const token = readSessionToken(request);
    const { principal } = request;
    // SECURITY 19: a sign-out that ends a live session is audited with it.
    if (token)
      await destroySession(
        db,
        token,
        principal
          ? (tx) =>
              recordAudit(
                tx,
                { principal, actingTenantId: null },
                { entity: 'user', entityId: principal.userId, action: 'logout' },
              )
          : undefined,
      );
    clearSessionCookie(request, reply);
    return { message: 'Signed out' };
  });

  app.post(
    '/api/auth/change-password',
    { schema: { tags: ['auth'], body: ChangePasswordBodySchema, response: messageResponses } },
    async (request, reply) => {
      const { principal } = contextOf(request);
      const { token } = await changePassword(db, clock, mailer, principal, request.body, request.ip);
      setSessionCookie(request, reply, token);
      return { message: 'Password changed successfully' };
    },
  );

  app.get('/api/auth/me', { schema: { tags: ['auth'], response: responses(MeSchema) } }, async (request) => {
    const ctx = contextOf(request);
    return runInTenant(db, ctx, (tx) => buildMe(tx, ctx.principal));
  });

  // Issue 38 (finding 7): the web's page load asks here; signed out is an ordinary answer, not a 401.
  app.post('/api/auth/session', { schema: { tags: ['auth'], response: responses(SessionSchema) } }, async (request) => {
    if (!request.principal) return { me: null };
    const ctx = contextOf(request);
    return { me: await runInTenant(db, ctx, (tx) => buildMe(tx, ctx.principal)) };
  });
};
