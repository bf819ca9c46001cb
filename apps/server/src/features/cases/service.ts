import type { Db } from '@caseport/db/client';
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
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { contextOf, runInTenant } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
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
export const createCase = async (db: Db, request: FastifyRequest, clock: Clock, body: CaseCreateBody) => {
  const ctx = contextOf(request);
  const tenantId = ctx.tenantId;
  if (!tenantId) throw notFound('Tenant');
  return runInTenant(db, ctx, async (tx) => {
    const subType = await repo.findSubType(tx, body.subTypeId);
    if (!subType)
      throw new AppError('VALIDATION_ERROR', 'Unknown case subtype', [
        { name: 'subTypeId', message: 'Unknown case subtype' },
      ]);
    if (!(await repo.isSubTypeEnabled(tx, tenantId, subType.typeId, subType.id)))
      throw new AppError('VALIDATION_ERROR', SUBTYPE_NOT_ENABLED, [
        { name: 'subTypeId', message: SUBTYPE_NOT_ENABLED },
      ]);
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
      throw new AppError('VALIDATION_ERROR', fields[0]?.message ?? 'Invalid request', fields);
    }
    const today = calendarDateIn(clock(), isValidTimeZone(tenant.timezone) ? tenant.timezone : 'UTC');
    const scope = config ? config.id : `subtype:${subType.id}`;
    const start = config?.sNoStartsFrom ?? DEFAULT_SERIAL_START;
    const serial = await repo.nextSerial(
      tx,
      tenantId,
      scope,
      periodKey(config?.resetIdBy as ResetIdBy | null, today),
      start,
    );
    const custom = await repo.findCustomCodes(tx, tenantId, subType.typeId, subType.id);
    const caseNumber = formatCaseId(parts, {
      customerCode: customerCodeOf(tenant),
      caseTypeCode: custom.typeCode ?? subType.typeCode,
      caseSubtypeCode: custom.subTypeCode ?? subType.code,
      names: Object.fromEntries(Object.entries(names).map(([k, v]) => [k, v ?? ''])),
      date: today,
      serial,
    });
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
    const created = await repo.insertCase(tx, values);
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
  });
};

export const listCases = async (db: Db, request: FastifyRequest, q: CaseListBody) => {
  const ctx = contextOf(request);
  const tenantId = ctx.tenantId;
  if (!tenantId) throw notFound('Tenant');
  return runInTenant(db, ctx, async (tx) => {
    const page = await repo.listCases(tx, tenantId, q);
    return {
      list: page.list.map((r) => ({ ...r, createdOn: new Date(r.createdOn).toISOString() })),
      totalCount: page.totalCount,
    };
  });
};
