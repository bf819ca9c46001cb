import { type Executor, schema } from '@caseport/db/client';
import type { MasterDataListBody } from '@caseport/domain/master-data/contracts';
import { and, asc, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** Categories answered without a master-data table (fixed domain lists, or the caller's own data). */
export type ComputedCategory = 'case_id_type' | 'invoice_status' | 'invoice_company_list' | 'timezone';

type Source = {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  order?: PgColumn;
  where: (m: MasterDataListBody['matcher']) => SQL[];
};

const like = (column: PgColumn, s?: string) => (s ? [ilike(column, `%${s.replace(/[\\%_]/g, '\\$&')}%`)] : []);

/** A plain id/name list (roles, case types, template types ...): the search matches the name. */
const searchedByName = (table: PgTable & { id: PgColumn; name: PgColumn }): Source => ({
  table,
  id: table.id,
  name: table.name,
  where: (m) => like(table.name, m.searchString),
});

/** One entry per category: its table and the matcher fields it honours (states by countryId, locations by
 *  stateId, sub-types by petitionType). */
const SOURCES: Record<Exclude<MasterDataListBody['category'], ComputedCategory>, Source> = {
  countries: {
    table: schema.countries,
    id: schema.countries.id,
    name: schema.countries.name,
    order: schema.countries.order,
    where: (m) => like(schema.countries.name, m.searchString),
  },
  states: {
    table: schema.states,
    id: schema.states.id,
    name: schema.states.name,
    where: (m) => [
      ...(m.countryId ? [eq(schema.states.countryId, m.countryId)] : []),
      ...like(schema.states.name, m.searchString),
    ],
  },
  locations: {
    table: schema.cities,
    id: schema.cities.id,
    name: schema.cities.name,
    where: (m) => [
      ...(m.stateId ? [eq(schema.cities.stateId, m.stateId)] : []),
      ...like(schema.cities.name, m.searchString),
    ],
  },
  user_roles: searchedByName(schema.userRoles),
  petition_types: searchedByName(schema.petitionTypes),
  petition_sub_types: {
    table: schema.petitionSubTypes,
    id: schema.petitionSubTypes.id,
    name: schema.petitionSubTypes.name,
    where: (m) => {
      const types =
        m.petitionType === undefined ? [] : Array.isArray(m.petitionType) ? m.petitionType : [m.petitionType];
      return [
        ...(types.length ? [inArray(schema.petitionSubTypes.petitionTypeId, types)] : []),
        ...like(schema.petitionSubTypes.name, m.searchString),
      ];
    },
  },
  template_types: searchedByName(schema.templateTypes),
  sign_doc_tpl: searchedByName(schema.signDocTypes),
  agreement_types: searchedByName(schema.agreementTypes),
  // R-SOC-038: the search matches the code (15-1252) or the title.
  soc_codes: {
    table: schema.socCodes,
    id: schema.socCodes.id,
    name: schema.socCodes.name,
    where: (m) =>
      m.searchString
        ? [or(...like(schema.socCodes.code, m.searchString), ...like(schema.socCodes.name, m.searchString)) as SQL]
        : [],
  },
};

/** @platformScope master data (countries, states, roles, couriers ...) is shared by every tenant */
export const listMasterData = async (tx: Executor, body: MasterDataListBody & { category: keyof typeof SOURCES }) => {
  const source = SOURCES[body.category];
  const sortColumn =
    body.sorting?.path === 'name'
      ? source.name
      : body.sorting?.path === 'order' && source.order
        ? source.order
        : source.id;
  const order = body.sorting?.order === -1 ? desc(sortColumn) : asc(sortColumn);
  const defaultOrder = source.order ? [asc(source.order), asc(source.name)] : [asc(source.id)];
  return tx
    .select()
    .from(source.table)
    .where(and(...source.where(body.matcher)))
    .orderBy(...(body.sorting ? [order] : defaultOrder))
    .limit(Math.min(body.perpage, 100_000))
    .offset((body.page - 1) * body.perpage);
};

/**
 * R-BILL-034 `invoice_company_list`: the companies whose invoices the caller may filter by, which is its own
 * tenant once it has an invoice (row-level security holds the same line). None in the platform context.
 */
export const invoiceCompanies = async (tx: Executor, tenantId: string | null) =>
  tenantId
    ? tx
        .selectDistinct({ _id: schema.tenants.id, name: schema.tenants.name })
        .from(schema.invoices)
        .innerJoin(schema.tenants, eq(schema.tenants.id, schema.invoices.tenantId))
        .where(eq(schema.invoices.tenantId, tenantId))
    : [];
