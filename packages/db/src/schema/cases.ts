import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './case-codes';
import { createdOn, updatedOn } from './columns';
import { tenants, users } from './platform';

/**
 * The people of a tenant's cases (issue 34): a beneficiary or applicant, a sponsor. One record reused across
 * cases; the shared contract is packages/domain/src/people/contracts.ts. Dates are calendar dates (no zone).
 */
export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    countryOfBirth: text('country_of_birth'),
    countryOfCitizenship: text('country_of_citizenship'),
    passportNumber: text('passport_number'),
    passportExpiry: date('passport_expiry', { mode: 'string' }),
    i94Number: text('i94_number'),
    i94Expiry: date('i94_expiry', { mode: 'string' }),
    currentStatus: text('current_status'),
    statusExpiry: date('status_expiry', { mode: 'string' }),
    inUS: boolean('in_us').notNull().default(false),
    email: text('email'),
    phone: text('phone'),
    address: jsonb('address'),
    createdBy: uuid('created_by'),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    unique('persons_tenant_id_uq').on(t.tenantId, t.id),
    index('persons_tenant_name_idx').on(t.tenantId, sql`lower(${t.familyName})`, sql`lower(${t.givenName})`, t.id),
    index('persons_tenant_created_idx').on(t.tenantId, t.createdOn, t.id),
  ],
);

/** The portal accounts that act on a case (roles 50, 51, 12, 11): linked users of the same tenant. */
export const caseAccounts = pgTable(
  'case_accounts',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    caseId: uuid('case_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull(),
    /** Migration 0055: linked because the case names this petitioner (removed when it changes); false: by hand. */
    automatic: boolean('automatic').notNull().default(false),
    createdOn: createdOn(),
  },
  (t) => [
    primaryKey({ name: 'case_accounts_pk', columns: [t.tenantId, t.caseId, t.userId, t.roleId] }),
    foreignKey({
      name: 'case_accounts_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }).onDelete('cascade'),
    index('case_accounts_user_idx').on(t.tenantId, t.userId),
  ],
);

/**
 * A workflow's activities run on one case (issue 34 item 5): instantiated from the workflow when the case is
 * opened, so later edits of the workflow leave the case's run alone. `version` is bumped on every transition:
 * a transition names the version it saw, and the one that lost the race gets 409.
 */
export const caseActivities = pgTable(
  'case_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    caseId: uuid('case_id').notNull(),
    seq: integer('seq').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    step: integer('step').notNull(),
    status: text('status').notNull(),
    optional: boolean('optional').notNull().default(false),
    /** The role ids that may act on it (the workflow's editors). */
    ownerRoleIds: integer('owner_role_ids').array().notNull().default(sql`'{}'::integer[]`),
    ownerId: uuid('owner_id'),
    dueOn: date('due_on', { mode: 'string' }),
    /** What the activity recorded: an LCA's number, a payment, a USCIS outcome, the user it assigned. */
    data: jsonb('data').notNull().default({}),
    version: integer('version').notNull().default(0),
    // Migration 0052: the rest of the run engine's RunActivity (packages/domain/src/cases/run.ts), stored when
    // the run is instantiated so that later edits of the workflow leave this case's run alone.
    /** What completing it records (RunKind): step, assign, lca, invoice, fee, uscis, approve. */
    kind: text('kind').notNull().default('step'),
    /** The person outside the firm it waits for (RunWaitsFor): beneficiary, petitioner, signatory. */
    waitsFor: text('waits_for'),
    /** ASSIGN_* only: the role id whose user it picks. */
    assigns: integer('assigns'),
    /** The activity codes of this run it waits for. */
    dependsOn: text('depends_on').array().notNull().default(sql`'{}'::text[]`),
    /** UPDATE_USCIS_RESPONSE only: the responses recorded, in order. */
    uscisResponses: text('uscis_responses').array().notNull().default(sql`'{}'::text[]`),
    doneBy: uuid('done_by'),
    doneOn: timestamp('done_on', { withTimezone: true, mode: 'string' }),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    unique('case_activities_tenant_id_uq').on(t.tenantId, t.id),
    unique('case_activities_case_code_uq').on(t.tenantId, t.caseId, t.code),
    foreignKey({
      name: 'case_activities_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }).onDelete('cascade'),
    index('case_activities_case_idx').on(t.tenantId, t.caseId, t.seq),
    check('case_activities_status_ck', sql`${t.status} in ('waiting', 'open', 'done', 'skipped')`),
  ],
);
