import type { Tx } from '@caseport/db/client';
import type { Delivery, UserInviteBody, UserItem } from '@caseport/domain/users/contracts';
import { type RequestContext, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { deliver, deliverDecoy } from '../../platform/one-time-links';
import { noticeOwner } from '../../platform/owner-notice';
import { asEmailTaken, takenElsewhere } from '../../platform/users';
import * as service from './service';

/** Issue 39 (finding 8): the owner of an e-mail another tenant tried to invite is told; the inviter is not. */
const elsewhereNotice = (owner: { id: string; tenantId: string | null; email: string; firstName: string }) => ({
  tenantId: owner.tenantId,
  userId: owner.id,
  to: owner.email,
  subject: 'Someone tried to invite you to Caseport',
  text: `Hello ${owner.firstName},\n\nAn administrator of another organization on Caseport tried to invite this e-mail address. You already have a Caseport account, so nothing was changed and no invitation was made. If you are meant to join them, ask them to invite another address of yours.\n`,
});

/**
 * An invitation, whole (issue 16; issue 39 finding 8): an address taken in this tenant is refused; one taken in
 * another tenant is answered as if invited and makes nothing (its owner is told); else the user is made and the link
 * sent after the commit (without a transport, the answer carries it). Users' Invite and a case's Invite and link
 * (issue 35 item 1) are this one path. `within.before` runs first in the transaction (a check that may refuse: the
 * case exists); `within.after` on the user made, in the same transaction, writing the request's one audit row
 * (the invitation's own is then left out).
 */
export const invite = async (
  { db, mailer, clock }: Pick<AppDeps, 'db' | 'mailer' | 'clock'>,
  ctx: RequestContext,
  body: UserInviteBody,
  origin: string,
  within: { before?: (tx: Tx) => Promise<void>; after?: (tx: Tx, user: UserItem) => Promise<void> } = {},
): Promise<{ user: UserItem; delivery: Delivery }> => {
  const owner = await takenElsewhere(db, body.email, ctx.tenantId as string);
  if (owner) {
    const { user, mail } = await runInTenant(db, ctx, async (tx) => {
      await within.before?.(tx);
      return service.inviteTakenElsewhere(tx, ctx, clock, body, origin);
    });
    const now = clock();
    const delivery = await deliverDecoy(db, mailer, mail, now);
    await noticeOwner(db, mailer, elsewhereNotice(owner), now);
    return { user, delivery };
  }
  const { user, mail } = await asEmailTaken(() =>
    runInTenant(db, ctx, async (tx) => {
      await within.before?.(tx);
      const made = await service.inviteUser(tx, ctx, clock, body, origin, { audit: !within.after });
      await within.after?.(tx, made.user);
      return made;
    }),
  );
  return { user, delivery: await deliver(db, mailer, mail, clock()) };
};
