import type { CalendarDate } from '../tenants/tenant-day';
import type { CodePartId, NamePartId, ResetIdBy } from './parts';

/**
 * The counter period a serial belongs to (D-17): a new period restarts the serial at sNoStartsFrom.
 * Without a reset the period never changes.
 */
export const periodKey = (resetIdBy: ResetIdBy | null | undefined, d: CalendarDate): string => {
  if (resetIdBy === 'Year') return d.year;
  if (resetIdBy === 'Month') return `${d.year}-${d.month}`;
  if (resetIdBy === 'Day') return `${d.year}-${d.month}-${d.day}`;
  return 'all';
};

/** Names inside a case number: upper-case letters and digits only, at most 20 characters. */
export const NAME_TOKEN_MAX = 20;
export const nameToken = (name: string): string =>
  name
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, NAME_TOKEN_MAX);

/** Codes (customer, case type, sub-type, custom codes of D-23) inside a case number: spaces dropped. */
export const codeToken = (code: string): string => code.toUpperCase().replace(/\s+/g, '');

/**
 * CUSTOMER_CODE: the tenant's ID prefix when it has one, else the initials of its name (up to 6), so a
 * tenant that has not finished its profile still gets a readable code.
 */
export const customerCodeOf = (tenant: { idPrefix: string | null | undefined; name: string }): string => {
  const prefix = tenant.idPrefix ? nameToken(tenant.idPrefix) : '';
  if (prefix) return prefix;
  const initials = tenant.name
    .split(/\s+/)
    .map((w) => nameToken(w).charAt(0))
    .join('');
  return (initials || 'CUST').slice(0, 6);
};

export interface CaseIdValues {
  customerCode: string;
  caseTypeCode: string;
  caseSubtypeCode: string;
  names: Partial<Record<NamePartId, string>>;
  date: CalendarDate;
  serial: number;
}

const NAME_PART_OF: Record<NamePartId, true> = {
  PETITIONER_NAME: true,
  BENEFICIARY_NAME: true,
  SPONSOR_NAME: true,
  APPLICANT_NAME: true,
};
const isNamePart = (p: CodePartId): p is NamePartId => p in NAME_PART_OF;

const partValue = (part: CodePartId, v: CaseIdValues): string => {
  if (isNamePart(part)) return nameToken(v.names[part] ?? '');
  switch (part) {
    case 'CUSTOMER_CODE':
      return codeToken(v.customerCode);
    case 'CASE_TYPE_CODE':
      return codeToken(v.caseTypeCode);
    case 'CASE_SUBTYPE_CODE':
      return codeToken(v.caseSubtypeCode);
    case 'YYYY':
      return v.date.year;
    case 'MMYYYY':
      return `${v.date.month}${v.date.year}`;
    case 'MMDDYYYY':
      return `${v.date.month}${v.date.day}${v.date.year}`;
    case 'MMDDYY':
      return `${v.date.month}${v.date.day}${v.date.year.slice(-2)}`;
    case 'SI_NO':
      return String(v.serial);
  }
};

/** A case number: each part's value, joined by hyphens, in upper case (R-CASECODE-048, D-17). */
export const formatCaseId = (parts: readonly CodePartId[], values: CaseIdValues): string =>
  parts
    .map((p) => partValue(p, values))
    .join('-')
    .toUpperCase();

/** Name parts of a pattern whose value the case does not carry (the case cannot be numbered without them). */
export const missingNameParts = (
  parts: readonly CodePartId[],
  names: Partial<Record<NamePartId, string | null | undefined>>,
): NamePartId[] => parts.filter(isNamePart).filter((p) => nameToken(names[p] ?? '') === '');

/** R-CASECODE-049: sample values for the name parts of the Example Case ID. */
export const SAMPLE_NAMES: Record<NamePartId, string> = {
  PETITIONER_NAME: 'Acme Corp',
  BENEFICIARY_NAME: 'John Doe',
  SPONSOR_NAME: 'Jane Doe',
  APPLICANT_NAME: 'Alex Smith',
};

/**
 * R-CASECODE-048..051: the Example Case ID — sample names, the current date, the serial start number.
 * Parts not chosen yet (null) are left out.
 */
export const exampleCaseId = (
  parts: readonly (CodePartId | null)[],
  context: {
    customerCode: string;
    caseTypeCode: string;
    caseSubtypeCode: string;
    today: CalendarDate;
    sNoStartsFrom: number;
    /** A real name to preview instead of a sample (e.g. a petitioner picked from the petitioner list). */
    names?: Partial<Record<NamePartId, string>>;
  },
): string =>
  formatCaseId(
    parts.filter((p): p is CodePartId => p !== null),
    { ...context, names: { ...SAMPLE_NAMES, ...context.names }, date: context.today, serial: context.sNoStartsFrom },
  );
