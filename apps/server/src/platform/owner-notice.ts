import { type Db, type Executor, inSystemTx, schema } from '@caseport/db/client';
import { eq } from 'drizzle-orm';
import type { Mailer } from './mail';

/**
 * Issue 39: a notice to an account's owner about their own account (failed sign-ins, a locked second step).
 * It goes to the mail outbox like every other message (written by and shown to the owner), and is sent after
 * the commit when a transport is configured; a failed send leaves it in the outbox.
 */
export interface OwnerNotice {
  tenantId: string | null;
  userId: string;
  to: string;
  subject: string;
  text: string;
}

/** Writes the notice in the caller's transaction; returns its outbox id. */
export const queueNotice = async (tx: Executor, n: OwnerNotice) => {
  const [row] = await tx
    .insert(schema.mailOutbox)
    .values({ tenantId: n.tenantId, to: n.to, subject: n.subject, body: n.text, createdBy: n.userId })
    .returning({ id: schema.mailOutbox.id });
  return row?.id as string;
};

/** Sends a committed notice (nothing to do without a transport). */
export const sendNotice = async (db: Db, mailer: Mailer | null, outboxId: string, n: OwnerNotice, now: Date) => {
  if (!mailer) return;
  try {
    await mailer.send({ to: n.to, subject: n.subject, text: n.text });
  } catch {
    return;
  }
  await inSystemTx(db, (tx) =>
    tx.update(schema.mailOutbox).set({ sentAt: now }).where(eq(schema.mailOutbox.id, outboxId)),
  );
};

/** Queue and send in one go (its own system transaction). */
export const noticeOwner = async (db: Db, mailer: Mailer | null, n: OwnerNotice, now: Date) => {
  const id = await inSystemTx(db, (tx) => queueNotice(tx, n));
  await sendNotice(db, mailer, id, n, now);
};

/**
 * Issue 35 item 5: an e-mail a request writes to the outbox in its own transaction (a rollback sends nothing);
 * its route sends it after the commit (`deliverQueued`).
 */
export interface QueuedMail {
  id: string;
  notice: OwnerNotice;
}
export const queueMail = async (
  tx: Executor,
  from: { tenantId: string; userId: string },
  to: string,
  mail: { subject: string; text: string },
): Promise<QueuedMail> => {
  const notice = { tenantId: from.tenantId, userId: from.userId, to, ...mail };
  return { id: await queueNotice(tx, notice), notice };
};

/** A route's answer once the e-mails its transaction queued are sent (a failed send stays in the outbox). */
export const deliverQueued =
  (db: Db, mailer: Mailer | null, clock: () => Date) =>
  async <T>({ answer, mails }: { answer: T; mails: QueuedMail[] }) => {
    for (const m of mails) await sendNotice(db, mailer, m.id, m.notice, clock());
    return answer;
  };
