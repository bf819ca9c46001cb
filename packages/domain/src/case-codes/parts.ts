import type { TenantTypeId } from '../auth/roles';

/**
 * The fixed list of case-number parts (001 §3 "Case ID config", R-CASECODE-018). A pattern is an ordered
 * list of these ids and nothing else: no user text or regex ever becomes part of a pattern (SECURITY 17).
 */
export const CODE_PART_IDS = [
  'CUSTOMER_CODE',
  'CASE_TYPE_CODE',
  'CASE_SUBTYPE_CODE',
  'PETITIONER_NAME',
  'BENEFICIARY_NAME',
  'SPONSOR_NAME',
  'APPLICANT_NAME',
  'YYYY',
  'MMYYYY',
  'MMDDYYYY',
  'MMDDYY',
  'SI_NO',
] as const;
export type CodePartId = (typeof CODE_PART_IDS)[number];

/** Display names of the parts (the master data category `case_id_type`). */
export const CODE_PART_NAMES: Record<CodePartId, string> = {
  CUSTOMER_CODE: 'Customer Code',
  CASE_TYPE_CODE: 'Case Type Code',
  CASE_SUBTYPE_CODE: 'Case Subtype Code',
  PETITIONER_NAME: 'Petitioner Name',
  BENEFICIARY_NAME: 'Beneficiary Name',
  SPONSOR_NAME: 'Sponsor Name',
  APPLICANT_NAME: 'Applicant Name',
  YYYY: 'YYYY',
  MMYYYY: 'MMYYYY',
  MMDDYYYY: 'MMDDYYYY',
  MMDDYY: 'MMDDYY',
  SI_NO: 'SI. No.',
};

/** `{ id, name }` as the configuration stores it and master data `case_id_type` lists it. */
export const codePartList = (ids: readonly CodePartId[] = CODE_PART_IDS) =>
  ids.map((id) => ({ id, name: CODE_PART_NAMES[id] }));

export const isCodePartId = (value: unknown): value is CodePartId =>
  typeof value === 'string' && (CODE_PART_IDS as readonly string[]).includes(value);

export const SERIAL_PART: CodePartId = 'SI_NO';
/** R-CASECODE-026/027: every group starts with case type code, case subtype code and the serial slot last. */
export const INITIAL_PARTS: readonly CodePartId[] = ['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO'];
export const MIN_PARTS = 3;
export const MAX_PARTS = 7;
/** R-CASECODE-045 / 001 §9. */
export const DEFAULT_SERIAL_START = 10001;
export const MAX_SERIAL_START = 999_999_999;
export const SERIAL_REQUIRED_MESSAGE = 'In Code Configuration Serial number is required';

/** R-CASECODE-030: another part may be added while the count is 6 or fewer (so at most 7). */
export const canAddPart = (count: number) => count <= MAX_PARTS - 1;
/** R-CASECODE-029: a part may be deleted only above 3 parts. */
export const canDeletePart = (count: number) => count > MIN_PARTS;

/** R-CASECODE-032..034: YYYY, MMYYYY and MMDDYYYY exclude each other. MMDDYY is not in the set (001 §4). */
const EXCLUSIVE_DATE_PARTS: readonly CodePartId[] = ['YYYY', 'MMYYYY', 'MMDDYYYY'];
export const DATE_PARTS: readonly CodePartId[] = ['YYYY', 'MMYYYY', 'MMDDYYYY', 'MMDDYY'];
export const NAME_PARTS = ['PETITIONER_NAME', 'BENEFICIARY_NAME', 'SPONSOR_NAME', 'APPLICANT_NAME'] as const;
export type NamePartId = (typeof NAME_PARTS)[number];

/** Parts a part rules out once chosen (besides itself). */
export const excludedBy = (part: CodePartId): CodePartId[] =>
  EXCLUSIVE_DATE_PARTS.includes(part) ? EXCLUSIVE_DATE_PARTS.filter((p) => p !== part) : [];

/** R-CASECODE-019: a petitioner company (tenant type 2) has no PETITIONER_NAME part. */
export const partsForTenantType = (tenantType: TenantTypeId | null): CodePartId[] =>
  CODE_PART_IDS.filter((p) => !(tenantType === 2 && p === 'PETITIONER_NAME'));

/**
 * The choices of the Select at `index` (R-CASECODE-031..034): the tenant type's parts minus the serial
 * slot, minus parts chosen in the other slots and the date parts those rule out. The slot's own value stays.
 */
export const partChoices = (
  parts: readonly (CodePartId | null)[],
  index: number,
  tenantType: TenantTypeId | null,
): CodePartId[] => {
  const others = parts.filter((p, i): p is CodePartId => i !== index && p !== null);
  const blocked = new Set<CodePartId>([SERIAL_PART, ...others, ...others.flatMap(excludedBy)]);
  return partsForTenantType(tenantType).filter((p) => !blocked.has(p));
};

export const RESET_OPTIONS = ['Day', 'Month', 'Year'] as const;
export type ResetIdBy = (typeof RESET_OPTIONS)[number];
const RESET_OF: Partial<Record<CodePartId, ResetIdBy>> = {
  YYYY: 'Year',
  MMYYYY: 'Month',
  MMDDYYYY: 'Day',
  MMDDYY: 'Day',
};

export const hasDatePart = (parts: readonly (CodePartId | null)[]) =>
  parts.some((p) => p !== null && DATE_PARTS.includes(p));

/** R-CASECODE-035: 'SI. No. Reset On' shows only when the pattern has a date part. */
export const showsResetOn = hasDatePart;

/**
 * D-16 (R-CASECODE-036..039): Month and Year by default; Year for YYYY; Month for MMYYYY; Day for MMDDYYYY
 * or MMDDYY. With two date parts (MMDDYY beside YYYY, say) each part's period is offered, so a reset never
 * lets a number repeat: the serial only restarts when a date part of the number changes with it.
 */
export const resetOptions = (parts: readonly (CodePartId | null)[]): ResetIdBy[] => {
  const own = new Set(parts.flatMap((p) => (p && RESET_OF[p] ? [RESET_OF[p]] : [])));
  if (own.size === 0) return ['Month', 'Year'];
  return RESET_OPTIONS.filter((o) => own.has(o));
};

/** D-16: the value kept on submit — only with a date part and only one of its options; else cleared. */
export const normalizeResetIdBy = (
  parts: readonly (CodePartId | null)[],
  value: string | null | undefined,
): ResetIdBy | null =>
  value && hasDatePart(parts) && (resetOptions(parts) as string[]).includes(value) ? (value as ResetIdBy) : null;

/**
 * R-CASECODE-037..039: when the pattern leaves one reset option (Year for YYYY, Month for MMYYYY, Day for
 * MMDDYYYY or MMDDYY) that option is the reset, preselected by the form and filled in by the server when
 * a body leaves it out; otherwise the kept choice of normalizeResetIdBy (D-16).
 */
export const resetIdByFor = (
  parts: readonly (CodePartId | null)[],
  value: string | null | undefined,
): ResetIdBy | null => {
  const kept = normalizeResetIdBy(parts, value);
  if (kept || !hasDatePart(parts)) return kept;
  const options = resetOptions(parts);
  return options.length === 1 ? (options[0] as ResetIdBy) : null;
};

/** A fresh group of the form (R-CASECODE-026, R-CASECODE-045). */
export const newGroup = () => ({
  subTypeIds: [] as number[],
  config: [...INITIAL_PARTS] as (CodePartId | null)[],
  sNoStartsFrom: String(DEFAULT_SERIAL_START),
  resetIdBy: null as ResetIdBy | null,
});

/** Adds an empty Select before the serial slot (the serial stays last, R-CASECODE-027). */
export const addPartSlot = (parts: readonly (CodePartId | null)[]): (CodePartId | null)[] =>
  canAddPart(parts.length) ? [...parts.slice(0, -1), null, ...parts.slice(-1)] : [...parts];

/** Deletes the slot at index; the serial slot and the minimum of 3 parts stay. */
export const removePartSlot = (parts: readonly (CodePartId | null)[], index: number): (CodePartId | null)[] =>
  canDeletePart(parts.length) && parts[index] !== SERIAL_PART ? parts.filter((_, i) => i !== index) : [...parts];

/**
 * R-CASECODE-025: sub-types offered to a group are those not already taken by another group of the form
 * or by another saved configuration of the tenant.
 */
export const subTypeChoices = <T extends { id: number }>(
  all: readonly T[],
  groups: readonly { subTypeIds: readonly number[] }[],
  index: number,
  takenElsewhere: readonly number[] = [],
): T[] => {
  const taken = new Set<number>([...takenElsewhere, ...groups.flatMap((g, i) => (i === index ? [] : g.subTypeIds))]);
  return all.filter((s) => !taken.has(s.id));
};
