import { CODE_PART_IDS, type CodePartId, NAME_PARTS, type NamePartId } from '../case-codes/parts';
import { LETTER_TAGS, tagName } from '../letters/contracts';
import { formatPostalAddress, type PostalAddress, personFullName } from '../people/contracts';
import { CASE_DATE_KEYS, type CaseDateKey } from '../reminders/case-dates';
import type { CaseFactKey } from './facts';

/**
 * Where every value a setting reads from a case comes from (issue 34 item 2 and 6): the letter tags, the reminder
 * dates and the case-number name parts, each mapped to one field of the case's people or facts. `FieldRef` is
 * also the link a missing tag gives: the case page opens the field it names (`/cases/:id?field=<where>.<key>`).
 */
export type FieldRef =
  | { where: 'fact'; key: CaseFactKey }
  | { where: 'beneficiary' | 'sponsor'; key: 'name' | 'passportExpiry' | 'i94Expiry' | 'statusExpiry' }
  | { where: 'petitioner'; key: 'name' | 'address' }
  | { where: 'case'; key: 'caseNumber' | 'type' | 'subType' }
  | { where: 'today'; key: 'date' };

export const fieldRefParam = (ref: FieldRef) => `${ref.where}.${ref.key}`;

export interface CasePersonView {
  givenName: string;
  familyName: string;
  passportExpiry: string | null;
  i94Expiry: string | null;
  statusExpiry: string | null;
}

/** What the server gathers for one case before any setting reads it. */
export interface CaseView {
  caseNumber: string;
  typeName: string;
  subTypeName: string;
  petitioner: { name: string; address: string | null } | null;
  beneficiary: CasePersonView | null;
  sponsor: CasePersonView | null;
  facts: Record<string, unknown>;
  /** The SOC code the socCodeId fact names, resolved in the tenant. */
  socCode: { code: string; designation: string } | null;
  /** Today in the firm's time zone (YYYY-MM-DD). */
  today: string;
}

/** 'October 1, 2026' for a calendar date, whatever the server's zone. */
export const formatLetterDate = (day: string | null | undefined): string | null => {
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return null;
  return LETTER_DATE.format(new Date(Date.UTC(y, m - 1, d)));
};
// One formatter each, made once: making one costs ~60 µs, using it ~5 (a letter formats many values).
const LETTER_DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const money = (n: unknown) => (typeof n === 'number' ? USD.format(n) : null);

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

type TagKey = ReturnType<typeof tagName>;
interface TagSource {
  ref: FieldRef;
  value: (v: CaseView) => string | null;
}

/** Every LETTER_TAGS tag, its field and its value. */
export const LETTER_TAG_SOURCES: Record<string, TagSource> = {
  socCode: { ref: { where: 'fact', key: 'socCodeId' }, value: (v) => v.socCode?.code ?? null },
  socDesignation: { ref: { where: 'fact', key: 'socCodeId' }, value: (v) => v.socCode?.designation ?? null },
  jobTitle: { ref: { where: 'fact', key: 'jobTitle' }, value: (v) => str(v.facts.jobTitle) },
  beneficiaryFullName: { ref: { where: 'beneficiary', key: 'name' }, value: (v) => personFullName(v.beneficiary) },
  petitionerName: { ref: { where: 'petitioner', key: 'name' }, value: (v) => v.petitioner?.name ?? null },
  petitionerAddress: { ref: { where: 'petitioner', key: 'address' }, value: (v) => v.petitioner?.address ?? null },
  worksiteAddress: {
    ref: { where: 'fact', key: 'worksites' },
    value: (v) => {
      const sites = Array.isArray(v.facts.worksites) ? (v.facts.worksites as PostalAddress[]) : [];
      return sites.length ? sites.map((s) => formatPostalAddress(s)).join('; ') : null;
    },
  },
  offeredWage: {
    ref: { where: 'fact', key: 'wage' },
    value: (v) => {
      const amount = money(v.facts.wage);
      if (!amount) return null;
      return str(v.facts.wageUnit) ? `${amount} per ${String(v.facts.wageUnit).toLowerCase()}` : amount;
    },
  },
  startDate: { ref: { where: 'fact', key: 'startDate' }, value: (v) => formatLetterDate(str(v.facts.startDate)) },
  todayDate: { ref: { where: 'today', key: 'date' }, value: (v) => formatLetterDate(v.today) },
  caseNumber: { ref: { where: 'case', key: 'caseNumber' }, value: (v) => v.caseNumber },
  caseType: { ref: { where: 'case', key: 'type' }, value: (v) => v.typeName },
  caseSubType: { ref: { where: 'case', key: 'subType' }, value: (v) => v.subTypeName },
  sponsorName: { ref: { where: 'sponsor', key: 'name' }, value: (v) => personFullName(v.sponsor) },
  applicantName: { ref: { where: 'beneficiary', key: 'name' }, value: (v) => personFullName(v.beneficiary) },
} satisfies Record<TagKey, TagSource>;

/** The values a letter is filled with: every tag of LETTER_TAGS, null where the case has none yet. */
export const letterValuesOf = (v: CaseView): Record<string, string | null> =>
  Object.fromEntries(
    LETTER_TAGS.map((t) => {
      const name = tagName(t.key);
      return [name, LETTER_TAG_SOURCES[name]?.value(v) ?? null];
    }),
  );

/** A tag the case had no value for, and the case field that holds it (the link `/cases/:id?field=<field>`). */
export interface MissingField {
  tag: string;
  label: string;
  field: string;
}

const TAG_LABELS: Record<string, string> = Object.fromEntries(LETTER_TAGS.map((t) => [tagName(t.key), t.label]));

/** The missing tags (names without braces, as the filler reports them) with their labels and fields. */
export const missingFieldsOf = (tags: readonly string[]): MissingField[] =>
  tags.map((raw) => {
    const name = tagName(raw);
    const source = LETTER_TAG_SOURCES[name];
    return { tag: `{${name}}`, label: TAG_LABELS[name] ?? name, field: source ? fieldRefParam(source.ref) : '' };
  });

/** Where each reminder date of a case comes from: the beneficiary's own dates, or the case's facts. */
export const REMINDER_DATE_SOURCES: Record<CaseDateKey, FieldRef> = {
  passportExpiry: { where: 'beneficiary', key: 'passportExpiry' },
  i94Expiry: { where: 'beneficiary', key: 'i94Expiry' },
  workAuthorizationExpiry: { where: 'beneficiary', key: 'statusExpiry' },
  visaExpiry: { where: 'fact', key: 'visaExpiry' },
  maxStayOn: { where: 'fact', key: 'maxStayOn' },
  lotterySelectedOn: { where: 'fact', key: 'lotterySelectedOn' },
  lcaSubmittedOn: { where: 'fact', key: 'lcaSubmittedOn' },
  pwdCertifiedOn: { where: 'fact', key: 'pwdCertifiedOn' },
  pwdExpiry: { where: 'fact', key: 'pwdExpiry' },
  firstAdvertisementOn: { where: 'fact', key: 'firstAdvertisementOn' },
  lastAdvertisementOn: { where: 'fact', key: 'lastAdvertisementOn' },
  permFiledOn: { where: 'fact', key: 'permFiledOn' },
  permCertifiedOn: { where: 'fact', key: 'permCertifiedOn' },
  priorityDateCurrentOn: { where: 'fact', key: 'priorityDateCurrentOn' },
  i140ApprovedOn: { where: 'fact', key: 'i140ApprovedOn' },
  i130ApprovedOn: { where: 'fact', key: 'i130ApprovedOn' },
  i485ApprovedOn: { where: 'fact', key: 'i485ApprovedOn' },
  invoiceIssuedOn: { where: 'fact', key: 'invoiceIssuedOn' },
};

/** The dates the reminder engine counts from, read from the case's people and facts. */
export const reminderDatesOf = (v: Pick<CaseView, 'beneficiary' | 'facts'>): Partial<Record<CaseDateKey, string>> => {
  const out: Partial<Record<CaseDateKey, string>> = {};
  for (const k of CASE_DATE_KEYS) {
    const ref = REMINDER_DATE_SOURCES[k];
    const value =
      ref.where === 'fact'
        ? str(v.facts[ref.key])
        : ref.where === 'beneficiary' && ref.key !== 'name'
          ? (v.beneficiary?.[ref.key] ?? null)
          : null;
    if (value) out[k] = value;
  }
  return out;
};

/** The case-number name parts (R-CASECODE-018): from the linked records, never typed. */
export const CODE_NAME_SOURCES: Record<NamePartId, FieldRef> = {
  PETITIONER_NAME: { where: 'petitioner', key: 'name' },
  BENEFICIARY_NAME: { where: 'beneficiary', key: 'name' },
  SPONSOR_NAME: { where: 'sponsor', key: 'name' },
  APPLICANT_NAME: { where: 'beneficiary', key: 'name' },
};

export const codeNamesOf = (
  v: Pick<CaseView, 'petitioner' | 'beneficiary' | 'sponsor'>,
): Record<NamePartId, string | null> => ({
  PETITIONER_NAME: v.petitioner?.name ?? null,
  BENEFICIARY_NAME: personFullName(v.beneficiary),
  SPONSOR_NAME: personFullName(v.sponsor),
  APPLICANT_NAME: personFullName(v.beneficiary),
});

/** The non-name parts of a case number come from the case itself (type, sub-type, date, serial). */
export const CODE_PARTS_FROM_CASE: readonly CodePartId[] = CODE_PART_IDS.filter(
  (p) => !(NAME_PARTS as readonly string[]).includes(p),
);
