import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Reference data shared by every tenant (read-only to the app role). Sources: seed/data/SOURCES.md. */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  phoneCode: text('phone_code').notNull(),
  order: integer('order').notNull(),
  currencySymbol: text('currency_symbol'),
  currencyCode: text('currency_code'),
  zipcodeLength: integer('zipcode_length'),
  sortName: text('sort_name').notNull(),
});

export const states = pgTable(
  'states',
  {
    id: integer('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
    code: text('code'),
  },
  (t) => [index('states_country_idx').on(t.countryId)],
);

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
  },
  (t) => [index('cities_state_idx').on(t.stateId)],
);

export const userRoles = pgTable('user_roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const petitionTypes = pgTable('petition_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  formNumber: text('form_number'),
  category: text('category').notNull(),
  /** Issue 21: the tenant types (1 law firm, 2 petitioner company) that may use it; the platform edits it. */
  tenantTypes: integer('tenant_types').array().notNull().default([1, 2]),
  active: boolean('active').notNull().default(true),
});

export const petitionSubTypes = pgTable(
  'petition_sub_types',
  {
    id: integer('id').primaryKey(),
    petitionTypeId: integer('petition_type_id')
      .notNull()
      .references(() => petitionTypes.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    tenantTypes: integer('tenant_types').array().notNull().default([1, 2]),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('petition_sub_types_type_idx').on(t.petitionTypeId)],
);

export const templateTypes = pgTable('template_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});
