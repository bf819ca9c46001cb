import { type Db, type Executor, inSystemTx, schema } from '@caseport/db/client';
import {
  type Delivery,
  INVITATION_TTL_MS,
  linkFor,
  RESET_TTL_MS,
  type TokenPurpose,
} from '@caseport/domain/users/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from './context';
import type { Mailer } from './mail';
import { newToken, sessionIdOf } from './session';

/**
 * One-time links (issue 16): an invitation sets the first password, a reset a new one. The token is 256
 * random bits; only its SHA-256 is stored (as for sessions), a link works once, expires (7 days, 24 hours),
 * and a newer link for the same user replaces any unused one. The message goes to the outbox in the
 * caller's transaction; it is sent after the commit (never an SMTP round trip inside a transaction).
 */
export interface LinkFor {
  userId: string;
  tenantId: string | null;
  email: string;
  firstName: string;
  tenantName: string | null;
  purpose: TokenPurpose;
}

export interface PendingMail {
  outboxId: string;
  to: string;
  subject: string;
  text: string;
  link: string;
  expiresAt: Date;
}

export const tokenHashOf = sessionIdOf;

/**
 * The origin links point to: PUBLIC_URL when configured (a link must not depend on the Host header a request
 * brings), else the one the admin is using (behind TRUST_PROXY, the forwarded one).
 */
export const originOf = (request: FastifyRequest, publicUrl: string | null = null) =>
  publicUrl ? publicUrl.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;

const messageOf = (l: LinkFor, link: string) => {
  const org = l.tenantName ?? 'Caseport';
  return l.purpose === 'invite'
    ? {
        subject: `You are invited to ${org} on Caseport`,
        text: `Hello ${l.firstName},\n\nYou have been invited to ${org} on Caseport. Open this link to set your password and sign in (it works once, for 7 days):\n\n${link}\n`,
      }
    : {
        subject: 'Reset your Caseport password',
        text: `Hello ${l.firstName},\n\nAn administrator of ${org} started a password reset for your account. Open this link to choose a new password (it works once, for 24 hours):\n\n${link}\n`,
      };
};

/** The link's message in the tenant's outbox (sent after the commit), as the caller hands it on. */
const queueLinkMail = async (
  tx: Executor,
  ctx: Pick<RequestContext, 'principal'>,
  l: LinkFor,
  link: string,
  expiresAt: Date,
): Promise<PendingMail> => {
  const { subject, text } = messageOf(l, link);
  const [row] = await tx
    .insert(schema.mailOutbox)
    .values({ tenantId: l.tenantId, to: l.email, subject, body: text, createdBy: ctx.principal.userId })
    .returning({ id: schema.mailOutbox.id });
  return { outboxId: row?.id as string, to: l.email, subject, text, link, expiresAt };
};

export const issueLink = async (
  tx: Executor,
  ctx: Pick<RequestContext, 'principal'>,
  l: LinkFor,
  origin: string,
  now: Date,
): Promise<PendingMail> => {
  await tx
    .delete(schema.userTokens)
    .where(and(eq(schema.userTokens.userId, l.userId), isNull(schema.userTokens.usedAt)));
  const token = newToken();
  const expiresAt = new Date(now.getTime() + (l.purpose === 'invite' ? INVITATION_TTL_MS : RESET_TTL_MS));
  await tx.insert(schema.userTokens).values({
    tenantId: l.tenantId,
    userId: l.userId,
    purpose: l.purpose,
    tokenHash: tokenHashOf(token),
    expiresAt,
    createdBy: ctx.principal.userId,
  });
  const link = linkFor(origin, l.purpose, token);
  return queueLinkMail(tx, ctx, l, link, expiresAt);
};

/**
 * Issue 39 (finding 8): an invitation of an e-mail taken in another tenant looks, to the inviting admin, like
 * any other (the same message in their outbox, a link of the same form); its token is stored nowhere, so the
 * link answers like an expired one, and no message is sent to that address (its owner gets a notice instead).
 */
export const issueDecoyLink = async (
  tx: Executor,
  ctx: Pick<RequestContext, 'principal'>,
  l: LinkFor,
  origin: string,
  now: Date,
): Promise<PendingMail> => {
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const link = linkFor(origin, l.purpose, newToken());
  return queueLinkMail(tx, ctx, l, link, expiresAt);
};

/** The decoy's delivery, answered as `deliver` would (with a transport: marked sent, nothing sent). */
export const deliverDecoy = async (db: Db, mailer: Mailer | null, mail: PendingMail, now: Date): Promise<Delivery> => {
  if (!mailer) return { sent: false, link: mail.link, expiresAt: mail.expiresAt.toISOString() };
  await inSystemTx(db, (tx) =>
    tx.update(schema.mailOutbox).set({ sentAt: now }).where(eq(schema.mailOutbox.id, mail.outboxId)),
  );
  return { sent: true, link: null, expiresAt: mail.expiresAt.toISOString() };
};

/**
 * Sends a committed outbox message when a transport is configured. Without one, or when sending fails, the
 * admin gets the link to copy (it stays in their outbox, unsent).
 */
export const deliver = async (db: Db, mailer: Mailer | null, mail: PendingMail, now: Date): Promise<Delivery> => {
  const unsent = { sent: false, link: mail.link, expiresAt: mail.expiresAt.toISOString() };
  if (!mailer) return unsent;
  try {
    await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text });
  } catch {
    return unsent;
  }
  await inSystemTx(db, (tx) =>
    tx.update(schema.mailOutbox).set({ sentAt: now }).where(eq(schema.mailOutbox.id, mail.outboxId)),
  );
  return { sent: true, link: null, expiresAt: mail.expiresAt.toISOString() };
};
