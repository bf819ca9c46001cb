import type { Db, Tx } from '@caseport/db/client';
import type { TenantProfile } from '@caseport/domain/profile/contracts';
import type { Delivery, UserInviteBody, UserItem } from '@caseport/domain/users/contracts';
import type { Clock } from './clock';
import type { RequestContext } from './context';
import type { FileStorage } from './file-storage';
import type { Mailer } from './mail';
import type { PendingMail } from './one-time-links';
import type { PaymentProvider, SandboxProvider } from './payments';
import type { SecretBox } from './secret-box';
import type { SignatureProvider } from './signed-document';

/** What every feature plugin receives. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  /** null without SMTP_URL: mail waits in the outbox for the admin to copy its link. */
  mailer: Mailer | null;
  /** D-26: the payment processor billing charges through. */
  payments: PaymentProvider;
  /** Issue 35 item 3: who makes a signed document (the built-in signer by default, signed-document.ts). */
  signer: SignatureProvider;
  /** The in-process sandbox processor when it is the provider (its tokenization route), else null. */
  sandbox: SandboxProvider | null;
  /** Encrypts the TOTP secrets (platform/secret-box.ts). */
  secrets: SecretBox;
  /** PUBLIC_URL: the origin of invitation and reset links; null: the request's own. */
  publicUrl: string | null;
  /** What creating and reading a tenant takes from other areas, wired by app.ts. */
  tenantAreas: TenantAreas;
}

/**
 * The services of other areas the tenants area calls (issue 16, 21; R-PROFILE-039). A feature imports no other
 * feature (issue 40): app.ts, which registers every feature, hands them in.
 */
export interface TenantAreas {
  /** users: invites the new tenant's first admin; `audit: false` when the caller's own audit row names it. */
  inviteUser(
    tx: Tx,
    ctx: RequestContext,
    clock: Clock,
    body: UserInviteBody,
    origin: string,
    options?: { audit?: boolean },
  ): Promise<{ user: UserItem; mail: PendingMail }>;
  /**
   * users: the whole invitation of Users' Invite (refused when taken here, answered as sent when taken elsewhere),
   * `within.after` run on the user made in its transaction (issue 35 item 1: a case links them).
   */
  invite(
    deps: Pick<AppDeps, 'db' | 'mailer' | 'clock'>,
    ctx: RequestContext,
    body: UserInviteBody,
    origin: string,
    within?: { before?: (tx: Tx) => Promise<void>; after?: (tx: Tx, user: UserItem) => Promise<void> },
  ): Promise<{ user: UserItem; delivery: Delivery }>;
  /** case-types: the new tenant's starter library and the platform's default configurations. */
  startTenantConfiguration(
    tx: Tx,
    ctx: RequestContext,
    storage: FileStorage,
    tenantType: number,
    options?: { audit?: boolean },
  ): Promise<{ library: string[] | null; platformDefaults: number }>;
  /** profile: the tenant object of 000 §3; another tenant's id is not found. */
  loadTenantProfile(tx: Tx, ctx: RequestContext, tenantId: string): Promise<TenantProfile>;
}
