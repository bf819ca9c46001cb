import { z } from 'zod';
import { int4, money, text } from '../api/scalars';
import { PostalAddressSchema } from '../people/contracts';
import { FEIN_PATTERN } from '../profile/rules';
import { CalendarDateSchema } from '../reminders/case-dates';

/**
 * The facts a case holds, declared once (issue 34 item 2). The case form, the server's validation, the letter
 * tags (./sources.ts), the reminder dates, the fee conditions and the case-number parts all read this table.
 * A fact applies to the case types of its categories (petition_types.category: employment, family,
 * citizenship, humanitarian) or, when `typeCodes` is set, to those case types only. Dates are calendar dates
 * in the firm's own day (YYYY-MM-DD). A person's own dates (passport, I-94, status) are on the person
 * (people/contracts.ts), once, not here.
 */
export const CASE_CATEGORIES = ['employment', 'family', 'citizenship', 'humanitarian'] as const;
export type CaseCategory = (typeof CASE_CATEGORIES)[number];

export const FACT_GROUPS = ['Position', 'Employer', 'Filing', 'Milestones'] as const;
export type FactGroup = (typeof FACT_GROUPS)[number];

export type FactKind =
  | 'text'
  | 'date'
  | 'money'
  | 'int'
  | 'boolean'
  | 'enum'
  /** The id of one of the tenant's SOC codes (soc_code_configs). */
  | 'socCode'
  /** The id of a service center the tenant sees (its own or the platform's). */
  | 'serviceCenter'
  | 'addresses';

export const WAGE_UNITS = ['Year', 'Month', 'Week', 'Hour'] as const;
export const WAGE_LEVELS = ['I', 'II', 'III', 'IV'] as const;
export const PROCESSING_ROUTES = ['Change of status', 'Consular notification'] as const;
export const FILING_METHODS = ['Paper', 'Online'] as const;
export const RECEIPT_NUMBER_PATTERN = /^[A-Z]{3}\d{10}$/;

export const FACT_MESSAGES = {
  endBeforeStart: 'End date must be on or after the start date',
  wagePositive: 'Wage must be greater than 0',
  fein: 'FEIN must look like 12-3456789',
  receiptNumber: 'Receipt number is three letters and ten digits, e.g. IOE0912345678',
  worksitesMax: 'At most 10 worksites',
} as const;

interface FactDefBase<K extends string> {
  key: K;
  label: string;
  kind: FactKind;
  group: FactGroup;
  categories: readonly CaseCategory[];
  /** When set, only these case types (petition_types.code) hold the fact. */
  typeCodes?: readonly string[];
  options?: readonly string[];
  /** Shown under the field. */
  hint?: string;
}

const EMPLOYMENT: readonly CaseCategory[] = ['employment'];
const ALL: readonly CaseCategory[] = CASE_CATEGORIES;
const LCA_TYPES = ['H1B', 'H1B1', 'E3'] as const;

const dateFact = <K extends string>(
  key: K,
  label: string,
  group: FactGroup,
  categories: readonly CaseCategory[],
  typeCodes?: readonly string[],
) => ({ key, label, kind: 'date' as const, group, categories, ...(typeCodes ? { typeCodes } : {}) });

/** The table. Order is the form's order within each group. */
export const CASE_FACTS = [
  // Position (employment cases)
  { key: 'jobTitle', label: 'Job title', kind: 'text', group: 'Position', categories: EMPLOYMENT },
  { key: 'socCodeId', label: 'SOC code', kind: 'socCode', group: 'Position', categories: EMPLOYMENT },
  { key: 'worksites', label: 'Worksite addresses', kind: 'addresses', group: 'Position', categories: EMPLOYMENT },
  { key: 'wage', label: 'Offered wage', kind: 'money', group: 'Position', categories: EMPLOYMENT },
  {
    key: 'wageUnit',
    label: 'Wage per',
    kind: 'enum',
    options: WAGE_UNITS,
    group: 'Position',
    categories: EMPLOYMENT,
  },
  {
    key: 'wageLevel',
    label: 'Wage level',
    kind: 'enum',
    options: WAGE_LEVELS,
    group: 'Position',
    categories: EMPLOYMENT,
  },
  dateFact('startDate', 'Start date', 'Position', EMPLOYMENT),
  dateFact('endDate', 'End date', 'Position', EMPLOYMENT),
  { key: 'fullTime', label: 'Full-time', kind: 'boolean', group: 'Position', categories: EMPLOYMENT },
  // Employer (employment cases; taken from the petitioner's profile when the case is opened)
  { key: 'fein', label: 'Employer FEIN', kind: 'text', group: 'Employer', categories: EMPLOYMENT },
  {
    key: 'employeeCount',
    label: 'Full-time employees',
    kind: 'int',
    group: 'Employer',
    categories: EMPLOYMENT,
    hint: 'Employers with 25 or fewer full-time employees pay the lower ACWIA and Asylum Program fees',
  },
  { key: 'nonprofit', label: 'Nonprofit employer', kind: 'boolean', group: 'Employer', categories: EMPLOYMENT },
  { key: 'capExempt', label: 'Cap-exempt employer', kind: 'boolean', group: 'Employer', categories: EMPLOYMENT },
  {
    key: 'h1bLMajority',
    label: 'More than half of employees in H-1B or L status',
    kind: 'boolean',
    group: 'Employer',
    categories: EMPLOYMENT,
    hint: 'With 50 or more employees, the Pub. L. 114-113 fee applies to new H-1B and L-1 petitions',
  },
  // Filing (every case)
  dateFact('filingDate', 'Filing date', 'Filing', ALL),
  {
    key: 'premiumProcessing',
    label: 'Premium processing',
    kind: 'boolean',
    group: 'Filing',
    categories: EMPLOYMENT,
  },
  {
    key: 'processingRoute',
    label: 'Consular notification or change of status',
    kind: 'enum',
    options: PROCESSING_ROUTES,
    group: 'Filing',
    categories: ALL,
  },
  {
    key: 'dependentCount',
    label: 'Dependants',
    kind: 'int',
    group: 'Filing',
    categories: ALL,
    hint: 'Family members filed for with the case (each pays the dependant fees)',
  },
  {
    key: 'filingMethod',
    label: 'Filed online or on paper',
    kind: 'enum',
    options: FILING_METHODS,
    group: 'Filing',
    categories: ALL,
  },
  { key: 'serviceCenterId', label: 'Service center', kind: 'serviceCenter', group: 'Filing', categories: ALL },
  { key: 'receiptNumber', label: 'Receipt number', kind: 'text', group: 'Filing', categories: ALL },
  dateFact('priorityDate', 'Priority date', 'Filing', ALL),
  // LCA (recorded by LCA_SUBMIT)
  {
    key: 'lcaNumber',
    label: 'LCA case number',
    kind: 'text',
    group: 'Milestones',
    categories: EMPLOYMENT,
    typeCodes: LCA_TYPES,
  },
  dateFact('lcaValidFrom', 'LCA valid from', 'Milestones', EMPLOYMENT, LCA_TYPES),
  dateFact('lcaValidTo', 'LCA valid to', 'Milestones', EMPLOYMENT, LCA_TYPES),
  // Milestones: the case dates the reminder blocks count from (issue 17's Dates modal, now facts)
  dateFact('visaExpiry', 'Visa expiry', 'Milestones', ALL),
  dateFact('maxStayOn', 'Maximum stay reached', 'Milestones', EMPLOYMENT),
  dateFact('lotterySelectedOn', 'Selected in the lottery', 'Milestones', EMPLOYMENT, ['H1B']),
  dateFact('lcaSubmittedOn', 'LCA submitted', 'Milestones', EMPLOYMENT, LCA_TYPES),
  dateFact('pwdCertifiedOn', 'PWD certified', 'Milestones', EMPLOYMENT, ['PERM']),
  dateFact('pwdExpiry', 'PWD expiry', 'Milestones', EMPLOYMENT, ['PERM']),
  dateFact('firstAdvertisementOn', 'First advertisement', 'Milestones', EMPLOYMENT, ['PERM']),
  dateFact('lastAdvertisementOn', 'Last advertisement', 'Milestones', EMPLOYMENT, ['PERM']),
  dateFact('permFiledOn', 'PERM filed', 'Milestones', EMPLOYMENT, ['PERM']),
  dateFact('permCertifiedOn', 'PERM certified', 'Milestones', EMPLOYMENT, ['PERM', 'I140']),
  dateFact('priorityDateCurrentOn', 'Priority date current', 'Milestones', ALL),
  dateFact('i140ApprovedOn', 'I-140 approved', 'Milestones', EMPLOYMENT, ['I140', 'I485EB']),
  dateFact('i130ApprovedOn', 'I-130 approved', 'Milestones', ['family']),
  dateFact('i485ApprovedOn', 'I-485 approved', 'Milestones', ALL, ['I485EB', 'I485FB']),
  dateFact('invoiceIssuedOn', 'Invoice issued', 'Milestones', ALL),
] as const satisfies readonly FactDefBase<string>[];

export type CaseFactKey = (typeof CASE_FACTS)[number]['key'];
export type FactDef = FactDefBase<CaseFactKey>;
export const CASE_FACT_KEYS = CASE_FACTS.map((f) => f.key) as readonly CaseFactKey[];
export const FACT_BY_KEY = Object.fromEntries(CASE_FACTS.map((f) => [f.key, f])) as Record<CaseFactKey, FactDef>;

/** The case type a fact list is asked for: its category and its code (petition_types). */
export interface CaseTypeRef {
  category: string;
  code: string;
}

export const factApplies = (f: FactDef, type: CaseTypeRef): boolean =>
  (f.categories as readonly string[]).includes(type.category) &&
  (!f.typeCodes || (f.typeCodes as readonly string[]).includes(type.code));

/** The facts a case of this type holds, in the table's order. */
export const factsFor = (type: CaseTypeRef): FactDef[] =>
  (CASE_FACTS as readonly FactDef[]).filter((f) => factApplies(f, type));

/** The zod schema of one fact's value (null clears it). */
export const factValueSchema = (f: FactDef): z.ZodType => {
  switch (f.kind) {
    case 'date':
      return CalendarDateSchema;
    case 'money':
      return money().positive(FACT_MESSAGES.wagePositive).max(10_000_000);
    case 'int':
      return int4().int().min(0).max(10_000_000);
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(f.options as unknown as [string, ...string[]]);
    case 'socCode':
    case 'serviceCenter':
      return z.uuid();
    case 'addresses':
      return z.array(PostalAddressSchema).min(1).max(10, FACT_MESSAGES.worksitesMax);
    case 'text':
      if (f.key === 'fein') return text().trim().regex(FEIN_PATTERN, FACT_MESSAGES.fein);
      if (f.key === 'receiptNumber')
        return text().trim().toUpperCase().regex(RECEIPT_NUMBER_PATTERN, FACT_MESSAGES.receiptNumber);
      return text().trim().min(1).max(200);
  }
};

export type CaseFacts = Partial<{
  jobTitle: string;
  socCodeId: string;
  worksites: z.infer<typeof PostalAddressSchema>[];
  wage: number;
  wageUnit: (typeof WAGE_UNITS)[number];
  wageLevel: (typeof WAGE_LEVELS)[number];
  fullTime: boolean;
  fein: string;
  employeeCount: number;
  nonprofit: boolean;
  capExempt: boolean;
  h1bLMajority: boolean;
  premiumProcessing: boolean;
  dependentCount: number;
  filingMethod: (typeof FILING_METHODS)[number];
  processingRoute: (typeof PROCESSING_ROUTES)[number];
  serviceCenterId: string;
  receiptNumber: string;
  lcaNumber: string;
}> &
  Partial<Record<CaseFactKey, unknown>>;

/** Any fact on the wire (the type-specific check is `checkFactsFor`): a strict object of optional, nullable values. */
export const CaseFactsInSchema = z
  .object(
    Object.fromEntries(
      (CASE_FACTS as readonly FactDef[]).map((f) => [f.key, factValueSchema(f).nullable().optional()]),
    ),
  )
  .strict();
export const CaseFactsSchema = z.record(z.string(), z.unknown());

/**
 * The facts sent for a case of `type`, checked against the table: a fact the type does not hold, a bad value, or
 * an end date before the start date is a field error named `facts.<key>`. Returns the parsed values (null
 * clears a fact) or the errors.
 */
export const checkFactsFor = (
  type: CaseTypeRef,
  facts: Record<string, unknown>,
): { ok: true; values: Record<string, unknown> } | { ok: false; fields: { name: string; message: string }[] } => {
  const fields: { name: string; message: string }[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(facts)) {
    const def = FACT_BY_KEY[key as CaseFactKey];
    if (!def || !factApplies(def, type)) {
      fields.push({ name: `facts.${key}`, message: 'A case of this type does not hold this fact' });
      continue;
    }
    if (raw === null || raw === undefined || raw === '') {
      values[key] = null;
      continue;
    }
    const parsed = factValueSchema(def).safeParse(raw);
    if (!parsed.success) {
      fields.push({ name: `facts.${key}`, message: parsed.error.issues[0]?.message ?? 'Invalid value' });
      continue;
    }
    values[key] = parsed.data;
  }
  return fields.length ? { ok: false, fields } : { ok: true, values };
};

/** The merge a save makes (a null clears a fact; an absent key keeps it), then the cross-fact rules. */
export const mergeFacts = (
  before: Record<string, unknown>,
  changes: Record<string, unknown>,
): { facts: Record<string, unknown>; fields: { name: string; message: string }[] } => {
  const facts: Record<string, unknown> = { ...before };
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === undefined) delete facts[k];
    else facts[k] = v;
  }
  const fields: { name: string; message: string }[] = [];
  const start = facts.startDate as string | undefined;
  const end = facts.endDate as string | undefined;
  if (start && end && end < start) fields.push({ name: 'facts.endDate', message: FACT_MESSAGES.endBeforeStart });
  return { facts, fields };
};
