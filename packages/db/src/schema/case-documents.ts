import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { cases } from './case-codes';
import { createdOn } from './columns';
import { files, tenants, users } from './platform';

/**
 * A case's documents (issue 34 item 4, migration 0054): files uploaded on the case, and letters filled for it
 * (recorded when the filled file is handed to the user). The bytes are the tenant's stored file (`files`), served
 * only through /api/cases/documents/download. Deleting one sets `deleted_on`: the row and its file stay, so a
 * delete can be undone by hand and the history keeps what was there.
 */
export const caseDocuments = pgTable(
  'case_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    caseId: uuid('case_id').notNull(),
    /** 'upload' or 'letter'. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    filePath: text('file_path')
      .notNull()
      .references(() => files.storedName),
    /**
     * The letter template a 'letter' was filled from. No foreign key on purpose: a letter deleted in Settings
     * leaves the letters already filled for cases as they are.
     */
    formLetterId: uuid('form_letter_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdOn: createdOn(),
    deletedOn: timestamp('deleted_on', { withTimezone: true, mode: 'string' }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('case_documents_tenant_id_uq').on(t.tenantId, t.id),
    foreignKey({
      name: 'case_documents_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }).onDelete('cascade'),
    index('case_documents_case_idx').on(t.tenantId, t.caseId, t.createdOn),
    check(
      'case_documents_kind_ck',
      sql`(${t.kind} = 'upload' and ${t.formLetterId} is null) or (${t.kind} = 'letter' and ${t.formLetterId} is not null)`,
    ),
  ],
);
