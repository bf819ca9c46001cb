import { type Db, inSystemTx, schema } from '@caseport/db/client';
import {
  REFERENCES,
  type Reference,
  type ReferenceKind,
  referenceKind,
  valuesAt,
} from '@caseport/domain/api/references';
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { AppError, fieldErrors } from './errors';
import { routeKey } from './guard';

/**
 * Ids inside a request that name other records (issue 25, finding 2; SECURITY 2). Every route's reference
 * fields are listed once, in packages/domain/src/api/references.ts; before any handler runs, each id found there
 * must name a record the caller's tenant may use — its own, or the platform's shared master data and files — or
 * the request is refused whole: 400 on the field for an id that names no record at all, 404 for a record of
 * another tenant. Nothing has been written when it answers. It reads in system context (the only place a record
 * of any tenant is visible, which is what tells "not there" from "not yours") and compares the owner itself; the
 * service's own transaction then reads under row-level security as always.
 */
interface Target {
  table: PgTable;
  key: PgColumn;
  /** The owning tenant's column; none for master data, which every tenant shares. */
  owner?: PgColumn;
  label: string;
  /** The 400 message when no record has the id. */
  missing?: string;
  /** Records of another table the same field may name, shared by every tenant (issue 21: the platform library). */
  shared?: { table: PgTable; key: PgColumn };
}

const TARGETS: Record<ReferenceKind, Target> = {
  tenant: { table: schema.tenants, key: schema.tenants.id, owner: schema.tenants.id, label: 'Tenant' },
  questionnaire: {
    table: schema.questionnaireTemplates,
    key: schema.questionnaireTemplates.id,
    owner: schema.questionnaireTemplates.tenantId,
    label: 'Questionnaire',
  },
  formLetter: {
    table: schema.formsAndLetters,
    key: schema.formsAndLetters.id,
    owner: schema.formsAndLetters.tenantId,
    label: 'Form or letter',
    // A case-type configuration's checklist also picks the platform library's forms and letters.
    shared: { table: schema.platformForms, key: schema.platformForms.id },
  },
  platformForm: { table: schema.platformForms, key: schema.platformForms.id, label: 'Form or letter' },
  // A file's tenant is null when roles 1 and 2 uploaded it outside any tenant: shared, like master data.
  file: {
    table: schema.files,
    key: schema.files.storedName,
    owner: schema.files.tenantId,
    label: 'File',
    missing: 'File not found. Upload it again.',
  },
  caseType: { table: schema.petitionTypes, key: schema.petitionTypes.id, label: 'Case type' },
  caseSubType: { table: schema.petitionSubTypes, key: schema.petitionSubTypes.id, label: 'Case subtype' },
  country: { table: schema.countries, key: schema.countries.id, label: 'Country' },
  state: { table: schema.states, key: schema.states.id, label: 'State' },
  city: { table: schema.cities, key: schema.cities.id, label: 'City' },
  courier: { table: schema.couriers, key: schema.couriers.id, label: 'Courier' },
  socCode: { table: schema.socCodes, key: schema.socCodes.id, label: 'SOC code' },
  role: { table: schema.userRoles, key: schema.userRoles.id, label: 'Role' },
  branch: { table: schema.branches, key: schema.branches.id, owner: schema.branches.tenantId, label: 'Branch' },
  // A platform user's tenant is null: never a tenant's manager (their null owner would read as shared).
  user: { table: schema.users, key: schema.users.id, owner: schema.users.tenantId, label: 'User' },
  person: { table: schema.persons, key: schema.persons.id, owner: schema.persons.tenantId, label: 'Person' },
  socCodeConfig: {
    table: schema.socCodeConfigs,
    key: schema.socCodeConfigs.id,
    owner: schema.socCodeConfigs.tenantId,
    label: 'SOC code',
  },
  // A platform-level center (tenant null) is every tenant's, like master data (R-SVC-014).
  serviceCenter: {
    table: schema.serviceCenters,
    key: schema.serviceCenters.id,
    owner: schema.serviceCenters.tenantId,
    label: 'Service center',
  },
};

interface Found {
  path: string;
  value: string | number;
  kind: ReferenceKind;
  message?: string;
}

/** The owner of each id that exists (null for shared records), per kind, read in one query a kind. */
const ownersOf = (db: Db, found: Found[]) =>
  inSystemTx(db, async (tx) => {
    const owners = new Map<string, string | null>();
    for (const kind of new Set(found.map((f) => f.kind))) {
      const t = TARGETS[kind];
      const values = [...new Set(found.filter((f) => f.kind === kind).map((f) => f.value))];
      const rows = await tx
        .select({ key: t.key, owner: t.owner ?? t.key })
        .from(t.table)
        .where(inArray(t.key, values));
      for (const r of rows) owners.set(`${kind}:${String(r.key)}`, t.owner ? (r.owner as string | null) : null);
      const rest = values.filter((v) => !owners.has(`${kind}:${String(v)}`));
      if (t.shared && rest.length) {
        const shared = await tx.select({ key: t.shared.key }).from(t.shared.table).where(inArray(t.shared.key, rest));
        for (const r of shared) owners.set(`${kind}:${String(r.key)}`, null);
      }
    }
    return owners;
  });

/** Checks one request's references (the route's entry of REFERENCES) against the acting tenant. */
export const checkReferences = async (
  db: Db,
  actingTenantId: string | null,
  refs: Record<string, Reference>,
  input: unknown,
) => {
  const found: Found[] = Object.entries(refs).flatMap(([pattern, r]) =>
    valuesAt(input, pattern).map((v) => ({
      ...v,
      kind: referenceKind(r),
      message: typeof r === 'string' ? undefined : r.message,
    })),
  );
  if (!found.length) return;
  const owners = await ownersOf(db, found);
  const missing = found.filter((f) => !owners.has(`${f.kind}:${String(f.value)}`));
  if (missing.length) {
    const fields = missing.map((f) => ({
      name: f.path,
      message: f.message ?? TARGETS[f.kind].missing ?? `${TARGETS[f.kind].label} does not exist`,
    }));
    throw fieldErrors(fields);
  }
  if (!actingTenantId) return;
  const foreign = found.find((f) => {
    const owner = owners.get(`${f.kind}:${String(f.value)}`);
    return owner !== null && owner !== undefined && owner !== actingTenantId;
  });
  if (foreign) {
    const message = `${TARGETS[foreign.kind].label} not found`;
    throw new AppError('NOT_FOUND', message, [{ name: foreign.path, message }]);
  }
};

/**
 * The check, before every handler of a route listed in REFERENCES. The acting tenant is the caller's own; roles
 * 1 and 2 have none and act on the customer a body names (`tenantId`), else on any tenant.
 */
export const registerReferenceCheck = (app: FastifyInstance, db: Db) => {
  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url;
    if (!url) return;
    const refs = REFERENCES[routeKey(request.method, url)];
    if (!refs) return;
    const input = request.method === 'GET' ? request.query : request.body;
    const named = (input as { tenantId?: unknown } | undefined)?.tenantId;
    const acting = request.principal?.tenantId ?? (typeof named === 'string' ? named : null);
    await checkReferences(db, acting, refs, input);
  });
};
