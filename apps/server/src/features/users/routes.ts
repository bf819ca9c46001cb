import { inSystemTx } from '@caseport/db/client';
import { responses } from '@caseport/domain/api/responses';
import { EmptyBodySchema, MfaSettingsBodySchema, MfaSettingsSchema } from '@caseport/domain/auth/mfa';
import {
  AcceptLinkAnswerSchema,
  AcceptTokenBodySchema,
  LINK_INVALID,
  LINK_SIGN_IN_NEXT,
  MessageSchema,
  OutboxListBodySchema,
  OutboxListResponseSchema,
  OwnProfileBodySchema,
  TokenInfoBodySchema,
  TokenInfoSchema,
  UserAnswerSchema,
  UserIdBodySchema,
  UserInviteBodySchema,
  UserLinkAnswerSchema,
  UserListBodySchema,
  UserListResponseSchema,
  UserStatusBodySchema,
  UserUpdateBodySchema,
} from '@caseport/domain/users/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, readInTenant, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { deliver, originOf } from '../../platform/one-time-links';
import { createSession, setSessionCookie } from '../../platform/session';
import { recordFailure, unlessThrottled } from '../../platform/sign-in-throttle';
import { branchScopeOf } from '../../platform/users';
import { invite } from './invitation';
import { listOutbox, listUsers } from './repository';
import * as service from './service';

const tags = ['users'];

/** Failed link attempts count per IP beside failed logins (SECURITY 8), under this pseudo-account. */
const LINK_ATTEMPTS = '#one-time-link';

/** Users of the caller's tenant (tab `users`, R-SHELL-039), invitations, the caller's outbox, own profile. */
export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, mailer, publicUrl }) => {
  app.post(
    '/api/users/list',
    { schema: { tags, body: UserListBodySchema, response: responses(UserListResponseSchema) } },
    async (request) =>
      readInTenant(db, contextOf(request), async (tx, ctx) =>
        listUsers(tx, ctx.tenantId as string, request.body, await branchScopeOf(tx, ctx)),
      ),
  );

  app.post(
    '/api/users/invite',
    { schema: { tags, body: UserInviteBodySchema, response: responses(UserLinkAnswerSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      const { user, delivery } = await invite({ db, mailer, clock }, ctx, request.body, originOf(request, publicUrl));
      return { message: delivery.sent ? 'Invitation sent' : 'Invitation created', user, delivery };
    },
  );

  app.post(
    '/api/users/update',
    { schema: { tags, body: UserUpdateBodySchema, response: responses(UserAnswerSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      const user = await runInTenant(db, ctx, (tx) => service.updateUser(tx, ctx, clock, request.body));
      return { message: 'User updated successfully', user };
    },
  );

  app.post(
    '/api/users/manage-status',
    { schema: { tags, body: UserStatusBodySchema, response: responses(UserAnswerSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      const user = await runInTenant(db, ctx, (tx) => service.setUserStatus(tx, ctx, clock, request.body));
      if (!request.body.active) await service.endSessionsOf(db, user._id);
      return { message: request.body.active ? 'User activated' : 'User deactivated', user };
    },
  );

  app.post(
    '/api/users/send-link',
    { schema: { tags, body: UserIdBodySchema, response: responses(UserLinkAnswerSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      const { user, mail } = await runInTenant(db, ctx, (tx) =>
        service.resendLink(tx, ctx, clock, request.body.userId, originOf(request, publicUrl)),
      );
      const delivery = await deliver(db, mailer, mail, clock());
      const what = user.status === 'invited' ? 'Invitation' : 'Password reset link';
      return { message: `${what} ${delivery.sent ? 'sent' : 'created'}`, user, delivery };
    },
  );

  app.post(
    '/api/users/reset-mfa',
    { schema: { tags, body: UserIdBodySchema, response: responses(UserAnswerSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      const user = await runInTenant(db, ctx, (tx) => service.resetMfa(tx, ctx, clock, request.body.userId));
      return {
        message: 'Two-factor sign-in reset. The user sets it up again at their next sign-in if required.',
        user,
      };
    },
  );

  app.post(
    '/api/users/mfa-settings',
    { schema: { tags, body: EmptyBodySchema, response: responses(MfaSettingsSchema) } },
    async (request) =>
      readInTenant(db, contextOf(request), (tx, ctx) => service.mfaSettings(tx, ctx.tenantId as string)),
  );

  app.post(
    '/api/users/update-mfa-settings',
    { schema: { tags, body: MfaSettingsBodySchema, response: responses(MfaSettingsSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => service.updateMfaSettings(tx, ctx, clock, request.body));
    },
  );

  app.post(
    '/api/mail-outbox/list',
    { schema: { tags, body: OutboxListBodySchema, response: responses(OutboxListResponseSchema) } },
    async (request) =>
      readInTenant(db, contextOf(request), (tx, ctx) => listOutbox(tx, ctx.principal.userId, request.body)),
  );

  app.post(
    '/api/users/update-own-profile',
    { schema: { tags, body: OwnProfileBodySchema, response: responses(MessageSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      await service.updateOwnProfile(db, ctx, clock, request.body);
      return { message: 'Profile updated successfully' };
    },
  );

  // Public link pages, throttled like login (SECURITY 8): 10 bad tokens per IP in 15 minutes answer 429.
  const throttled = async <T>(ip: string, fn: () => Promise<T>): Promise<T> => {
    const now = clock();
    await unlessThrottled(db, LINK_ATTEMPTS, ip, now, async () => null, { account: false });
    try {
      return await fn();
    } catch (e) {
      if (e instanceof AppError && e.message === LINK_INVALID)
        await inSystemTx(db, (tx) => recordFailure(tx, LINK_ATTEMPTS, ip, now));
      throw e;
    }
  };

  app.post(
    '/api/users/link-info',
    { schema: { tags, body: TokenInfoBodySchema, response: responses(TokenInfoSchema) } },
    async (request) =>
      throttled(request.ip, async () => {
        const info = await inSystemTx(db, (tx) => service.tokenInfo(tx, request.body.token, clock()));
        if (!info) throw service.invalidLink();
        return info;
      }),
  );

  app.post(
    '/api/users/accept-link',
    { schema: { tags, body: AcceptTokenBodySchema, response: responses(AcceptLinkAnswerSchema) } },
    async (request, reply) =>
      throttled(request.ip, async () => {
        const { userId, secondStep } = await service.acceptLink(db, clock, request.body);
        // Issue 39: a second step due (a code, or enrolment) is never skipped: the normal sign-in follows.
        if (secondStep) return { message: LINK_SIGN_IN_NEXT[secondStep], signedIn: false };
        // Signed in at once with a new session (the page then loads /api/auth/me like a login).
        setSessionCookie(request, reply, await createSession(db, userId, clock()));
        return { message: 'Your password is set. Welcome to Caseport.', signedIn: true };
      }),
  );
};
