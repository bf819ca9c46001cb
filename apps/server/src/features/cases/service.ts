import type { Executor, Tx } from '@caseport/db/client';
import { TenantType } from '@caseport/domain/auth/roles';
import { customerCodeOf, formatCaseId, missingNameParts, periodKey } from '@caseport/domain/case-codes/case-id';
import {
  CODE_PART_NAMES,
  type CodePartId,
  DEFAULT_SERIAL_START,
  INITIAL_PARTS,
  type ResetIdBy,
} from '@caseport/domain/case-codes/parts';
import {
  type CaseAccountBody,
  type CaseCreateBody,
  type CaseDetails,
  type CaseFactOptions,
  type CaseHistoryBody,
  type CaseInviteAccountBody,
  type CaseListBody,
  type CaseListItem,
  type CasePersonRef,
  type CaseStatus,
  type CaseUpdateBody,
  NO_ACTIVE_CONFIGURATION,
  partyErrors,
} from '@caseport/domain/cases/contracts';
import { checkFactsFor, mergeFacts } from '@caseport/domain/cases/facts';
import { codeNamesOf } from '@caseport/domain/cases/sources';
import type { Person, PersonValues } from '@caseport/domain/people/contracts';
import type { CaseFormEditions } from '@caseport/domain/platform-library/contracts';
import { calendarDateOf } from '@caseport/domain/tenants/tenant-day';
import { recordAudit } from '../../platform/audit';
import { casePetitionerOf } from '../../platform/case-view';
import type { Clock } from '../../platform/clock';
import { readInTenant, type TenantContext } from '../../platform/context';
import { withUniqueAs } from '../../platform/db-errors';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError, fieldErrors, notFound } from '../../platform/errors';
import { tenantDay } from '../../platform/tenant-day';
import { startCaseRun } from './activities-service';
import { addPerson, personDetails } from './people-service';
import * as repo from './repository';

/** Where a missing case-number name part is asked for in the new body. */
const NAME_FIELD = {
  PETITIONER_NAME: 'petitionerId',
  BENEFICIARY_NAME: 'beneficiary',
  SPONSOR_NAME: 'sponsor',
  APPLICANT_NAME: 'beneficiary',
} as const;

/** Issue 5: cases are opened only for sub-types the tenant switched on in Case Configuration. */
export const SUBTYPE_NOT_ENABLED = 'Switch this case subtype on in Case Configuration first';
export const PETITIONER_IS_TENANT = 'A petitioner company is the petitioner of its own cases';

type Profileish = Record<string, unknown> | null | undefined;

interface Petitioner {
  id: string | null;
  name: string;
  address: string | null;
  /** The profile the employer facts default from. */
  info: Profileish;
}

/**
 * The petitioner a case names: a law firm's role-50 account of its tenant (404 'Petitioner' otherwise); a
 * petitioner company's own case is the company itself (petitionerId must then be absent).
 */
const resolvePetitioner = async (
  tx: Executor,
  ctx: TenantContext,
  petitionerId: string | null | undefined,
): Promise<Petitioner | null> => {
  if (ctx.tenantType === TenantType.PetitionerCompany) {
    if (petitionerId) throw fieldError('petitionerId', PETITIONER_IS_TENANT);
    const company = await casePetitionerOf(tx, ctx.tenantId, null);
    if (!company) throw notFound('Tenant');
    return company;
  }
  if (!petitionerId) return null;
  const found = await casePetitionerOf(tx, ctx.tenantId, petitionerId);
  if (!found) throw notFound('Petitioner');
  return found;
};

/** Issue 34: the parties a body names must fit the case type (partiesOf); 400 on the field, nothing written. */
const checkParties = (ctx: TenantContext, type: { category: string }, named: Parameters<typeof partyErrors>[1]) => {
  const errors = partyErrors(type, named, ctx.tenantType === TenantType.PetitionerCompany);
  if (errors.length) throw fieldErrors(errors);
};

/**
 * Issue 34: a law firm's case links its petitioner's portal account (the role-50 account it names) as a case
 * account of role 50, marked automatic. When the petitioner changes, the automatic link of the old one goes;
 * a link someone made by hand stays (and is not turned automatic). Answers what changed, for the case's audit row
 * (SECURITY 19: one audit row per request).
 */
const syncPetitionerAccount = async (
  tx: Tx,
  ctx: TenantContext,
  caseId: string,
  before: string | null,
  after: string | null,
) => {
  if (before === after) return {};
  const removed = before ? await repo.deleteAutomaticAccount(tx, ctx.tenantId, caseId, before, 50) : [];
  const added = after ? await repo.insertAutomaticAccount(tx, ctx.tenantId, caseId, after, 50) : [];
  return {
    ...(removed.length ? { accountUnlinked: { userId: before, roleId: 50 } } : {}),
    ...(added.length ? { accountLinked: { userId: after, roleId: 50 } } : {}),
  };
};

/** A case's person: an existing record of the tenant (404 'Person' otherwise) or a new one written now. */
const resolvePerson = async (
  tx: Tx,
  ctx: TenantContext,
  today: string,
  ref: CasePersonRef | null | undefined,
  field: 'beneficiary' | 'sponsor',
): Promise<Person | null> => {
  if (!ref) return null;
  if ('personId' in ref) return personDetails(tx, ctx, ref.personId);
  const id = await addPerson(tx, ctx, today, ref.person as PersonValues, ref.allowSimilar ?? false, `${field}.person`);
  return personDetails(tx, ctx, id);
};

/** Checks facts for the case type, merges them over `before` and checks the ids they hold (404). */
export const factsAfter = async (
  tx: Executor,
  ctx: TenantContext,
  type: { category: string; code: string },
  before: Record<string, unknown>,
  changes: Record<string, unknown> | undefined,
) => {
  const checked = checkFactsFor(type, changes ?? {});
  if (!checked.ok) throw fieldErrors(checked.fields);
  const merged = mergeFacts(before, checked.values);
  if (merged.fields.length) throw fieldErrors(merged.fields);
  const socCodeId = checked.values.socCodeId as string | null | undefined;
  if (socCodeId && !(await repo.findSocCodeConfig(tx, ctx.tenantId, socCodeId))) throw notFound('SOC code');
  const serviceCenterId = checked.values.serviceCenterId as string | null | undefined;
  if (serviceCenterId && !(await repo.findVisibleServiceCenter(tx, ctx.tenantId, serviceCenterId)))
    throw notFound('Service center');
  return merged.facts;
};

/** The employer facts a case takes from the petitioner's profile when they were not given. */
const employerDefaults = (type: { category: string; code: string }, info: Profileish) => {
  if (!info) return {};
  const raw: Record<string, unknown> = {};
  if (typeof info.feiNumber === 'string' && info.feiNumber) raw.fein = info.feiNumber;
  const employees = Number.parseInt(String(info.totalFullTimeEmployees ?? ''), 10);
  if (Number.isFinite(employees)) raw.employeeCount = employees;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const checked = checkFactsFor(type, { [key]: value });
    if (checked.ok && checked.values[key] != null) out[key] = checked.values[key];
  }
  return out;
};

const namesOf = (petitioner: { name: string } | null, beneficiary: Person | null, sponsor: Person | null) =>
  codeNamesOf({
    petitioner: petitioner ? { name: petitioner.name, address: null } : null,
    beneficiary,
    sponsor,
  } as Parameters<typeof codeNamesOf>[0]);

/**
 * D-17 and issue 34: opens a case and gives it the next number of its sub-type's pattern — names from the
 * linked records (petitioner, beneficiary, sponsor), date parts from today in the tenant's time zone, the serial
 * from the group's counter (restarting at sNoStartsFrom when the reset period rolls over). A sub-type without a
 * numbering configuration is numbered by the three starting parts (case type code, sub-type code, serial from
 * 10001). The sub-type's active case configuration is pinned on the case (workflow, questionnaire version, form
 * editions). Everything is in the caller's transaction: any refusal writes nothing.
 */
export const createCase = async (tx: Tx, ctx: TenantContext, clock: Clock, body: CaseCreateBody) => {
  const tenantId = ctx.tenantId;
  const subType = await repo.findSubType(tx, body.subTypeId);
  if (!subType) throw fieldError('subTypeId', 'Unknown case subtype');
  if (!(await repo.isSubTypeEnabled(tx, tenantId, subType.typeId, subType.id)))
    throw fieldError('subTypeId', SUBTYPE_NOT_ENABLED);
  const links = await repo.findCaseLinks(tx, tenantId, subType.typeId, subType.id);
  if (!links.petitionConfigId) throw fieldError('subTypeId', NO_ACTIVE_CONFIGURATION);
  const tenant = await repo.findTenantForNumbering(tx, tenantId);
  if (!tenant) throw notFound('Tenant');
  const type = { category: subType.category, code: subType.typeCode };
  const todayIso = await tenantDay(tx, tenantId, clock());
  const today = calendarDateOf(todayIso);
  const petitioner = await resolvePetitioner(tx, ctx, body.petitionerId);
  const given = await factsAfter(tx, ctx, type, {}, body.facts as Record<string, unknown>);
  const facts = { ...employerDefaults(type, petitioner?.info), ...given };
  const beneficiary = await resolvePerson(tx, ctx, todayIso, body.beneficiary, 'beneficiary');
  const sponsor = await resolvePerson(tx, ctx, todayIso, body.sponsor, 'sponsor');
  // After the ids are resolved (another tenant's id is a 404 first): a party the type has none of is refused, and
  // a new case names every party its type requires (docs/decisions.md, 'The parties a case body may name').
  checkParties(ctx, type, {
    petitioner: !!body.petitionerId,
    beneficiary: !!body.beneficiary,
    sponsor: !!body.sponsor,
  });
  const config = await repo.findNumberingConfig(tx, tenantId, subType.id);
  const parts = (config?.parts ?? INITIAL_PARTS) as CodePartId[];
  const names = namesOf(petitioner, beneficiary, sponsor);
  const missing = missingNameParts(parts, names);
  if (missing.length) {
    const fields = [...new Set(missing.map((p) => NAME_FIELD[p]))].map((name) => ({
      name,
      message: `${missing
        .filter((p) => NAME_FIELD[p] === name)
        .map((p) => CODE_PART_NAMES[p])
        .join(' and ')} is required for this case number`,
    }));
    throw fieldErrors(fields);
  }
  const scope = config ? config.id : `subtype:${subType.id}`;
  const start = config?.sNoStartsFrom ?? DEFAULT_SERIAL_START;
  let serial = await repo.nextSerial(
    tx,
    tenantId,
    scope,
    periodKey(config?.resetIdBy as ResetIdBy | null, today),
    start,
  );
  const custom = await repo.findCustomCodes(tx, tenantId, subType.typeId, subType.id);
  const numberWith = (s: number) =>
    formatCaseId(parts, {
      customerCode: customerCodeOf(tenant),
      caseTypeCode: custom.typeCode ?? subType.typeCode,
      caseSubtypeCode: custom.subTypeCode ?? subType.code,
      names: Object.fromEntries(Object.entries(names).map(([k, v]) => [k, v ?? ''])),
      date: today,
      serial: s,
    });
  let caseNumber = numberWith(serial);
  // D-17: a number is never issued twice. A new counter (a sub-type numbered before it had a
  // configuration, a configuration deleted and added again, a changed pattern) can start where an older
  // series already went: it then continues after the highest serial of the same prefix (SI_NO is always
  // the last part). The unique index on (tenant_id, case_number) is the backstop.
  if (await repo.isCaseNumberTaken(tx, tenantId, caseNumber)) {
    const prefix = caseNumber.slice(0, caseNumber.length - String(serial).length);
    const highest = await repo.highestSerialWithPrefix(tx, tenantId, prefix);
    serial = await repo.advanceSerialTo(tx, tenantId, scope, Math.max(serial, highest + 1));
    caseNumber = numberWith(serial);
  }
  const values = {
    tenantId,
    typeId: subType.typeId,
    subTypeId: subType.id,
    ...links,
    caseIdConfigId: config?.id ?? null,
    serial,
    caseNumber,
    beneficiaryName: names.BENEFICIARY_NAME,
    petitionerName: names.PETITIONER_NAME,
    sponsorName: names.SPONSOR_NAME,
    applicantName: names.APPLICANT_NAME,
    petitionerId: petitioner?.id ?? null,
    beneficiaryId: beneficiary?._id ?? null,
    sponsorId: sponsor?._id ?? null,
    facts,
    status: 'open',
    ownerId: ctx.principal.userId,
    createdBy: ctx.principal.userId,
    createdOn: clock(),
  };
  // Two series reaching the same number in the same instant: the unique index refuses the later one.
  const created = await withUniqueAs(
    () => new AppError('DUPLICATE', 'This case number was just issued to another case. Please try again.'),
    () => repo.insertCase(tx, tenantId, values),
  );
  // Issue 21: the case keeps the edition of each platform form its configuration had when it was opened
  // (and, in values, the questionnaire version and workflow: findCaseLinks).
  if (values.petitionConfigId) await repo.recordCaseEditions(tx, tenantId, created.id, values.petitionConfigId);
  // Issue 34 item 5: opening a case instantiates its workflow's activities (the run keeps them when the
  // workflow is edited later).
  if (values.workflowId) await startCaseRun(tx, ctx, clock, created.id, values.workflowId);
  const accountChange = await syncPetitionerAccount(tx, ctx, created.id, null, values.petitionerId);
  await recordAudit(tx, ctx, {
    entity: 'case',
    entityId: created.id,
    action: 'create',
    after: {
      caseNumber,
      subTypeId: subType.id,
      serial,
      petitionerId: values.petitionerId,
      beneficiaryId: values.beneficiaryId,
      sponsorId: values.sponsorId,
      beneficiaryName: names.BENEFICIARY_NAME,
      sponsorName: names.SPONSOR_NAME,
      petitionerName: names.PETITIONER_NAME,
      facts,
      ...accountChange,
    },
  });
  const row = await repo.findCase(tx, tenantId, created.id);
  if (!row) throw notFound('Case');
  return { message: `Case ${caseNumber} created successfully`, case: toListItem(row) };
};

const iso = (d: Date | string) => new Date(d).toISOString();

const toListItem = (r: {
  _id: string;
  caseNumber: string;
  typeId: number;
  typeName: string;
  subTypeId: number;
  subTypeName: string;
  status: string;
  beneficiaryName: string | null;
  petitionerName: string | null;
  sponsorName: string | null;
  applicantName: string | null;
  ownerId: string | null;
  ownerName: string | null;
  createdOn: Date | string;
}): CaseListItem => ({
  _id: r._id,
  caseNumber: r.caseNumber,
  typeId: r.typeId,
  typeName: r.typeName,
  subTypeId: r.subTypeId,
  subTypeName: r.subTypeName,
  status: r.status as CaseStatus,
  beneficiaryName: r.beneficiaryName,
  petitionerName: r.petitionerName,
  sponsorName: r.sponsorName,
  applicantName: r.applicantName,
  ownerId: r.ownerId,
  ownerName: r.ownerId ? r.ownerName : null,
  createdOn: iso(r.createdOn),
});

export const listCases = async (tx: Executor, ctx: TenantContext, q: CaseListBody) => {
  const page = await repo.listCases(tx, ctx.tenantId, q);
  return { ...page, list: page.list.map(toListItem) };
};

const findCaseOr404 = async (tx: Executor, ctx: TenantContext, caseId: string) => {
  const row = await repo.findCase(tx, ctx.tenantId, caseId);
  if (!row) throw notFound('Case');
  return row;
};

/** The petitioner shown on a case: its linked account, the company itself, or the name it was opened with. */
const petitionerOfCase = async (tx: Executor, ctx: TenantContext, row: repo.CaseRow) => {
  const p = await casePetitionerOf(tx, ctx.tenantId, row.petitionerId);
  if (p) return { id: p.id, name: p.name, address: p.address };
  return row.petitionerName ? { id: null, name: row.petitionerName, address: null } : null;
};

/** The case page's Overview: the case, what it was opened with, its people, facts and accounts. */
export const caseDetails = async (tx: Executor, ctx: TenantContext, caseId: string): Promise<CaseDetails> => {
  const row = await findCaseOr404(tx, ctx, caseId);
  const pinned = await repo.findPinned(tx, ctx.tenantId, row.workflowId, row.questionnaireVersionId);
  const facts = (row.facts ?? {}) as Record<string, unknown>;
  const soc =
    typeof facts.socCodeId === 'string' ? await repo.findSocCodeConfig(tx, ctx.tenantId, facts.socCodeId) : null;
  const center =
    typeof facts.serviceCenterId === 'string'
      ? await repo.findVisibleServiceCenter(tx, ctx.tenantId, facts.serviceCenterId)
      : null;
  const personOf = async (id: string | null) => (id ? personDetails(tx, ctx, id).catch(() => null) : null);
  const accounts = await repo.listCaseAccounts(tx, ctx.tenantId, caseId);
  return {
    case: {
      ...toListItem(row),
      typeCode: row.typeCode,
      category: row.category,
      closedOn: row.closedOn ? iso(row.closedOn) : null,
    },
    pinned: {
      petitionConfigId: row.petitionConfigId,
      workflow: pinned.workflow,
      questionnaire:
        pinned.questionnaire?.name && pinned.questionnaire.version
          ? {
              questionnaireId: pinned.questionnaire.questionnaireId,
              name: pinned.questionnaire.name,
              version: pinned.questionnaire.version,
            }
          : null,
      letters: row.petitionConfigId ? await repo.listConfigLetters(tx, ctx.tenantId, row.petitionConfigId) : [],
    },
    petitioner: await petitionerOfCase(tx, ctx, row),
    beneficiary: await personOf(row.beneficiaryId),
    sponsor: await personOf(row.sponsorId),
    facts,
    factNames: { socCode: soc?.name ?? null, serviceCenter: center?.name ?? null },
    accounts,
  };
};

/** Issue 34: the choices of the SOC code and service center facts and of the owner (roles 3 and 4 alike). */
export const caseFactOptions = async (tx: Executor, ctx: TenantContext): Promise<CaseFactOptions> => ({
  socCodes: await repo.listSocCodeOptions(tx, ctx.tenantId),
  serviceCenters: await repo.listServiceCenterOptions(tx, ctx.tenantId),
  owners: await repo.listOwnerOptions(tx, ctx.tenantId),
});

/**
 * Overview edits: facts merged (null clears one), people re-linked or created, the petitioner and the owner.
 * The name columns follow the linked records; the case number stays (D-17: issued once). Audited with before
 * and after.
 */
export const updateCase = async (tx: Tx, ctx: TenantContext, clock: Clock, body: CaseUpdateBody) => {
  const tenantId = ctx.tenantId;
  const row = await findCaseOr404(tx, ctx, body.caseId);
  const type = { category: row.category, code: row.typeCode };
  const beforeFacts = (row.facts ?? {}) as Record<string, unknown>;
  const facts =
    body.facts === undefined
      ? beforeFacts
      : await factsAfter(tx, ctx, type, beforeFacts, body.facts as Record<string, unknown>);
  const today = await tenantDay(tx, tenantId, clock());
  let petitioner: { id: string | null; name: string } | null = row.petitionerName
    ? { id: row.petitionerId, name: row.petitionerName }
    : null;
  if (body.petitionerId !== undefined) petitioner = await resolvePetitioner(tx, ctx, body.petitionerId);
  const personOf = async (id: string | null) => (id ? personDetails(tx, ctx, id).catch(() => null) : null);
  const beneficiary =
    body.beneficiary === undefined
      ? await personOf(row.beneficiaryId)
      : await resolvePerson(tx, ctx, today, body.beneficiary, 'beneficiary');
  const sponsor =
    body.sponsor === undefined
      ? await personOf(row.sponsorId)
      : await resolvePerson(tx, ctx, today, body.sponsor, 'sponsor');
  const given = (v: unknown) => (v === undefined ? undefined : !!v);
  checkParties(ctx, type, {
    petitioner: given(body.petitionerId),
    beneficiary: given(body.beneficiary),
    sponsor: given(body.sponsor),
  });
  let ownerId = row.ownerId;
  if (body.ownerId !== undefined) {
    if (body.ownerId && !(await repo.findTenantUser(tx, tenantId, body.ownerId))) throw notFound('Owner');
    ownerId = body.ownerId;
  }
  const names = namesOf(petitioner, beneficiary, sponsor);
  const set = {
    facts,
    petitionerId: petitioner?.id ?? null,
    beneficiaryId: beneficiary?._id ?? null,
    sponsorId: sponsor?._id ?? null,
    ownerId,
    petitionerName: names.PETITIONER_NAME,
    beneficiaryName: names.BENEFICIARY_NAME,
    sponsorName: names.SPONSOR_NAME,
    applicantName: names.APPLICANT_NAME,
  };
  await repo.updateCase(tx, tenantId, row._id, set);
  const accountChange = await syncPetitionerAccount(tx, ctx, row._id, row.petitionerId, set.petitionerId);
  const before = {
    facts: beforeFacts,
    petitionerId: row.petitionerId,
    beneficiaryId: row.beneficiaryId,
    sponsorId: row.sponsorId,
    ownerId: row.ownerId,
  };
  const after = {
    facts,
    petitionerId: set.petitionerId,
    beneficiaryId: set.beneficiaryId,
    sponsorId: set.sponsorId,
    ownerId,
    ...accountChange,
  };
  await recordAudit(tx, ctx, { entity: 'case', entityId: row._id, action: 'update', before, after });
  return { message: `Case ${row.caseNumber} saved`, details: await caseDetails(tx, ctx, row._id) };
};

/** Links a portal account that acts on the case: a user of the tenant holding that role (404 otherwise). */
export const linkCaseAccount = async (tx: Tx, ctx: TenantContext, body: CaseAccountBody) => {
  const row = await findCaseOr404(tx, ctx, body.caseId);
  const user = await repo.findTenantUser(tx, ctx.tenantId, body.userId, body.roleId);
  if (!user) throw notFound('User');
  await repo.insertCaseAccount(tx, ctx.tenantId, row._id, user.id, body.roleId);
  await recordAudit(tx, ctx, {
    entity: 'case',
    entityId: row._id,
    action: 'link-account',
    after: { userId: user.id, roleId: body.roleId },
  });
  return { message: `${user.name} linked to case ${row.caseNumber}`, details: await caseDetails(tx, ctx, row._id) };
};

/**
 * Issue 35 item 1: a person who has no account yet, invited and linked in one request: the firm's own invitation
 * (TenantAreas.invite: the roles the caller may give, the address rules), the account linked to the case with the
 * role in the same transaction, one audit row (the case's). The case is looked up first: another tenant's case
 * invites nobody. An address taken in another tenant is answered as sent and makes and links nothing.
 */
export const inviteCaseAccount = async (
  deps: Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'tenantAreas'>,
  ctx: TenantContext,
  body: CaseInviteAccountBody,
  origin: string,
) => {
  let caseNumber = '';
  const { caseId, roleId, ...person } = body;
  const { user, delivery } = await deps.tenantAreas.invite(deps, ctx, { ...person, roleId }, origin, {
    before: async (tx) => {
      caseNumber = (await findCaseOr404(tx, ctx, caseId)).caseNumber;
    },
    after: async (tx, made) => {
      await repo.insertCaseAccount(tx, ctx.tenantId, caseId, made._id, roleId);
      await recordAudit(tx, ctx, {
        entity: 'case',
        entityId: caseId,
        action: 'invite-account',
        after: { userId: made._id, roleId, email: person.email },
      });
    },
  });
  const details = await readInTenant(deps.db, ctx, (tx) => caseDetails(tx, ctx, caseId));
  const name = `${user.firstName} ${user.lastName}`.trim();
  return {
    message: `${name} invited and linked to case ${caseNumber}`,
    details,
    delivery,
  };
};

export const unlinkCaseAccount = async (tx: Tx, ctx: TenantContext, body: CaseAccountBody) => {
  const row = await findCaseOr404(tx, ctx, body.caseId);
  const removed = await repo.deleteCaseAccount(tx, ctx.tenantId, row._id, body.userId, body.roleId);
  if (!removed.length) throw notFound('Account');
  await recordAudit(tx, ctx, {
    entity: 'case',
    entityId: row._id,
    action: 'unlink-account',
    before: { userId: body.userId, roleId: body.roleId },
  });
  return { message: `Account unlinked from case ${row.caseNumber}`, details: await caseDetails(tx, ctx, row._id) };
};

/** The case's History tab: its audit rows, newest first. */
export const caseHistory = async (tx: Executor, ctx: TenantContext, body: CaseHistoryBody) => {
  await findCaseOr404(tx, ctx, body.caseId);
  return repo.caseHistory(tx, ctx.tenantId, body.caseId, body);
};

/**
 * Issue 21: the platform forms of a case with the edition it was opened with, and the questionnaire version
 * it records; another tenant's case is 404.
 */
export const listCaseFormEditions = async (
  tx: Executor,
  ctx: TenantContext,
  caseId: string,
): Promise<CaseFormEditions> => {
  const tenantId = ctx.tenantId;
  const found = await repo.findCaseQuestionnaire(tx, tenantId, caseId);
  if (!found) throw notFound('Case');
  const list = await repo.caseEditions(tx, tenantId, caseId);
  const { caseNumber, questionnaireId, name, version } = found;
  return {
    list,
    totalCount: list.length,
    caseNumber,
    questionnaire: questionnaireId && name && version ? { questionnaireId, name, version } : null,
  };
};
