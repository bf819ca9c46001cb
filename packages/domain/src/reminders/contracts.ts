import { z } from 'zod';
import type { FieldError } from '../api/errors';
import { id, int4, text } from '../api/scalars';
import { Role, type RoleId, type TenantTypeId } from '../auth/roles';
import {
  DAY_MESSAGES,
  type DayOrder,
  dayListProblems,
  GLOBAL_STATUS_ORDER,
  PERM_COOLING_PERIOD_DAYS,
  REMINDER_KEY_DEFS,
  REMINDER_KEYS,
  type ReminderKey,
} from './days';
import { reminderRecipientRoleIds } from './recipients';
import { TIMEZONES } from './timezones';

/** 002 §3.1, §3.2, §7.1: the global configuration and its reminders, as the wire carries them. */

/** A day entry: digits only, at most 3 (R-REM-032); the server refuses anything else. */
export const DayEntrySchema = z.object({ days: int4().min(0, DAY_MESSAGES.digits).max(999, DAY_MESSAGES.digits) });
export type DayEntry = z.infer<typeof DayEntrySchema>;

const dayList = z.array(DayEntrySchema).min(1).max(50);
/** R-REM-077: the roles of a block go out as ids. */
const roleIds = z.array(id()).max(60);

/** A reminder block on the wire (requests): role ids and the day entries. */
export const ReminderBlockInSchema = z.object({ whoWillSendReminder: roleIds, config: dayList }).strict();
/** R-REM-066: the stored block answers the roles with their names. */
export const ReminderBlockSchema = z.object({
  whoWillSendReminder: z.array(z.object({ roleId: z.number(), roleName: z.string() })),
  config: z.array(DayEntrySchema),
});

export const GlobalStatusInSchema = z.object({ countryId: id(), config: dayList }).strict();
/** R-REM-068. */
export const GlobalStatusSchema = z.object({
  countryId: z.number(),
  countryDetails: z.object({ id: z.number(), name: z.string() }),
  config: z.array(DayEntrySchema),
});

const reminderKeysIn = Object.fromEntries(
  REMINDER_KEYS.map((k) => [
    k,
    k === 'i140' ? z.object({ config: dayList }).strict().optional() : ReminderBlockInSchema.optional(),
  ]),
) as Record<ReminderKey, z.ZodOptional<typeof ReminderBlockInSchema>>;

export const RemindersInSchema = z
  .object({ ...reminderKeysIn, globalStatus: z.array(GlobalStatusInSchema).max(300).optional() })
  .strict();
export type RemindersIn = z.infer<typeof RemindersInSchema>;

export const RemindersSchema = z.object({
  ...(Object.fromEntries(
    REMINDER_KEYS.map((k) => [
      k,
      k === 'i140' ? z.object({ config: z.array(DayEntrySchema) }).optional() : ReminderBlockSchema.optional(),
    ]),
  ) as Record<ReminderKey, z.ZodOptional<typeof ReminderBlockSchema>>),
  globalStatus: z.array(GlobalStatusSchema),
});
export type Reminders = z.infer<typeof RemindersSchema>;

/** R-REM-042 (§9): season years run from 2023 to 2123. */
export const SEASON_YEAR_FIRST = 2023;
export const SEASON_YEAR_LAST = 2123;
export const SEASON_YEAR_EXISTS = 'Season year already exists';
export const SeasonYearSchema = text().regex(/^\d{4}$/, 'Season year is required');
export const CapSeasonSchema = z
  .object({ seasonYear: SeasonYearSchema, effectiveDate: text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is required') })
  .strict();
export type CapSeason = z.infer<typeof CapSeasonSchema>;

/** D-22: the years offered are 2023-2123 minus the ones already configured. */
export const seasonYearsOffered = (configured: readonly string[]): string[] =>
  Array.from({ length: SEASON_YEAR_LAST - SEASON_YEAR_FIRST + 1 }, (_, i) => String(SEASON_YEAR_FIRST + i)).filter(
    (y) => !configured.includes(y),
  );

/** R-REM-041: the years that are configured more than once. */
export const duplicateSeasonYears = (seasons: readonly { seasonYear: string }[]): string[] =>
  seasons.map((s) => s.seasonYear).filter((y, i, all) => all.indexOf(y) !== i);

export const FILING_FEE_CATEGORY_TYPES = ['manual_entry', 'uscis_schedule'] as const;
export const G28_CONTACTS = ['law_firm', 'attorney'] as const;
/** §9: work locations options 1, 2, 3 (addressEntityIOrHomeForLCA). */
export const LCA_ADDRESS_OPTIONS = [1, 2, 3] as const;
export const MFA_METHODS = ['totp', 'email'] as const;

const days = () => int4().min(0).max(999);
const flag = () => z.boolean();

/** R-REM-044: rfeCaseDeadlineDays is converted to an integer (a form may send "15" or 15.0). */
const integerDays = z.union([days(), text().regex(/^\d{1,3}$/, 'Enter whole days')]).transform((v) => Number(v));

/** R-REM-057: every field of `config`. */
export const GlobalConfigFieldsSchema = z.object({
  mfaRequired: flag(),
  mfaConfig: z.enum(MFA_METHODS),
  currentSeasonYear: SeasonYearSchema.nullable(),
  manageCapRegistrations: flag(),
  remindPtnrInfoUpdateDays: days().nullable(),
  ptnrBriefDays: days().nullable(),
  benfSubQuestBriefDays: days().nullable(),
  allowCustonCaseNo: flag(),
  showCaseDeadLineDateforPetitioner: flag(),
  prefillCountryInQuestionnaire: flag(),
  usePtnrAddrAsMailingAddrInUSCISForms: flag(),
  acceptCompayDocsForPtnr: flag(),
  isAllowExternalCases: flag(),
  requiredPinForQuesSubmit: flag(),
  petiApprovReqPWDDoc: flag(),
  procefilPERMCoolNotMet: flag(),
  isPtnrActAsUSCISFormsPreparer: flag(),
  allowToAddLCALayers: flag(),
  addressEntityIOrHomeForLCA: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  multipleJobDutiesForLCA: flag(),
  multiEduDetailsForLCA: flag(),
  defaultCourierIds: z.array(id()).max(20),
  filingFeeCategoryType: z.enum(FILING_FEE_CATEGORY_TYPES),
  ptnrAttorneySignByInternal: flag(),
  preSOCCodeMandatoryLCA: flag(),
  yearsOfExpRequiredForLCA: flag(),
  taskApprovalRequired: flag(),
  caseDeadlineDays: days().nullable(),
  rfeCaseDeadlineDays: integerDays.nullable(),
  priorI94DeadlineDays: days().nullable(),
  advCoolingPeriod: days(),
  advMinDuration: days(),
  priorFormsEffectiveDays: days().nullable(),
  tenantDefaultTZ: id().refine((v) => TIMEZONES.some((t) => t.id === v), 'Unknown time zone'),
  requiredQBForInvoice: flag(),
  permFileDaysAfterLastAdv: days().nullable(),
  handlePwdActivityUsers: roleIds,
  whoWillReassignCase: roleIds,
  contactInfoOfG28Form: z.enum(G28_CONTACTS),
  isI94DSExpiryDate: flag(),
  enableI9Requests: flag(),
  enablePAFRequests: flag(),
  acceptConsentAndTAndC: flag(),
  /** R-REM-056: sent by role 1 only; from any other role the whole body is refused. */
  capSeasonConfig: z.array(CapSeasonSchema).max(101).optional(),
});

/** R-REM-062: commuEmails is a comma-separated list of e-mails, kept apart from `config` on the record. */
export const CommuEmailsSchema = text().max(2000);

export const GlobalConfigInSchema = GlobalConfigFieldsSchema.extend({
  commuEmails: CommuEmailsSchema,
  reminders: RemindersInSchema,
}).strict();
export type GlobalConfigIn = z.input<typeof GlobalConfigInSchema>;

/** /global-config/create and /update (R-REM-029); role 1 names the tenant it configures (D-02). */
export const GlobalConfigSaveBodySchema = z
  .object({ config: GlobalConfigInSchema, tenantId: z.uuid().optional() })
  .strict();
export type GlobalConfigSaveBody = z.input<typeof GlobalConfigSaveBodySchema>;

export const GlobalConfigDetailsBodySchema = z.object({ tenantId: z.uuid().optional() }).strict();

export const GlobalConfigSchema = GlobalConfigFieldsSchema.extend({
  rfeCaseDeadlineDays: z.number().nullable(),
  commuEmails: z.string(),
  capSeasonConfig: z.array(z.object({ seasonYear: z.string(), effectiveDate: z.string() })),
  reminders: RemindersSchema,
});
export type GlobalConfig = z.infer<typeof GlobalConfigSchema>;

/** R-REM-065/075: the details record; `_id` null while the tenant has none (the screen then offers Save). */
export const GlobalConfigDetailsSchema = z.object({
  _id: z.string().nullable(),
  config: GlobalConfigSchema,
  commuEmails: z.string(),
});
export type GlobalConfigDetails = z.infer<typeof GlobalConfigDetailsSchema>;

export const SeasonYearListBodySchema = z
  .object({ today: text().regex(/^\d{4}-\d{2}-\d{2}$/), tenantId: z.uuid().optional() })
  .strict();
export const SeasonYearListSchema = z.object({ list: z.array(z.string()) });

/** R-REM-043: the e-mail-shaped entries of a comma-separated list, joined back. */
const EMAIL_SHAPE = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;
export const validCommuEmails = (raw: string): string =>
  raw
    .split(',')
    .map((e) => e.trim())
    .filter((e) => EMAIL_SHAPE.test(e))
    .join(',');

/** R-REM-031: whoWillReassignCase defaults to role 3 when none is set. */
export const reassignRolesOrDefault = (ids: readonly number[] | null | undefined): number[] =>
  ids?.length ? [...ids] : [Role.Admin];

const block = (roles: number[], ...d: number[]) => ({
  whoWillSendReminder: roles,
  config: d.map((days) => ({ days })),
});

/** The spec's defaults (R-REM-058..061, R-REM-031) and a first set of reminders a firm can start from. */
export const defaultGlobalConfig = (tenantType: TenantTypeId): z.output<typeof GlobalConfigInSchema> => {
  const docs = tenantType === 2 ? [3] : [50, 51];
  const team = tenantType === 2 ? [3, 4] : [3, 4];
  return {
    mfaRequired: false,
    mfaConfig: 'totp',
    currentSeasonYear: null,
    manageCapRegistrations: false,
    remindPtnrInfoUpdateDays: null,
    ptnrBriefDays: null,
    benfSubQuestBriefDays: null,
    // D-23 (issue 38): the Custom Code popup is on until the firm switches it off on the Reminders screen.
    allowCustonCaseNo: true,
    showCaseDeadLineDateforPetitioner: false,
    prefillCountryInQuestionnaire: false,
    usePtnrAddrAsMailingAddrInUSCISForms: false,
    acceptCompayDocsForPtnr: false,
    isAllowExternalCases: false,
    requiredPinForQuesSubmit: false,
    petiApprovReqPWDDoc: false,
    procefilPERMCoolNotMet: false,
    isPtnrActAsUSCISFormsPreparer: false,
    allowToAddLCALayers: false,
    addressEntityIOrHomeForLCA: 1,
    multipleJobDutiesForLCA: false,
    multiEduDetailsForLCA: false,
    defaultCourierIds: [],
    filingFeeCategoryType: 'manual_entry',
    ptnrAttorneySignByInternal: false,
    preSOCCodeMandatoryLCA: false,
    yearsOfExpRequiredForLCA: false,
    taskApprovalRequired: false,
    caseDeadlineDays: null,
    rfeCaseDeadlineDays: null,
    priorI94DeadlineDays: null,
    advCoolingPeriod: PERM_COOLING_PERIOD_DAYS,
    advMinDuration: 30,
    priorFormsEffectiveDays: null,
    tenantDefaultTZ: TIMEZONES[0]?.id ?? 1,
    requiredQBForInvoice: false,
    permFileDaysAfterLastAdv: null,
    handlePwdActivityUsers: [],
    whoWillReassignCase: reassignRolesOrDefault([]),
    contactInfoOfG28Form: 'law_firm',
    isI94DSExpiryDate: false,
    enableI9Requests: false,
    enablePAFRequests: false,
    acceptConsentAndTAndC: false,
    commuEmails: '',
    reminders: {
      passportExpiry: block(docs, 180, 90, 30),
      i94Expiry: block(docs, 90, 30),
      workAuthorizationExpiry: block(team, 120, 60, 30),
      totalStayIsNearing6Years: block(docs, 365, 180),
      caseSeleByUscisInLotteryDays: block(team, 7, 30),
      priorToExpiryDaysH1b: block(team, 240, 180),
      priorToExpiryl1aOrl1b: block(team, 240, 180),
      globalStatus: [],
    },
  };
};

const orderOf = (key: ReminderKey): DayOrder => REMINDER_KEY_DEFS[key].order;

/**
 * Every rule of a saved configuration the form also checks (ARCHITECTURE convention 1), as field errors:
 * day ordering (R-REM-033..038), recipients outside the block's list (§6), a country twice in Global Status
 * (R-REM-040), a season year twice (R-REM-041), capSeasonConfig from a role other than 1 (R-REM-056).
 */
export const globalConfigProblems = (
  config: Pick<z.output<typeof GlobalConfigInSchema>, 'reminders' | 'capSeasonConfig'>,
  tenantType: TenantTypeId,
  callerRoleId: RoleId,
): FieldError[] => {
  const fields: FieldError[] = [];
  const dayProblems = (path: string, order: DayOrder, entries: readonly DayEntry[]) => {
    dayListProblems(
      order,
      entries.map((e) => e.days),
    ).forEach((message, i) => {
      if (message) fields.push({ name: `${path}.config.${i}.days`, message });
    });
  };
  for (const key of REMINDER_KEYS) {
    const b = config.reminders[key] as { whoWillSendReminder?: number[]; config: DayEntry[] } | undefined;
    if (!b) continue;
    const path = `config.reminders.${key}`;
    dayProblems(path, orderOf(key), b.config);
    const list = REMINDER_KEY_DEFS[key].roles;
    if (!list || !b.whoWillSendReminder) continue;
    const allowed = reminderRecipientRoleIds(list, tenantType);
    const refused = b.whoWillSendReminder.filter(
      (r) =>
        r === Role.SuperAdmin ||
        r === Role.PlatformAdmin ||
        (allowed !== null &&
          !allowed.includes(r) &&
          !(r === Role.Sponsor && (list === 'family' || list === 'employment'))),
    );
    if (refused.length)
      fields.push({ name: `${path}.whoWillSendReminder`, message: `Role not allowed here: ${refused.join(', ')}` });
  }
  const statuses = config.reminders.globalStatus ?? [];
  statuses.forEach((s, i) => {
    dayProblems(`config.reminders.globalStatus.${i}`, GLOBAL_STATUS_ORDER, s.config);
    if (statuses.findIndex((o) => o.countryId === s.countryId) !== i)
      fields.push({ name: `config.reminders.globalStatus.${i}.countryId`, message: 'Country already added' });
  });
  if (config.capSeasonConfig !== undefined && callerRoleId !== Role.SuperAdmin)
    fields.push({ name: 'config.capSeasonConfig', message: 'Only the super admin configures cap seasons' });
  if (config.capSeasonConfig) {
    const twice = duplicateSeasonYears(config.capSeasonConfig);
    config.capSeasonConfig.forEach((s, i) => {
      if (twice.includes(s.seasonYear) && config.capSeasonConfig?.findIndex((o) => o.seasonYear === s.seasonYear) !== i)
        fields.push({ name: `config.capSeasonConfig.${i}.seasonYear`, message: SEASON_YEAR_EXISTS });
    });
  }
  return fields;
};

// ---- one case's reminders (issue 34 item 4: the case page's Reminders tab) ----

/** How far ahead the case page looks. */
export const CASE_REMINDER_DAYS = 60;
export const CaseRemindersBodySchema = z.object({ caseId: z.uuid() }).strict();

/**
 * Who one configured role of a reminder reaches on the case: its linked accounts or the tenant's staff ('users'),
 * the beneficiary at its own e-mail ('email'), or nobody ('missing': shown so the firm links someone).
 */
export const CaseReminderRecipientSchema = z.object({
  roleId: z.number(),
  roleName: z.string(),
  status: z.enum(['users', 'email', 'missing']),
  recipients: z.array(z.object({ userId: z.string().nullable(), name: z.string(), email: z.string() })),
});
export const CaseReminderItemSchema = z.object({
  /** The block of the global configuration (its key and title). */
  key: z.string(),
  title: z.string(),
  /** The date it counts from, where that date lives on the case (cases/sources.ts fieldRefParam), and its day. */
  dateKey: z.string(),
  dateLabel: z.string(),
  field: z.string(),
  anchorOn: z.string(),
  offsetDays: z.number(),
  direction: z.enum(['before', 'after']),
  dueOn: z.string(),
  recipients: z.array(CaseReminderRecipientSchema),
});
/**
 * Issue 34: a reminder the engine wrote for the case (reminders_outbox): to a user, to the beneficiary's own
 * e-mail, or to nobody ('missing': the case had no one of `roleName` on the day, so it was not delivered).
 */
export const CaseReminderWrittenSchema = CaseReminderItemSchema.pick({
  key: true,
  title: true,
  dateLabel: true,
  anchorOn: true,
  offsetDays: true,
  direction: true,
  dueOn: true,
}).extend({
  _id: z.string(),
  status: z.enum(['user', 'email', 'missing']),
  /** The role nobody held (status 'missing'). */
  roleName: z.string().nullable(),
  recipient: z.object({ name: z.string(), email: z.string() }).nullable(),
  emailed: z.boolean(),
});
export const CASE_REMINDERS_WRITTEN_MAX = 100;
export const CaseRemindersSchema = z.object({
  caseId: z.string(),
  caseNumber: z.string(),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  list: z.array(CaseReminderItemSchema),
  /** What was written for the case, newest due day first (at most CASE_REMINDERS_WRITTEN_MAX). */
  written: z.array(CaseReminderWrittenSchema),
});
export type CaseReminders = z.infer<typeof CaseRemindersSchema>;
