import { z } from 'zod';
import { id, int4, text } from '../api/scalars';
import { FEE_CONDITIONS } from './conditions';

/** D-21, R-FEE-008: whole dollars, at most 6 digits. R-FEE-015: the only currency is '$'. */
export const FEE_AMOUNT_DIGITS = 6;
export const FEE_AMOUNT_MAX = 999_999;
export const FEE_CURRENCY = '$';
export const FEE_NAME_MAX = 100;
export const FEE_LINES_MAX = 50;
/** R-FEE-026: the fee settings watcher debounce. R-FEE-011: the delayed sub-type tab switch. */
export const FEE_WATCH_DEBOUNCE_MS = 900;
export const FEE_TAB_SWITCH_DELAY_MS = 100;
/** R-FEE-027: sub-types come from master data with this page size. */
export const FEE_SUB_TYPE_PAGE_SIZE = 1000;

export const FEE_MESSAGES = {
  nameRequired: 'Fee type name is required',
  amountRequired: 'Amount is required',
  amountDigits: `Amount must be a whole number of at most ${FEE_AMOUNT_DIGITS} digits`,
  duplicateCode: 'A fee code appears twice in this sub-type',
  typeNotEnabled: 'This case type is not enabled for your firm',
  subTypeNotOfType: 'This sub-type does not belong to the case type',
  perOrAllOnlyDependent: 'Per or all dependents applies only to the dependent legal fee',
  saved: 'Filing fees saved successfully',
  updated: 'Filing fees updated successfully',
  scheduleTaken: 'The platform fee amounts were applied',
  unknownDatedLine: 'No dated fee line has this code',
  untilBeforeFrom: 'The last day cannot be before the line applies',
  lineEndSaved: 'The last day of the fee line was saved',
  versionWithdrawn: 'The fee version was withdrawn',
  notUpcoming: 'Only fees that have not started yet can be withdrawn',
  confirmAffected: (n: number) =>
    `This version dated in the past changes the fee estimates of ${n} open case${n === 1 ? '' : 's'}: confirm to save`,
};

/** R-FEE-016. */
export const FeeLineTypeSchema = z.enum(['USCIS', 'other']);
export const FEE_CODE_PATTERN = /^[A-Z0-9_-]{1,40}$/;
export const FeeCodeSchema = text().regex(FEE_CODE_PATTERN, 'Fee code must be letters, digits, - or _');
export const FeeNameSchema = text()
  .trim()
  .min(1, FEE_MESSAGES.nameRequired)
  .max(FEE_NAME_MAX, `Name must be at most ${FEE_NAME_MAX} characters`);
/** D-21, R-FEE-008: whole dollars, 0 to 999,999. */
export const FeeAmountSchema = z
  .number()
  .int(FEE_MESSAGES.amountDigits)
  .min(0, FEE_MESSAGES.amountDigits)
  .max(FEE_AMOUNT_MAX, FEE_MESSAGES.amountDigits);
/** YYYY-MM-DD, a real calendar day. */
export const DaySchema = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
  }, 'Date must be a real day');

/** R-FEE-014: a fee line as sent on save (without `id` and `tenantId`: the server owns them). */
export const FeeLineInputSchema = z
  .object({
    /** Absent on a line added with Add More: the server gives it a code of its own. */
    code: FeeCodeSchema.optional(),
    name: FeeNameSchema,
    amount: FeeAmountSchema,
    currency: z.literal(FEE_CURRENCY).default(FEE_CURRENCY),
    type: FeeLineTypeSchema.default('other'),
    online: z.boolean().default(false),
    defType: z.boolean().default(false),
    allowMultiple: z.boolean().default(false),
    perOrAllDependent: z.boolean().default(false),
  })
  .strict()
  // R-FEE-018: the per/all choice belongs to DEPENDENTLEGAL only.
  .refine((l) => !l.perOrAllDependent || l.code === 'DEPENDENTLEGAL', {
    message: FEE_MESSAGES.perOrAllOnlyDependent,
    path: ['perOrAllDependent'],
  });
export type FeeLineInput = z.infer<typeof FeeLineInputSchema>;

/** R-FEE-013: one group per sub-type (`id` is the sub-type id) with its `details`. */
export const FeeGroupInputSchema = z
  .object({
    id: id(),
    details: z.array(FeeLineInputSchema).max(FEE_LINES_MAX),
  })
  .strict()
  .superRefine((g, ctx) => {
    const seen = new Set<string>();
    g.details.forEach((l, i) => {
      if (!l.code) return;
      if (seen.has(l.code))
        ctx.addIssue({ code: 'custom', message: FEE_MESSAGES.duplicateCode, path: ['details', i, 'code'] });
      seen.add(l.code);
    });
  });

/** R-FEE-012: `changeItems`, the renamed default lines. */
export const FeeRenameSchema = z.object({ code: FeeCodeSchema, name: FeeNameSchema }).strict();

/** R-FEE-023 (+ issue 18: `invoiceDate` reads the version in force that day; today when absent). */
export const FeeGetBodySchema = z.object({ petitionType: id().optional(), invoiceDate: DaySchema.optional() }).strict();
export type FeeGetBody = z.infer<typeof FeeGetBodySchema>;

/** R-FEE-024. `invoiceDate` is the day the fees apply from (issue 18 versioning). */
export const FeeSaveBodySchema = z
  .object({
    petitionType: id(),
    tenantId: z.uuid().optional(),
    invoiceDate: DaySchema,
    items: z
      .array(FeeGroupInputSchema)
      .min(1)
      .max(100)
      .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'A sub-type appears twice'),
    changeItems: z.array(FeeRenameSchema).max(100).default([]),
    /**
     * Issue 36: a version dated in the past is saved only with the count of open cases whose estimates it
     * changes, as the impact answer gave it (the caller confirmed).
     */
    confirmAffectedCases: int4().int().min(0).optional(),
  })
  .strict();
export type FeeSaveBody = z.infer<typeof FeeSaveBodySchema>;

/** R-FEE-014: a fee line as answered. */
export const FeeLineSchema = z.object({
  id: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  amount: z.number(),
  currency: z.string(),
  type: FeeLineTypeSchema,
  online: z.boolean(),
  defType: z.boolean(),
  allowMultiple: z.boolean(),
  perOrAllDependent: z.boolean(),
  tenantId: z.string(),
  /** Issue 18: the platform schedule's amount when this line differs from it, else null. */
  scheduleAmount: z.number().nullable(),
});
export type FeeLine = z.infer<typeof FeeLineSchema>;

export const FeeGroupSchema = z.object({ id: z.number(), name: z.string(), details: z.array(FeeLineSchema) });
export type FeeGroup = z.infer<typeof FeeGroupSchema>;

export const FeeCategoriesSchema = z.object({
  items: z.array(FeeGroupSchema),
  alreadyExisted: z.boolean(),
  /** The version shown: the first day it applies, null for the platform defaults. */
  effectiveFrom: z.string().nullable(),
  /** Today in the tenant's time zone: the day a save applies from unless another is chosen. */
  today: z.string(),
  /** Every saved version's first day, oldest first. */
  versions: z.array(z.string()),
  /** The case types the caller may pick (enabled by the tenant; R-FEE-021 for role 50). */
  caseTypes: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The platform schedule behind the defaults and the differences. */
  schedule: z.object({ id: z.string(), effectiveFrom: z.string(), source: z.string() }),
});
export type FeeCategories = z.infer<typeof FeeCategoriesSchema>;

/**
 * Issue 18 and 34: the fee estimate of a case: its sub-type's fees in force on its filing date (the day it was
 * opened while it has none), under the conditions its facts set (filing-fees/conditions.ts).
 */
const FeeConditionRefSchema = z.object({ key: z.enum(FEE_CONDITIONS), label: z.string() });
export const FeeEstimateBodySchema = z.object({ caseId: z.uuid() }).strict();
export const FeeEstimateSchema = z.object({
  /** The day whose fees apply: the filing date, else the day the case was opened. */
  onDate: z.string(),
  filingDate: z.string().nullable(),
  /** The tenant's own version in force that day, if any. */
  effectiveFrom: z.string().nullable(),
  /** The platform schedule in force that day. */
  schedule: z.object({ id: z.string(), effectiveFrom: z.string(), source: z.string() }),
  /** The conditions of the case's facts that chose a line or an amount (issue 34, 36). */
  conditions: z.array(FeeConditionRefSchema),
  /** Issue 36: each line with its quantity, the condition that chose it (null: the standard amount) and its source. */
  lines: z.array(
    FeeLineSchema.extend({
      quantity: z.number(),
      unitAmount: z.number(),
      condition: FeeConditionRefSchema.nullable(),
      source: z.string(),
    }),
  ),
  /** Issue 36: the conditions the case's facts do not say, the facts that would, and what each would change. */
  questions: z.array(FeeConditionRefSchema.extend({ facts: z.array(z.string()), effects: z.array(z.string()) })),
  /** Paper filing unless the case is filed online: the other method's alternatives are not added. */
  total: z.number(),
  /** Issue 36: the case is filed online (its online fees are the ones counted). */
  filedOnline: z.boolean(),
});
export type FeeEstimate = z.infer<typeof FeeEstimateSchema>;

/** Issue 36: the platform administrator's view of the fee schedule versions and the dated lines. */
const VersionStatusSchema = z.enum(['in force', 'upcoming', 'past']);
export const PlatformFeeSchedulesBodySchema = z.object({}).strict();
export const PlatformFeeSchedulesSchema = z.object({
  today: z.string(),
  schedules: z.array(
    z.object({
      id: z.string(),
      effectiveFrom: z.string(),
      until: z.string().nullable(),
      source: z.string(),
      status: VersionStatusSchema,
      /** Published by the platform administrator (an upcoming one may be withdrawn), not written in code. */
      published: z.boolean(),
      /** How many amounts a published version changes. */
      changes: z.number(),
    }),
  ),
  /** The USCIS lines a new version may change: each case type's lines of the newest version and their amounts. */
  lines: z.array(
    z.object({
      typeCode: z.string(),
      typeName: z.string(),
      code: z.string(),
      name: z.string(),
      amounts: z.array(z.number()),
    }),
  ),
  datedLines: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      amount: z.number(),
      from: z.string(),
      until: z.string(),
      defaultUntil: z.string(),
      source: z.string(),
      status: VersionStatusSchema,
    }),
  ),
});
export type PlatformFeeSchedules = z.infer<typeof PlatformFeeSchedulesSchema>;

/** Issue 36: the platform administrator sets or extends a dated line's last day. */
export const DatedLineEndBodySchema = z.object({ code: text().trim().min(1).max(50), until: DaySchema }).strict();
export type DatedLineEndBody = z.infer<typeof DatedLineEndBodySchema>;

/** Issue 36: the open cases whose estimate a firm version would change, before it is saved. */
export const FeeVersionImpactSchema = z.object({
  affectedCases: z.number(),
  cases: z.array(z.object({ caseId: z.string(), caseNumber: z.string(), before: z.number(), after: z.number() })),
});
export type FeeVersionImpact = z.infer<typeof FeeVersionImpactSchema>;

/**
 * Issue 36: the platform administrator publishes a schedule version: its first day (after today), its source (the
 * rule it follows), and the amounts it changes (a line of one case type, or of every case type when `typeCode` is
 * null) on top of the version before it.
 */
export const FeeCaseTypeCodeSchema = text().regex(/^[A-Z0-9]{1,20}$/, 'Case type code must be letters or digits');
export const PublishedChangeSchema = z
  .object({ typeCode: FeeCaseTypeCodeSchema.nullable(), code: FeeCodeSchema, amount: FeeAmountSchema })
  .strict();
export const FeeSchedulePublishBodySchema = z
  .object({
    effectiveFrom: DaySchema,
    source: text().trim().min(1, 'Source is required').max(300, 'Source must be at most 300 characters'),
    changes: z.array(PublishedChangeSchema).min(1, 'Change at least one amount').max(200),
  })
  .strict();
export type FeeSchedulePublishBody = z.infer<typeof FeeSchedulePublishBodySchema>;

/** Issue 36: an upcoming published version is withdrawn (by its id); one in force or past stays. */
export const FeeScheduleWithdrawBodySchema = z.object({ id: z.uuid() }).strict();

/** Issue 36: what changes between two platform versions (their ids as the list names them). */
const ScheduleIdSchema = text().trim().min(1).max(60);
export const FeeScheduleCompareBodySchema = z.object({ from: ScheduleIdSchema, to: ScheduleIdSchema }).strict();
const ScheduleRefSchema = z.object({ id: z.string(), effectiveFrom: z.string(), source: z.string() });
export const FeeScheduleDiffSchema = z.object({
  from: ScheduleRefSchema,
  to: ScheduleRefSchema,
  rows: z.array(
    z.object({
      typeCode: z.string(),
      typeName: z.string(),
      code: z.string(),
      name: z.string(),
      /** Null: the line is not in that version. */
      before: z.number().nullable(),
      after: z.number().nullable(),
      subTypes: z.array(z.string()),
    }),
  ),
});
export type FeeScheduleDiff = z.infer<typeof FeeScheduleDiffSchema>;

/**
 * Issue 36: a firm withdraws one of its versions that has not started yet (the case type and its first day);
 * a version in force or past stays (a change is a new version).
 */
export const FeeVersionWithdrawBodySchema = z.object({ petitionType: id(), effectiveFrom: DaySchema }).strict();
export type FeeVersionWithdrawBody = z.infer<typeof FeeVersionWithdrawBodySchema>;
