import type { Executor, Tx } from '@caseport/db/client';
import {
  calendarDateIn,
  customerCodeOf,
  formatCaseId,
  isValidTimeZone,
  missingNameParts,
  periodKey,
} from '@caseport/domain/case-codes/case-id';
import {
  CODE_PART_NAMES,
  type CodePartId,
  DEFAULT_SERIAL_START,
  INITIAL_PARTS,
  type ResetIdBy,
} from '@caseport/domain/case-codes/parts';
import type { CaseCreateBody, CaseListBody, CaseListItem } from '@caseport/domain/cases/contracts';
import type { CaseFormEditions } from '@caseport/domain/platform-library/contracts';
import {
  type CaseDates,
  type CaseDatesDetails,
  type CaseDatesUpdateBody,
  compactCaseDates,
} from '@caseport/domain/reminders/case-dates';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { TenantContext } from '../../platform/context';
import { withUniqueAs } from '../../platform/db-errors';
import { AppError, fieldError, fieldErrors, notFound } from '../../platform/errors';
import * as repo from './repository';

const NAME_FIELD = {
  PETITIONER_NAME: 'petitionerName',
  BENEFICIARY_NAME: 'beneficiaryName',
  SPONSOR_NAME: 'sponsorName',
  APPLICANT_NAME: 'applicantName',
} as const;

/** Issue 5: cases are opened only for sub-types the tenant switched on in Case Configuration. */
export const SUBTYPE_NOT_ENABLED = 'Switch this case subtype on in Case Configuration first';

const blankToNull = (s: string | undefined) => (s?.trim() ? s.trim() : null);

/**
 * D-17: opens a case and gives it the next number of its sub-type's pattern — names from the case, date
 * parts from today in the tenant's time zone, the serial from the group's counter (restarting at
 * sNoStartsFrom when the reset period rolls over). A sub-type without a configuration is numbered by the
 * three starting parts (case type code, sub-type code, serial from 10001).
 */
export const createCase = async (tx: Tx, ctx: TenantContext, clock: Clock, body: CaseCreateBody) => {
  const tenantId = ctx.tenantId;
  const subType = await repo.findSubType(tx, body.subTypeId);
  if (!subType) throw fieldError('subTypeId', 'Unknown case subtype');
  if (!(await repo.isSubTypeEnabled(tx, tenantId, subType.typeId, subType.id)))
    throw fieldError('subTypeId', SUBTYPE_NOT_ENABLED);
  const tenant = await repo.findTenantForNumbering(tx, tenantId);
  if (!tenant) throw notFound('Tenant');
  const config = await repo.findNumberingConfig(tx, tenantId, subType.id);
  const parts = (config?.parts ?? INITIAL_PARTS) as CodePartId[];
  const names = {
    PETITIONER_NAME: blankToNull(body.petitionerName),
    BENEFICIARY_NAME: blankToNull(body.beneficiaryName),
    SPONSOR_NAME: blankToNull(body.sponsorName),
    APPLICANT_NAME: blankToNull(body.applicantName),
  };
  const missing = missingNameParts(parts, names);
  if (missing.length) {
    const fields = missing.map((p) => ({
      name: NAME_FIELD[p],
      message: `${CODE_PART_NAMES[p]} is required for this case number`,
    }));
    throw fieldErrors(fields);
  }
  const today = calendarDateIn(clock(), isValidTimeZone(tenant.timezone) ? tenant.timezone : 'UTC');
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
    ...(await repo.findCaseLinks(tx, tenantId, subType.typeId, subType.id)),
    caseIdConfigId: config?.id ?? null,
    serial,
    caseNumber,
    beneficiaryName: names.BENEFICIARY_NAME,
    petitionerName: names.PETITIONER_NAME,
    sponsorName: names.SPONSOR_NAME,
    applicantName: names.APPLICANT_NAME,
    createdBy: ctx.principal.userId,
    createdOn: clock(),
  };
  // Two series reaching the same number in the same instant: the unique index refuses the later one.
  const created = await withUniqueAs(
    () => new AppError('DUPLICATE', 'This case number was just issued to another case. Please try again.'),
    () => repo.insertCase(tx, tenantId, values),
  );
  // Issue 21: the case keeps the edition of each platform form its configuration had when it was opened
  // (and, in values, the questionnaire version: findCaseLinks).
  if (values.petitionConfigId) await repo.recordCaseEditions(tx, tenantId, created.id, values.petitionConfigId);
  await recordAudit(tx, ctx, {
    entity: 'case',
    entityId: created.id,
    action: 'create',
    after: { caseNumber, subTypeId: subType.id, serial },
  });
  const item: CaseListItem = {
    _id: created.id,
    caseNumber,
    typeId: subType.typeId,
    typeName: subType.typeName,
    subTypeId: subType.id,
    subTypeName: subType.name,
    beneficiaryName: values.beneficiaryName,
    petitionerName: values.petitionerName,
    sponsorName: values.sponsorName,
    applicantName: values.applicantName,
    createdOn: new Date(created.createdOn).toISOString(),
  };
  return { message: `Case ${caseNumber} created successfully`, case: item };
};

export const listCases = async (tx: Executor, ctx: TenantContext, q: CaseListBody) => {
  const tenantId = ctx.tenantId;
  const page = await repo.listCases(tx, tenantId, q);
  return {
    list: page.list.map((r) => ({ ...r, createdOn: new Date(r.createdOn).toISOString() })),
    totalCount: page.totalCount,
  };
};

/** Issue 17: the dates a case's reminders count from. Another tenant's case answers 404. */
export const caseDates = async (tx: Executor, ctx: TenantContext, caseId: string): Promise<CaseDatesDetails> => {
  const tenantId = ctx.tenantId;
  const row = await repo.findCaseDates(tx, tenantId, caseId);
  if (!row) throw notFound('Case');
  return { caseId: row.id, caseNumber: row.caseNumber, dates: row.dates as CaseDates };
};

/** Saves the dates sent (a null clears one, an absent key keeps it), audited with before and after. */
export const updateCaseDates = async (tx: Tx, ctx: TenantContext, body: CaseDatesUpdateBody) => {
  const tenantId = ctx.tenantId;
  const row = await repo.findCaseDates(tx, tenantId, body.caseId);
  if (!row) throw notFound('Case');
  const before = row.dates as CaseDates;
  const dates = compactCaseDates({ ...before, ...body.dates });
  await repo.updateCaseDates(tx, tenantId, body.caseId, dates);
  await recordAudit(tx, ctx, {
    entity: 'case',
    entityId: row.id,
    action: 'update',
    before: { dates: before },
    after: { dates },
  });
  return { message: `Dates of case ${row.caseNumber} saved`, dates };
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
