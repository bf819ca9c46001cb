import { sql } from 'drizzle-orm';
import {
  check,
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
import { createdOn } from './columns';
import { tenants, users } from './platform';

/**
 * Documents sent from a case for signature (issue 35 item 3, migration 0059): the PDF sent and its SHA-256, the
 * fields placed on it (copied when sent), its status (packages/domain/src/cases/envelopes.ts), and once every signer
 * has signed the signed PDF with its certificate page and the SHA-256 of that file. A signed envelope never changes.
 */
export const envelopes = pgTable(
  'envelopes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    caseId: uuid('case_id').notNull(),
    name: text('name').notNull(),
    /** 'esign-template' (a prepared template and its placed fields) or 'case-document' (a filled letter). */
    sourceKind: text('source_kind').notNull(),
    sourceId: uuid('source_id'),
    fields: jsonb('fields').notNull().default(sql`'[]'::jsonb`),
    sentFile: text('sent_file').notNull(),
    sha256Sent: text('sha256_sent').notNull(),
    signedFile: text('signed_file'),
    sha256SignedPages: text('sha256_signed_pages'),
    sha256: text('sha256'),
    status: text('status').notNull().default('sent'),
    version: integer('version').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdOn: createdOn(),
    closedOn: timestamp('closed_on', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    unique('envelopes_tenant_id_uq').on(t.tenantId, t.id),
    unique('envelopes_case_id_uq').on(t.tenantId, t.caseId, t.id),
    foreignKey({
      name: 'envelopes_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }).onDelete('cascade'),
    index('envelopes_case_idx').on(t.tenantId, t.caseId, t.createdOn),
    check('envelopes_source_ck', sql`${t.sourceKind} in ('esign-template', 'case-document')`),
    check('envelopes_status_ck', sql`${t.status} in ('sent', 'viewed', 'signed', 'declined', 'cancelled')`),
    check(
      'envelopes_signed_ck',
      sql`(${t.status} = 'signed') = (${t.signedFile} is not null and ${t.sha256} is not null)`,
    ),
  ],
);

/** An envelope's signers in order: their turn, what they did and when, and from which address they signed. */
export const envelopeSigners = pgTable(
  'envelope_signers',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** The envelope's case (kept equal by the foreign key): the party policy reads case_accounts alone. */
    caseId: uuid('case_id').notNull(),
    envelopeId: uuid('envelope_id').notNull(),
    seq: integer('seq').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The placed fields' signer role they sign for (signatory, petitioner, beneficiary, attorney). */
    role: text('role').notNull(),
    status: text('status').notNull(),
    viewedOn: timestamp('viewed_on', { withTimezone: true, mode: 'string' }),
    signedOn: timestamp('signed_on', { withTimezone: true, mode: 'string' }),
    signedFrom: text('signed_from'),
    signature: jsonb('signature'),
    declineReason: text('decline_reason'),
  },
  (t) => [
    primaryKey({ name: 'envelope_signers_pk', columns: [t.tenantId, t.envelopeId, t.seq] }),
    unique('envelope_signers_once_uq').on(t.tenantId, t.envelopeId, t.userId),
    foreignKey({
      name: 'envelope_signers_envelope_fk',
      columns: [t.tenantId, t.caseId, t.envelopeId],
      foreignColumns: [envelopes.tenantId, envelopes.caseId, envelopes.id],
    }).onDelete('cascade'),
    index('envelope_signers_user_idx').on(t.tenantId, t.userId, t.status),
    check('envelope_signers_status_ck', sql`${t.status} in ('waiting', 'pending', 'viewed', 'signed', 'declined')`),
  ],
);
