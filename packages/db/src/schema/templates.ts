import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { tenants } from './platform';

/**
 * Master data `sign_doc_tpl` (R-ESIGN-010): what an e-sign template is for. Rows: seed/data/sign-doc-types.json
 * (migration 0016 inserts the same rows for data dirs created before it).
 */
export const signDocTypes = pgTable('sign_doc_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/** Master data `agreement_types` (R-AGREE-008): the service agreement's type. Rows: seed/data/agreement-types.json. */
export const agreementTypes = pgTable('agreement_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/**
 * Columns every document template has (002 §3.5-3.7). `tenant_id` null holds the platform team's own
 * templates (roles 1 and 2 belong to no tenant). The document is a PDF stored through /api/common/upload;
 * the path is what the wire calls templateId / prepareTemplateId (docs/decisions.md, Templates).
 */
const templateColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').references(() => tenants.id),
  name: text('name').notNull(),
  documentPath: text('document_path').notNull(),
  documentName: text('document_name').notNull(),
  createdBy: uuid('created_by'),
  createdOn: createdOn(),
  updatedOn: updatedOn(),
});

const NO_TENANT = sql`'00000000-0000-0000-0000-000000000000'::uuid`;
type TemplateColumns = ReturnType<typeof templateColumns>;
type Built = { [K in keyof TemplateColumns]: AnyPgColumn };

/** Names are unique per tenant and list ignoring case; the platform's rows count as one more "tenant". */
const uniqueName = (table: string, t: Built) =>
  uniqueIndex(`${table}_name_uq`).on(sql`coalesce(${t.tenantId}, ${NO_TENANT})`, sql`lower(${t.name})`);
/** One index per list sort path a page is asked by, led by tenant_id and ending in the id tie-breaker. */
const pagingIndexes = (table: string, t: Built) => [
  index(`${table}_tenant_created_idx`).on(t.tenantId, t.createdOn, t.id),
  index(`${table}_tenant_name_idx`).on(t.tenantId, sql`lower(${t.name})`, t.id),
];

export const esignTemplates = pgTable(
  'esign_templates',
  {
    ...templateColumns(),
    tplType: integer('tpl_type')
      .notNull()
      .references(() => signDocTypes.id),
    noOfWorkLocations: smallint('no_of_work_locations').notNull(),
  },
  (t) => [
    check('esign_templates_locations_ck', sql`${t.noOfWorkLocations} between 1 and 3`),
    uniqueName('esign_templates', t),
    ...pagingIndexes('esign_templates', t),
  ],
);

export const contractTemplates = pgTable('contract_templates', templateColumns(), (t) => [
  uniqueName('contract_templates', t),
  ...pagingIndexes('contract_templates', t),
]);

export const agreements = pgTable(
  'agreements',
  {
    ...templateColumns(),
    serviceType: integer('service_type')
      .notNull()
      .references(() => agreementTypes.id),
    serviceTypeName: text('service_type_name').notNull(),
  },
  (t) => [
    // R-AGREE-006: one service agreement per tenant (and one for the platform), even under a race.
    uniqueIndex('agreements_one_per_tenant_uq').on(sql`coalesce(${t.tenantId}, ${NO_TENANT})`),
    // The expression index above cannot serve `tenant_id = $1`; the list pages like the others.
    ...pagingIndexes('agreements', t),
  ],
);

/**
 * Issue 20: the signature, initials, date and text fields placed on a prepared e-sign document, one row per
 * document (`document_path` is the template's prepareTemplateId). `fields` is the validated array of
 * packages/domain esign-fields (page, x, y, width, height in PDF points, role, type), replaced whole on save.
 */
export const esignFields = pgTable(
  'esign_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id),
    documentPath: text('document_path').notNull(),
    fields: jsonb('fields').notNull().default(sql`'[]'::jsonb`),
    updatedBy: uuid('updated_by'),
    updatedOn: updatedOn(),
  },
  (t) => [
    check('esign_fields_array_ck', sql`jsonb_typeof(${t.fields}) = 'array' and jsonb_array_length(${t.fields}) <= 100`),
    uniqueIndex('esign_fields_document_uq').on(sql`coalesce(${t.tenantId}, ${NO_TENANT})`, t.documentPath),
  ],
);
