import { describe, expect, it } from 'vitest';
import { NAME_PARTS } from '../case-codes/parts';
import { LETTER_TAGS, tagName } from '../letters/contracts';
import { CASE_DATE_KEYS } from '../reminders/case-dates';
import { CASE_FACT_KEYS } from './facts';
import {
  type CaseView,
  CODE_NAME_SOURCES,
  codeNamesOf,
  type FieldRef,
  fieldRefParam,
  formatLetterDate,
  LETTER_TAG_SOURCES,
  letterValuesOf,
  missingFieldsOf,
  REMINDER_DATE_SOURCES,
  reminderDatesOf,
} from './sources';

const PERSON_KEYS = ['name', 'passportExpiry', 'i94Expiry', 'statusExpiry'];
/** A FieldRef names a real place: a fact of the table, a person's field, the petitioner, the case or today. */
const isRecordField = (ref: FieldRef) => {
  switch (ref.where) {
    case 'fact':
      return (CASE_FACT_KEYS as readonly string[]).includes(ref.key);
    case 'beneficiary':
    case 'sponsor':
      return PERSON_KEYS.includes(ref.key);
    case 'petitioner':
      return ref.key === 'name' || ref.key === 'address';
    case 'case':
      return ['caseNumber', 'type', 'subType'].includes(ref.key);
    case 'today':
      return ref.key === 'date';
  }
};

const person = (givenName: string, familyName: string) => ({
  givenName,
  familyName,
  passportExpiry: '2030-01-01',
  i94Expiry: '2029-06-30',
  statusExpiry: '2028-09-30',
});

const FULL: CaseView = {
  caseNumber: 'DLF-H1B-0001',
  typeName: 'H-1B',
  subTypeName: 'H-1B Cap',
  petitioner: { name: 'Acme Corp', address: '1 Main St, Austin, TX 78701, United States' },
  beneficiary: person('Ana', 'Silva'),
  sponsor: person('Sam', 'Lee'),
  facts: {
    jobTitle: 'Software Engineer',
    socCodeId: '00000000-0000-4000-8000-000000000001',
    worksites: [{ line1: '2 Oak Ave', city: 'Dallas', state: 'TX', zipcode: '75201', country: 'United States' }],
    wage: 120000,
    wageUnit: 'Year',
    startDate: '2026-10-01',
  },
  socCode: { code: '15-1252', designation: 'Software Developers' },
  today: '2026-11-28',
};

describe('where every value a setting reads from a case comes from', () => {
  it('issue 34: every LETTER_TAGS tag has a source naming a field of the case’s records', () => {
    for (const tag of LETTER_TAGS) {
      const source = LETTER_TAG_SOURCES[tagName(tag.key)];
      expect(source, tag.key).toBeDefined();
      expect(isRecordField(source!.ref), tag.key).toBe(true);
    }
  });

  it('issue 34: every reminder date (CASE_DATE_KEYS) maps to a fact of the table or a person’s date', () => {
    for (const key of CASE_DATE_KEYS) {
      const ref = REMINDER_DATE_SOURCES[key];
      expect(ref, key).toBeDefined();
      expect(ref.where === 'fact' || (ref.where === 'beneficiary' && ref.key !== 'name'), key).toBe(true);
      expect(isRecordField(ref), key).toBe(true);
    }
  });

  it('issue 34: every NAME part of a case number maps to a linked record', () => {
    for (const part of NAME_PARTS) {
      const ref = CODE_NAME_SOURCES[part];
      expect(['petitioner', 'beneficiary', 'sponsor'], part).toContain(ref.where);
      expect(isRecordField(ref), part).toBe(true);
    }
    expect(Object.values(codeNamesOf(FULL)).every((v) => typeof v === 'string' && v.length > 0)).toBe(true);
  });

  it('issue 34: letterValuesOf over a full CaseView has a value for every tag', () => {
    const values = letterValuesOf(FULL);
    expect(Object.keys(values).sort()).toEqual(LETTER_TAGS.map((t) => tagName(t.key)).sort());
    for (const [tag, value] of Object.entries(values)) expect(value, tag).toEqual(expect.any(String));
    expect(values).toMatchObject({
      offeredWage: '$120,000.00 per year',
      startDate: 'October 1, 2026',
      todayDate: 'November 28, 2026',
      worksiteAddress: '2 Oak Ave, Dallas, TX 75201, United States',
    });
  });

  it('issue 34: a missing tag names the case field that holds it (the link /cases/:id?field=...)', () => {
    const empty: CaseView = { ...FULL, beneficiary: null, facts: {}, socCode: null };
    const missing = Object.entries(letterValuesOf(empty))
      .filter(([, v]) => v === null)
      .map(([k]) => k);
    const fields = missingFieldsOf(missing);
    expect(fields).toContainEqual({ tag: '{jobTitle}', label: 'Job title offered', field: 'fact.jobTitle' });
    expect(fields).toContainEqual({
      tag: '{beneficiaryFullName}',
      label: 'Beneficiary full name',
      field: 'beneficiary.name',
    });
    expect(fieldRefParam({ where: 'petitioner', key: 'address' })).toBe('petitioner.address');
  });

  it('issue 34: reminderDatesOf reads the beneficiary’s own dates and the facts', () => {
    expect(reminderDatesOf({ beneficiary: FULL.beneficiary, facts: { visaExpiry: '2027-01-01' } })).toEqual({
      passportExpiry: '2030-01-01',
      i94Expiry: '2029-06-30',
      workAuthorizationExpiry: '2028-09-30',
      visaExpiry: '2027-01-01',
    });
  });

  it('issue 34: formatLetterDate is the calendar date whatever the process’s time zone', () => {
    expect(formatLetterDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatLetterDate(null)).toBeNull();
    expect(formatLetterDate('not a date')).toBeNull();
    // Node applies a changed TZ at once: the same call far west and far east of UTC.
    const before = process.env.TZ;
    try {
      for (const tz of ['Pacific/Honolulu', 'Pacific/Kiritimati', 'UTC']) {
        process.env.TZ = tz;
        expect(new Date(2026, 0, 1).getTimezoneOffset(), tz).not.toBeNaN();
        expect(formatLetterDate('2026-01-01'), tz).toBe('January 1, 2026');
        expect(formatLetterDate('2026-12-31'), tz).toBe('December 31, 2026');
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
