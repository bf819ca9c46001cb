import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';

/** A tenant: law firm (type 1) or petitioner company (type 2). The profile fields of 000 §3 live in
 *  `profile` until the profile area gives them columns; slug/idPrefix are columns because they are
 *  unique across tenants. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  type: smallint('type').notNull(),
  slug: text('slug').unique(),
  idPrefix: text('id_prefix').unique(),
  profComplted: text('prof_complted').notNull().default('no'),
  profile: jsonb('profile').notNull().default(sql`'{}'::jsonb`),
  /** Subscription plan code; null means "plan missing" (R-SHELL-043). */
  subscriptionPlan: text('subscription_plan'),
  /** Payment-provider token of the card on file (D-26: never the card number); null means "card missing". */
  cardToken: text('card_token'),
  /** D-26, R-BILL-001: what billing shows of that card: brand, last4, exp_month, exp_year (never the number). */
  card: jsonb('card'),
  /** The subscription of `subscriptionPlan`: interval, coupon, start and renewal dates (null before one). */
  subscription: jsonb('subscription'),
  /** R-BILL-005: when the tenant accepted the payment terms (null until then). */
  payTermsAcceptedOn: timestamp('pay_terms_accepted_on', { withTimezone: true }),
  /** R-BILL-010: busName and authPerson of the Billing Details panel; null until first saved. */
  billingDetails: jsonb('billing_details'),
  timezone: text('timezone').notNull().default('America/New_York'),
  /** 'active' or 'suspended': a suspended tenant's sessions end and its users cannot sign in (issue 16). */
  status: text('status').notNull().default('active'),
  /**
   * Two-factor sign-in: the tenant's one rule. `mfaRequired` is 002 §3.1's (the global configuration reads and
   * writes it here, migration 0044); when on, the roles in `mfaRoles` must enrol and give a code at sign-in,
   * every user when the list is empty (`mfaAppliesTo`, packages/domain/src/auth/mfa.ts).
   */
  mfaRequired: boolean('mfa_required').notNull().default(false),
  mfaRoles: jsonb('mfa_roles').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
  createdOn: createdOn(),
  updatedOn: updatedOn(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null for platform administrators (roles 1 and 2). */
    tenantId: uuid('tenant_id').references(() => tenants.id),
    email: text('email').notNull().unique(),
    /** null while an invitation is pending: the user sets the first password by accepting it (issue 16). */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    roleId: integer('role_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The branch the user works in (issue 16); a branch manager (role 4) manages only their branch's users. */
    branchId: uuid('branch_id').references((): AnyPgColumn => branches.id, { onDelete: 'set null' }),
    /** TOTP secret, encrypted (platform/secret-box.ts); null until enrolment is confirmed with a code. */
    mfaSecret: text('mfa_secret'),
    /** A secret shown as a QR code and not yet confirmed (encrypted too). */
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code (or an older one) is never accepted twice. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    /** SHA-256 of the unused recovery codes; a code is removed when used. */
    mfaRecoveryHashes: jsonb('mfa_recovery_hashes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * Issue 39: wrong second-step codes since the last right one (never cleared by the password step); at
     * MFA_ACCOUNT_LIMIT the second step locks (`mfaLockedAt`) until a new password or an admin's reset.
     */
    mfaFailures: integer('mfa_failures').notNull().default(0),
    mfaLockedAt: timestamp('mfa_locked_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [index('users_tenant_idx').on(t.tenantId), index('users_branch_idx').on(t.branchId)],
);

/** A tenant's office (issue 16; tabs branchList / branchCreate / branchDetails). */
export const branches = pgTable(
  'branches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    /** The shared address shape (profile AddressSchema, detail objects filled from master data). */
    address: jsonb('address'),
    phone: text('phone').notNull().default(''),
    managerId: uuid('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [uniqueIndex('branches_tenant_name_unique').on(t.tenantId, sql`lower(${t.name})`)],
);

/** Server-side sessions. `id` is the SHA-256 of the cookie token: a leaked table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed logins, for throttling per account and per IP (SECURITY 8). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.at), index('login_failures_ip_idx').on(t.ip, t.at)],
);

/**
 * Issue 39: the addresses an account signed in from (password step passed), so strangers' failures slow
 * strangers and not the owner at their usual address (NIST SP 800-63B-4 §3.2.2). System context only.
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.ip] })],
);

/** Append-only audit log (ARCHITECTURE §7): UPDATE and DELETE are refused by a trigger. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    roleId: integer('role_id'),
    tenantId: uuid('tenant_id'),
    actingTenantId: uuid('acting_tenant_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  // Issue 37 (migration 0063): each scope of the audit list read in its order (at, id).
  (t) => [
    index('audit_log_tenant_at_idx').on(t.tenantId, t.at, t.id),
    index('audit_log_acting_at_idx').on(t.actingTenantId, t.at, t.id).where(sql`${t.actingTenantId} is not null`),
    index('audit_log_case_at_idx').on(t.entityId, t.at, t.id).where(sql`${t.entity} = 'case'`),
  ],
);

/** Uploaded files. `storedName` is random; the original name is kept only for Content-Disposition. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null for platform-level files uploaded by roles 1 and 2 outside any tenant. */
    tenantId: uuid('tenant_id').references(() => tenants.id),
    storedName: text('stored_name').notNull().unique(),
    originalName: text('original_name').notNull(),
    extn: text('extn').notNull(),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
    secureType: text('secure_type').notNull(),
    purpose: text('purpose').notNull(),
    createdBy: uuid('created_by'),
    createdOn: createdOn(),
  },
  (t) => [index('files_tenant_idx').on(t.tenantId)],
);

/**
 * One-time links (issue 16): an invitation (the first password) or a password reset. Only the SHA-256 of the
 * token is stored; a link is used once, expires, and a newer link for the same user replaces it.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null for platform users (roles 1 and 2). */
    tenantId: uuid('tenant_id').references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Issue 39: wrong codes given to this sign-in challenge (purpose 'mfa'). */
    failures: integer('failures').notNull().default(0),
    createdBy: uuid('created_by'),
    createdOn: createdOn(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId)],
);

/**
 * Outgoing mail (issue 16). Every message is written here first; with SMTP_URL set it is sent and `sent_at`
 * stamped. Without a transport it stays unsent and the admin who caused it copies the link from it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The user whose action wrote it: only they see it in the outbox. */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_creator_created_id_idx').on(t.createdBy, t.createdAt, t.id)],
);

// The workflows table lives in ./workflows.ts (the workflows area).

/** PostgreSQL bytea as a Node Buffer (drizzle 0.45 has no bytea column of its own). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The bytes of uploaded files when the server runs on PostgreSQL (issue 22: every process serves every file).
 * System context only; `files` (row-level security) decides who may read a path.
 */
export const fileBlobs = pgTable('file_blobs', {
  path: text('path').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Rate-limit counters shared by every server process on one PostgreSQL (issue 22, SECURITY 23). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowEnds)],
);
