import { randomUUID } from 'node:crypto';
import type { Executor, Tx } from '@caseport/db/client';
import { Role } from '@caseport/domain/auth/roles';
import { formatUsd } from '@caseport/domain/billing/invoices';
import { caseInvoiceBilledTo } from '@caseport/domain/cases/case-invoices';
import { estimateLines, FEE_CONDITION_LABELS, feeDayOf, followPlatform } from '@caseport/domain/filing-fees/conditions';
import {
  type DatedLineEndBody,
  FEE_CURRENCY,
  FEE_MESSAGES,
  type FeeCategories,
  type FeeGetBody,
  type FeeLine,
  type FeeSaveBody,
  type FeeScheduleDiff,
  type FeeSchedulePublishBody,
  type FeeVersionWithdrawBody,
  type PlatformFeeSchedules,
} from '@caseport/domain/filing-fees/contracts';
import {
  applyRenames,
  feeCaseTypesFor,
  feeSubTypesFor,
  ROLE50_EXCLUDED_TYPE_IDS,
} from '@caseport/domain/filing-fees/rules';
import {
  DATED_LINES,
  datedLinesOn,
  type FeeSchedule,
  feeSchedules,
  PUBLISH_MESSAGES,
  type PublishedSchedule,
  platformLinesOn,
  publishableLines,
  publishProblems,
  type ScheduleLine,
  scheduleDiff,
  scheduleOn,
  scheduleVersionsOn,
} from '@caseport/domain/filing-fees/schedule';
import { dayIn } from '@caseport/domain/tenants/tenant-day';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext, TenantContext } from '../../platform/context';
import { withUniqueAs } from '../../platform/db-errors';
import { fieldError, notFound } from '../../platform/errors';
import { invoiceDate, renderInvoiceDocument } from '../../platform/invoice-document';
import { tenantDay } from '../../platform/tenant-day';
import * as repo from './repository';

type StoredLine = Awaited<ReturnType<typeof repo.linesOf>>[number];

/**
 * The platform's amount for a code on a day when it differs from the tenant's (issue 18), else null. Only USCIS
 * fees: the firm's own lines (legal fee, shipping) have no platform amount to follow.
 */
const differsFrom = (schedule: ScheduleLine[], code: string, amount: number): number | null => {
  const s = schedule.find((x) => x.code === code && x.type === 'USCIS');
  return s && s.amount !== amount ? s.amount : null;
};

const defaultLine = (tenantId: string, s: ScheduleLine, names: Map<string, string>): FeeLine => ({
  id: null,
  code: s.code,
  name: names.get(s.code) ?? s.name,
  amount: s.amount,
  currency: FEE_CURRENCY,
  type: s.type,
  online: !!s.online,
  defType: true,
  allowMultiple: !!s.allowMultiple,
  perOrAllDependent: false,
  tenantId,
  scheduleAmount: null,
});

const storedLine = (row: StoredLine, schedule: ScheduleLine[]): FeeLine => ({
  id: row.id,
  code: row.code,
  name: row.name,
  amount: row.amount,
  currency: FEE_CURRENCY,
  type: row.type === 'USCIS' ? 'USCIS' : 'other',
  online: row.online,
  defType: row.defType,
  allowMultiple: row.allowMultiple,
  perOrAllDependent: row.perOrAllDependent,
  tenantId: row.tenantId,
  scheduleAmount: differsFrom(schedule, row.code, row.amount),
});

/**
 * The fee lines of a case type's sub-types in force on `day`: the tenant's latest version from that day or
 * before, else the platform schedule of that day (with the tenant's renames, R-FEE-012).
 */
const feesOn = async (
  tx: Executor,
  tenantId: string,
  type: { id: number; code: string },
  subTypes: { id: number; code: string }[],
  day: string,
  published: readonly PublishedSchedule[],
) => {
  const schedule: FeeSchedule = scheduleOn(day, published);
  const versions = await repo.versionsOf(tx, tenantId, type.id);
  const inForce = [...versions].reverse().find((x) => x.effectiveFrom <= day) ?? null;
  const stored = inForce ? await repo.linesOf(tx, tenantId, inForce.id) : [];
  const names = new Map((await repo.namesOf(tx, tenantId)).map((r) => [r.code, r.name]));
  const bySub = new Map<number, FeeLine[]>();
  for (const sub of subTypes) {
    const platform = schedule.linesFor(type.code, sub.code);
    const own = stored.filter((r) => r.subTypeId === sub.id);
    bySub.set(
      sub.id,
      inForce && own.length
        ? own.map((r) => storedLine(r, platform))
        : platform.map((s) => defaultLine(tenantId, s, names)),
    );
  }
  return { schedule, versions, inForce, bySub };
};

/** R-FEE-023 (+ issue 18 versions); R-FEE-021/022 for role 50. */
export const getCategories = async (
  tx: Executor,
  ctx: TenantContext,
  clock: Clock,
  body: FeeGetBody,
): Promise<FeeCategories> => {
  const tenantId = ctx.tenantId;
  const roleId = ctx.principal.roleId;
  const today = await tenantDay(tx, tenantId, clock());
  const day = body.invoiceDate ?? today;
  const caseTypes = feeCaseTypesFor(roleId, await repo.enabledCaseTypes(tx, tenantId)).map(({ id, name }) => ({
    id,
    name,
  }));
  const published = await repo.publishedSchedules(tx);
  const current = scheduleOn(day, published);
  const scheduleInfo = { id: current.id, effectiveFrom: current.effectiveFrom, source: current.source };
  if (body.petitionType === undefined)
    return {
      items: [],
      alreadyExisted: false,
      effectiveFrom: null,
      today,
      versions: [],
      caseTypes,
      schedule: scheduleInfo,
    };
  if (roleId === Role.Petitioner && ROLE50_EXCLUDED_TYPE_IDS.includes(body.petitionType)) throw notFound('Case type');
  const type = await repo.findCaseType(tx, body.petitionType);
  if (!type) throw notFound('Case type');
  const subTypes = feeSubTypesFor(roleId, type.id, await repo.subTypesOf(tx, type.id));
  const { versions, inForce, bySub } = await feesOn(tx, tenantId, type, subTypes, day, published);
  return {
    items: subTypes.map((s) => ({ id: s.id, name: s.name, details: bySub.get(s.id) ?? [] })),
    alreadyExisted: versions.length > 0,
    effectiveFrom: inForce?.effectiveFrom ?? null,
    today,
    versions: versions.map((x) => x.effectiveFrom),
    caseTypes,
    schedule: scheduleInfo,
  };
};

/**
 * R-FEE-024, D-21: saves a case type's fees from `invoiceDate` on. Every rule is checked again here and a
 * refused request writes nothing (one transaction, checks before the first write).
 */
export const saveCategories = async (tx: Tx, ctx: TenantContext, clock: Clock, body: FeeSaveBody) => {
  const tenantId = ctx.tenantId;
  if (body.tenantId && body.tenantId !== tenantId) throw notFound('Tenant');
  const enabled = await repo.enabledCaseTypes(tx, tenantId);
  if (!enabled.some((t) => t.id === body.petitionType)) throw fieldError('petitionType', FEE_MESSAGES.typeNotEnabled);
  const subs = await repo.subTypesByIds(
    tx,
    body.items.map((i) => i.id),
  );
  body.items.forEach((item, i) => {
    if (subs.find((s) => s.id === item.id)?.typeId !== body.petitionType)
      throw fieldError(`items.${i}.id`, FEE_MESSAGES.subTypeNotOfType);
  });
  // R-FEE-012: the renames apply to the saved lines too.
  applyRenames(body.items, body.changeItems);

  const now = clock();
  // Issue 36: a version dated in the past is saved only once the caller confirmed how many open cases'
  // estimates it changes (the count it was answered); the count goes in the audit.
  const backDated = body.invoiceDate < (await tenantDay(tx, tenantId, now));
  const impact = backDated ? await versionImpact(tx, tenantId, body) : null;
  if (impact && impact.affectedCases > 0 && body.confirmAffectedCases !== impact.affectedCases)
    throw fieldError('confirmAffectedCases', FEE_MESSAGES.confirmAffected(impact.affectedCases));
  const versions = await repo.versionsOf(tx, tenantId, body.petitionType);
  const alreadyExisted = versions.length > 0;
  const same = versions.find((x) => x.effectiveFrom === body.invoiceDate);
  let versionId: string;
  if (same) {
    versionId = same.id;
    await repo.deleteLines(tx, tenantId, versionId);
    await repo.touchVersion(tx, tenantId, versionId, now);
  } else {
    versionId = (
      await repo.insertVersion(tx, tenantId, {
        typeId: body.petitionType,
        effectiveFrom: body.invoiceDate,
        createdBy: ctx.principal.userId,
        createdOn: now,
        updatedOn: now,
      })
    ).id;
  }
  await repo.insertLines(
    tx,
    tenantId,
    body.items.flatMap((item) =>
      item.details.map((d, position) => ({
        versionId,
        subTypeId: item.id,
        position,
        // A line added with Add More gets a code of its own, unique by construction.
        code: d.code ?? `OTHER-${randomUUID().slice(0, 8).toUpperCase()}`,
        name: d.name,
        amount: d.amount,
        type: d.type,
        online: d.online,
        defType: d.defType,
        allowMultiple: d.allowMultiple,
        perOrAllDependent: d.perOrAllDependent,
      })),
    ),
  );
  for (const r of body.changeItems) await repo.renameDefaultLines(tx, tenantId, r.code, r.name);
  await recordAudit(tx, ctx, {
    entity: 'filing_fees',
    entityId: versionId,
    action: same ? 'update' : 'create',
    after: {
      petitionType: body.petitionType,
      invoiceDate: body.invoiceDate,
      items: body.items,
      changeItems: body.changeItems,
      ...(impact ? { affectedCases: impact.affectedCases, affected: impact.cases } : {}),
    },
  });
  return { message: alreadyExisted ? FEE_MESSAGES.updated : FEE_MESSAGES.saved };
};

type FoundCase = NonNullable<Awaited<ReturnType<typeof repo.findCase>>>;

/** Issue 36: a firm version not saved yet (its first day and lines by sub-type), to see what it would change. */
interface ProposedVersion {
  effectiveFrom: string;
  bySub: Map<number, FeeLine[]>;
}

/**
 * Issue 18, 34 and 36: the fee estimate of a found case: its sub-type's fees in force on its filing date (the day
 * it was opened while it has none), the platform's dated lines of that day (the end dates the platform
 * administrator set), under the conditions its facts set; what the facts do not say is asked. With `proposed`,
 * the estimate as it would be once that version is saved.
 */
const estimateOf = async (tx: Executor, tenantId: string, found: FoundCase, proposed?: ProposedVersion) => {
  const type = await repo.findCaseType(tx, found.typeId);
  const subType = (await repo.subTypesOf(tx, found.typeId)).find((s) => s.id === found.subTypeId);
  if (!type || !subType) throw notFound('Case');
  const facts = (found.facts ?? {}) as Record<string, unknown>;
  const day = feeDayOf(facts, await tenantDay(tx, tenantId, found.createdOn));
  const published = await repo.publishedSchedules(tx);
  const fees = await feesOn(tx, tenantId, type, [subType], day, published);
  const { schedule, bySub } = fees;
  let inForce = fees.inForce;
  let own = bySub.get(subType.id) ?? [];
  const proposedLines = proposed?.bySub.get(subType.id);
  if (
    proposed &&
    proposedLines?.length &&
    proposed.effectiveFrom <= day &&
    (!inForce || inForce.effectiveFrom <= proposed.effectiveFrom)
  ) {
    inForce = { id: '', effectiveFrom: proposed.effectiveFrom };
    own = proposedLines;
  }
  const names = new Map((await repo.namesOf(tx, tenantId)).map((r) => [r.code, r.name]));
  const ends = await repo.datedLineEnds(tx);
  const platform = platformLinesOn(day, type.code, subType.code, ends, published);
  const current = inForce
    ? followPlatform(own, platformLinesOn(inForce.effectiveFrom, type.code, subType.code, ends, published), platform)
    : own;
  const { lines, applied, questions, total, filedOnline } = estimateLines(
    current,
    platform,
    facts,
    (s) => defaultLine(tenantId, s, names),
    inForce ? `Set by the law firm (fees from ${inForce.effectiveFrom})` : 'Set by the law firm',
  );
  return {
    onDate: day,
    filingDate: typeof facts.filingDate === 'string' ? facts.filingDate : null,
    effectiveFrom: inForce?.effectiveFrom ?? null,
    schedule: { id: schedule.id, effectiveFrom: schedule.effectiveFrom, source: schedule.source },
    conditions: applied.map((key) => ({ key, label: FEE_CONDITION_LABELS[key] })),
    lines,
    questions: questions.map((q) => ({ ...q, facts: [...q.facts] })),
    total,
    filedOnline,
  };
};

/** Issue 18, 34 and 36: a case's fee estimate (the case page's Fees tab). */
export const caseEstimate = async (tx: Executor, ctx: TenantContext, caseId: string) => {
  const found = await repo.findCase(tx, ctx.tenantId, caseId);
  if (!found) throw notFound('Case');
  return estimateOf(tx, ctx.tenantId, found);
};

/**
 * Issue 36: a case's estimate printed for the client (the invoice layout, titled FEE ESTIMATE): each line with the
 * condition that chose it and its source, what is not known yet, the schedule version and the firm's fees of the
 * day the estimate is for, addressed to the petitioner (else the beneficiary or applicant).
 */
export const caseEstimatePdf = async (tx: Executor, ctx: TenantContext, clock: Clock, caseId: string) => {
  const found = await repo.findCase(tx, ctx.tenantId, caseId);
  if (!found) throw notFound('Case');
  const e = await estimateOf(tx, ctx.tenantId, found);
  const firm = await repo.tenantNameOf(tx, ctx.tenantId);
  const day = (d: string) => invoiceDate(d);
  const data = await renderInvoiceDocument({
    title: 'FEE ESTIMATE',
    issuer: { name: firm ?? 'Caseport', tagline: 'Filing fee estimate' },
    number: `Case ${found.caseNumber}`,
    facts: [
      ['Fees as of', day(e.onDate)],
      ['USCIS schedule', `from ${day(e.schedule.effectiveFrom)}`],
      ...(e.effectiveFrom ? [['Firm fees', `from ${day(e.effectiveFrom)}`] as [string, string]] : []),
      ['Filing', e.filedOnline ? 'Online' : 'Paper'],
    ],
    billedToLabel: 'Prepared for',
    billedTo: [
      caseInvoiceBilledTo({
        petitionerName: found.petitionerName,
        beneficiaryName: found.beneficiaryName ?? found.applicantName,
      }),
    ],
    lines: [
      ...e.lines.map((l) => {
        // Filed on paper, an online alternative is shown but not counted (as the estimate's total does).
        const counted = e.filedOnline || !l.online;
        return {
          description: l.quantity > 1 ? `${l.name} × ${l.quantity}` : l.name,
          detail: [counted ? null : 'Online filing instead: not in the total', l.condition?.label, l.source]
            .filter(Boolean)
            .join(' · '),
          amount: counted ? formatUsd(l.amount) : `(${formatUsd(l.amount)})`,
        };
      }),
      ...e.questions.map((q) => ({
        description: `Not known yet: ${q.label}`,
        detail: q.effects.join('; '),
        amount: 'not counted',
      })),
    ],
    total: `${formatUsd(e.total)} USD`,
    footer: `An estimate, not an invoice: fees of the schedules in force on ${day(e.onDate)}.`,
    createdOn: clock(),
  });
  return { filename: `fee-estimate-${found.caseNumber}.pdf`, data };
};

/**
 * Issue 36: what a firm version would change before it is saved: the open cases of the case type whose estimate
 * total it changes (how many, and each one's total before and after).
 */
export const versionImpact = async (tx: Executor, tenantId: string, body: FeeSaveBody) => {
  const proposed: ProposedVersion = {
    effectiveFrom: body.invoiceDate,
    bySub: new Map(
      body.items.map((item) => [
        item.id,
        item.details.map((d, i) => ({
          id: null,
          code: d.code ?? `OTHER-NEW-${i}`,
          name: d.name,
          amount: d.amount,
          currency: FEE_CURRENCY,
          type: d.type,
          online: d.online,
          defType: d.defType,
          allowMultiple: d.allowMultiple,
          perOrAllDependent: d.perOrAllDependent,
          tenantId,
          scheduleAmount: null,
        })),
      ]),
    ),
  };
  const cases = [];
  for (const found of await repo.openCasesOfType(tx, tenantId, body.petitionType)) {
    const before = (await estimateOf(tx, tenantId, found)).total;
    const after = (await estimateOf(tx, tenantId, found, proposed)).total;
    if (before !== after) cases.push({ caseId: found.id, caseNumber: found.caseNumber, before, after });
  }
  return { affectedCases: cases.length, cases };
};

/** Issue 36: the impact answer (the Fees tab asks with it before saving a version dated in the past). */
export const getVersionImpact = async (tx: Executor, ctx: TenantContext, body: FeeSaveBody) => {
  if (body.tenantId && body.tenantId !== ctx.tenantId) throw notFound('Tenant');
  const enabled = await repo.enabledCaseTypes(tx, ctx.tenantId);
  if (!enabled.some((t) => t.id === body.petitionType)) throw fieldError('petitionType', FEE_MESSAGES.typeNotEnabled);
  return versionImpact(tx, ctx.tenantId, body);
};

/**
 * Issue 36: a firm withdraws one of its versions that has not started yet (its first day after today in the
 * tenant's zone): the version and its lines go, audited with what they held. One in force or past stays.
 */
export const withdrawVersion = async (tx: Tx, ctx: TenantContext, clock: Clock, body: FeeVersionWithdrawBody) => {
  const tenantId = ctx.tenantId;
  const found = (await repo.versionsOf(tx, tenantId, body.petitionType)).find(
    (x) => x.effectiveFrom === body.effectiveFrom,
  );
  if (!found) throw notFound('Fee version');
  if (found.effectiveFrom <= (await tenantDay(tx, tenantId, clock())))
    throw fieldError('effectiveFrom', FEE_MESSAGES.notUpcoming);
  const lines = await repo.linesOf(tx, tenantId, found.id);
  await repo.deleteVersion(tx, tenantId, found.id);
  await recordAudit(tx, ctx, {
    entity: 'filing_fees',
    entityId: found.id,
    action: 'delete',
    before: {
      petitionType: body.petitionType,
      effectiveFrom: found.effectiveFrom,
      lines: lines.map((x) => ({ subTypeId: x.subTypeId, code: x.code, name: x.name, amount: x.amount })),
    },
  });
  return { message: FEE_MESSAGES.versionWithdrawn };
};

/**
 * Issue 36: the platform schedule versions (in force, upcoming, past), the lines a new version may change (the
 * newest version's) and the dated lines, on today (UTC).
 */
export const platformSchedules = async (tx: Executor, clock: Clock): Promise<PlatformFeeSchedules> => {
  // The platform's own list, not a tenant's: its days are UTC days.
  const today = dayIn(clock(), 'UTC');
  const published = await repo.publishedSchedules(tx);
  const all = feeSchedules(published);
  return {
    today,
    schedules: scheduleVersionsOn(today, published),
    lines: publishableLines(all[all.length - 1] as FeeSchedule, await repo.feeCatalogue(tx)),
    datedLines: datedLinesOn(today, await repo.datedLineEnds(tx)),
  };
};

/**
 * Issue 36: the platform administrator publishes a schedule version dated after today (UTC): the amounts it
 * changes over the version before it, checked by the domain's one rule (publishProblems); audited with what it
 * holds. Firms' estimates follow it from its first day where their lines kept the platform's amount.
 */
export const publishSchedule = async (tx: Tx, ctx: RequestContext, clock: Clock, body: FeeSchedulePublishBody) => {
  const today = dayIn(clock(), 'UTC');
  const schedules = feeSchedules(await repo.publishedSchedules(tx));
  const [problem] = publishProblems(body, today, schedules, await repo.feeCatalogue(tx));
  if (problem) throw fieldError(problem.field, problem.message);
  // Two administrators publishing for one day at once: the second is the same refusal.
  const id = await withUniqueAs(
    () => fieldError('effectiveFrom', PUBLISH_MESSAGES.dayTaken),
    () => repo.insertPublishedSchedule(tx, { ...body, publishedBy: ctx.principal.userId, publishedOn: clock() }),
  );
  await recordAudit(tx, ctx, { entity: 'platform_fee_schedules', entityId: id, action: 'create', after: body });
  return { message: PUBLISH_MESSAGES.published };
};

/** Issue 36: a published version that has not started yet is withdrawn (audited with what it held). */
export const withdrawSchedule = async (tx: Tx, ctx: RequestContext, clock: Clock, id: string) => {
  const today = dayIn(clock(), 'UTC');
  const found = (await repo.publishedSchedules(tx)).find((p) => p.id === id);
  if (!found) throw notFound('Fee schedule');
  if (found.effectiveFrom <= today) throw fieldError('id', PUBLISH_MESSAGES.notUpcoming);
  await repo.deletePublishedSchedule(tx, id);
  await recordAudit(tx, ctx, { entity: 'platform_fee_schedules', entityId: id, action: 'delete', before: found });
  return { message: PUBLISH_MESSAGES.withdrawn };
};

/** Issue 36: what changes between two platform versions, line by line, with the sub-types each change concerns. */
export const compareSchedules = async (tx: Executor, body: { from: string; to: string }): Promise<FeeScheduleDiff> => {
  const all = feeSchedules(await repo.publishedSchedules(tx));
  const pick = (field: 'from' | 'to') => {
    const found = all.find((s) => s.id === body[field]);
    if (!found) throw fieldError(field, 'No fee schedule has this id');
    return found;
  };
  const from = pick('from');
  const to = pick('to');
  const ref = (s: FeeSchedule) => ({ id: s.id, effectiveFrom: s.effectiveFrom, source: s.source });
  return { from: ref(from), to: ref(to), rows: scheduleDiff(from, to, await repo.feeCatalogue(tx)) };
};

/** Issue 36: the platform administrator sets or extends a dated line's last day (audited, before and after). */
export const setDatedLineEnd = async (tx: Tx, ctx: RequestContext, clock: Clock, body: DatedLineEndBody) => {
  const line = DATED_LINES.find((d) => d.line.code === body.code);
  if (!line) throw fieldError('code', FEE_MESSAGES.unknownDatedLine);
  if (body.until < line.from) throw fieldError('until', FEE_MESSAGES.untilBeforeFrom);
  const before = (await repo.datedLineEnds(tx))[body.code] ?? line.until;
  await repo.setDatedLineEnd(tx, body.code, body.until, ctx.principal.userId, clock());
  await recordAudit(tx, ctx, {
    entity: 'platform_fee_line_ends',
    entityId: null,
    action: 'update',
    before: { code: body.code, until: before },
    after: { code: body.code, until: body.until },
  });
  return { message: FEE_MESSAGES.lineEndSaved };
};
