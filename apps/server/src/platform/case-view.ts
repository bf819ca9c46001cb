import { type Executor, schema } from '@caseport/db/client';
import type { CasePersonView, CaseView } from '@caseport/domain/cases/sources';
import { formatProfileAddress } from '@caseport/domain/profile/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';

/**
 * Issue 34: one case as every setting reads it (letters, reminders, fees). Platform SQL: several features read a
 * case through this, and none of them imports another. Every query names the tenant (and RLS holds the same line).
 */

const k = schema.cases;
const pt = schema.petitionTypes;
const st = schema.petitionSubTypes;
const p = schema.persons;
const u = schema.users;

const personColumns = {
  id: p.id,
  givenName: p.givenName,
  familyName: p.familyName,
  passportExpiry: p.passportExpiry,
  i94Expiry: p.i94Expiry,
  statusExpiry: p.statusExpiry,
  email: p.email,
};
type PersonRow = { [K in keyof typeof personColumns]: (typeof personColumns)[K]['_']['data'] | null };

const personView = (r: PersonRow | undefined): (CasePersonView & { email: string | null }) | null =>
  r?.id
    ? {
        givenName: r.givenName ?? '',
        familyName: r.familyName ?? '',
        passportExpiry: r.passportExpiry ?? null,
        i94Expiry: r.i94Expiry ?? null,
        statusExpiry: r.statusExpiry ?? null,
        email: r.email ?? null,
      }
    : null;

/** The case row with its type names and the people ids, or null (another tenant's case is not found). */
const caseRow = async (tx: Executor, tenantId: string, caseId: string) => {
  const [row] = await tx
    .select({
      id: k.id,
      caseNumber: k.caseNumber,
      typeId: k.typeId,
      subTypeId: k.subTypeId,
      typeCode: pt.code,
      typeName: pt.name,
      subTypeName: st.name,
      petitionerId: k.petitionerId,
      beneficiaryId: k.beneficiaryId,
      sponsorId: k.sponsorId,
      facts: k.facts,
      createdOn: k.createdOn,
    })
    .from(k)
    .innerJoin(pt, eq(pt.id, k.typeId))
    .innerJoin(st, eq(st.id, k.subTypeId))
    .where(and(eq(k.tenantId, tenantId), eq(k.id, caseId)));
  return row ?? null;
};

/**
 * The petitioner a case names (issue 34): a law firm's role-50 account of the tenant with its profile (PetitionerInfo),
 * or, without one, the petitioner company itself (its own cases). `info` is the profile the employer facts default
 * from. Null: no such role-50 account in the tenant, or a law firm's case that names none. The cases service (to
 * resolve a body's petitionerId, and the Overview) and the case view (letters, reminders) read this one lookup.
 */
export const casePetitionerOf = async (
  tx: Executor,
  tenantId: string,
  petitionerId: string | null,
): Promise<{
  id: string | null;
  name: string;
  address: string | null;
  info: Record<string, unknown> | null;
} | null> => {
  if (petitionerId) {
    const pp = schema.petitionerProfiles;
    const [row] = await tx
      .select({ id: u.id, name: sql<string>`${u.firstName} || ' ' || ${u.lastName}`, info: pp.info })
      .from(u)
      .leftJoin(pp, and(eq(pp.tenantId, u.tenantId), eq(pp.userId, u.id)))
      .where(and(eq(u.tenantId, tenantId), eq(u.id, petitionerId), eq(u.roleId, 50)));
    if (!row) return null;
    const info = (row.info ?? null) as Record<string, unknown> | null;
    return { id: row.id, name: row.name.trim(), address: formatProfileAddress(info?.address), info };
  }
  const [tenant] = await tx
    .select({ name: schema.tenants.name, type: schema.tenants.type, profile: schema.tenants.profile })
    .from(schema.tenants)
    .where(eq(schema.tenants.id, tenantId));
  // A law firm's case without a petitioner names none; a petitioner company's own case is itself.
  if (tenant?.type !== 2) return null;
  const profile = (tenant.profile ?? {}) as Record<string, unknown>;
  return {
    id: null,
    name: tenant.name,
    address: formatProfileAddress(profile.address),
    info: { ...((profile.petitionerInfo as Record<string, unknown>) ?? {}), feiNumber: profile.feiNumber },
  };
};

const personsOf = async (tx: Executor, tenantId: string, ids: (string | null)[]) => {
  const wanted = ids.filter((x): x is string => !!x);
  if (!wanted.length) return new Map<string, PersonRow>();
  const rows = await tx
    .select(personColumns)
    .from(p)
    .where(and(eq(p.tenantId, tenantId), inArray(p.id, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
};

const socCodeOf = async (tx: Executor, tenantId: string, id: unknown) => {
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const s = schema.socCodeConfigs;
  // The SOC code is the config's name (e.g. '15-1252'); its designation is the occupation title.
  const [row] = await tx
    .select({ code: s.name, designation: s.designation })
    .from(s)
    .where(and(eq(s.tenantId, tenantId), eq(s.id, id)));
  return row ?? null;
};

export type CaseViewOf = CaseView & {
  caseId: string;
  typeCode: string;
  createdOn: Date;
  beneficiary: (CasePersonView & { email: string | null }) | null;
  sponsor: (CasePersonView & { email: string | null }) | null;
};

/**
 * The case as every setting reads it (packages/domain cases/sources.ts CaseView), or null when the tenant has no
 * such case. `today` is the firm's calendar date (tenant-day.ts `tenantDay`).
 */
export const caseViewOf = async (
  tx: Executor,
  tenantId: string,
  caseId: string,
  today: string,
): Promise<CaseViewOf | null> => {
  const c = await caseRow(tx, tenantId, caseId);
  if (!c) return null;
  const people = await personsOf(tx, tenantId, [c.beneficiaryId, c.sponsorId]);
  const facts = (c.facts ?? {}) as Record<string, unknown>;
  return {
    caseId: c.id,
    typeCode: c.typeCode,
    createdOn: c.createdOn,
    caseNumber: c.caseNumber,
    typeName: c.typeName,
    subTypeName: c.subTypeName,
    petitioner: await casePetitionerOf(tx, tenantId, c.petitionerId).then((x) =>
      x ? { name: x.name, address: x.address } : null,
    ),
    beneficiary: personView(c.beneficiaryId ? people.get(c.beneficiaryId) : undefined),
    sponsor: personView(c.sponsorId ? people.get(c.sponsorId) : undefined),
    facts,
    socCode: await socCodeOf(tx, tenantId, facts.socCodeId),
    today,
  };
};

/**
 * The portal accounts linked to a case (case_accounts: 50 petitioner contact, 51 sponsor, 12 signatory, 11
 * beneficiary) that can receive something: active, with a password set.
 */
export const caseRecipientsOf = (tx: Executor, tenantId: string, caseIds: string[]) =>
  caseIds.length
    ? tx
        .select({
          caseId: schema.caseAccounts.caseId,
          roleId: schema.caseAccounts.roleId,
          id: u.id,
          email: u.email,
          name: sql<string>`${u.firstName} || ' ' || ${u.lastName}`,
        })
        .from(schema.caseAccounts)
        .innerJoin(u, and(eq(u.tenantId, schema.caseAccounts.tenantId), eq(u.id, schema.caseAccounts.userId)))
        .where(
          and(
            eq(schema.caseAccounts.tenantId, tenantId),
            inArray(schema.caseAccounts.caseId, caseIds),
            eq(u.isActive, true),
            sql`${u.passwordHash} is not null`,
          ),
        )
    : Promise.resolve([]);

/**
 * What the reminder engine reads of the tenant's cases (or of one): the facts and the beneficiary's own dates
 * (reminderDatesOf), in one query. Only cases with at least one fact or a beneficiary are listed.
 */
export const caseReminderSources = (tx: Executor, tenantId: string, caseId?: string) =>
  tx
    .select({
      id: k.id,
      caseNumber: k.caseNumber,
      typeCode: pt.code,
      facts: k.facts,
      beneficiaryId: p.id,
      givenName: p.givenName,
      familyName: p.familyName,
      passportExpiry: p.passportExpiry,
      i94Expiry: p.i94Expiry,
      statusExpiry: p.statusExpiry,
      email: p.email,
    })
    .from(k)
    .innerJoin(pt, eq(pt.id, k.typeId))
    .leftJoin(p, and(eq(p.tenantId, k.tenantId), eq(p.id, k.beneficiaryId)))
    .where(
      and(
        eq(k.tenantId, tenantId),
        caseId ? eq(k.id, caseId) : sql`(${k.facts} <> '{}'::jsonb or ${k.beneficiaryId} is not null)`,
      ),
    );
