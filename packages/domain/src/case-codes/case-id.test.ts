import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDateIn } from '../tenants/tenant-day';
import { customerCodeOf, exampleCaseId, formatCaseId, missingNameParts, nameToken, periodKey } from './case-id';
import { CODE_PART_IDS, type CodePartId } from './parts';

const today = { year: '2026', month: '03', day: '07' };
const ctx = { customerCode: 'DLF', caseTypeCode: 'H1B', caseSubtypeCode: 'H1BCAP', today, sNoStartsFrom: 10001 };

describe('Example Case ID', () => {
  it('R-CASECODE-048: joins the parts with hyphens, in upper case', () => {
    expect(
      exampleCaseId(['CUSTOMER_CODE', 'CASE_TYPE_CODE', 'YYYY', 'SI_NO'], {
        ...ctx,
        customerCode: 'dlf',
        caseTypeCode: 'h1b',
      }),
    ).toBe('DLF-H1B-2026-10001');
  });

  it('R-CASECODE-049: uses sample values for the name parts', () => {
    expect(exampleCaseId(['PETITIONER_NAME', 'BENEFICIARY_NAME', 'SPONSOR_NAME', 'APPLICANT_NAME', 'SI_NO'], ctx)).toBe(
      'ACMECORP-JOHNDOE-JANEDOE-ALEXSMITH-10001',
    );
  });

  it('R-CASECODE-050: uses the current date for the date parts', () => {
    expect(exampleCaseId(['YYYY', 'SI_NO'], ctx)).toBe('2026-10001');
    expect(exampleCaseId(['MMYYYY', 'SI_NO'], ctx)).toBe('032026-10001');
    expect(exampleCaseId(['MMDDYYYY', 'SI_NO'], ctx)).toBe('03072026-10001');
    expect(exampleCaseId(['MMDDYY', 'SI_NO'], ctx)).toBe('030726-10001');
  });

  it('R-CASECODE-051: uses the serial start number for the serial part', () => {
    expect(exampleCaseId(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO'], { ...ctx, sNoStartsFrom: 7 })).toBe(
      'H1B-H1BCAP-7',
    );
    // Parts not chosen yet are left out rather than shown as blanks.
    expect(exampleCaseId(['CASE_TYPE_CODE', null, 'SI_NO'], ctx)).toBe('H1B-10001');
  });

  it('SECURITY 17: any pattern over the fixed list gives one token per part, built only from the case data', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...CODE_PART_IDS.filter((p) => p !== 'SI_NO')), { maxLength: 6 }),
        fc.string(),
        fc.integer({ min: 1, max: 999_999_999 }),
        (middle, name, serial) => {
          const parts: CodePartId[] = [...middle, 'SI_NO'];
          const id = formatCaseId(parts, {
            customerCode: 'C',
            caseTypeCode: 'T',
            caseSubtypeCode: 'S',
            names: { BENEFICIARY_NAME: name, PETITIONER_NAME: name, SPONSOR_NAME: name, APPLICANT_NAME: name },
            date: today,
            serial,
          });
          expect(id).toMatch(/^[A-Z0-9-]*$/);
          expect(id.endsWith(`-${serial}`) || id === String(serial)).toBe(true);
          expect(id).toBe(id.toUpperCase());
        },
      ),
    );
  });
});

describe('case-ID generator helpers (D-17)', () => {
  it('D-17: the date of a case is the tenant time zone date, not the server date', () => {
    const instant = new Date('2026-01-01T03:00:00Z');
    expect(calendarDateIn(instant, 'UTC')).toEqual({ year: '2026', month: '01', day: '01' });
    expect(calendarDateIn(instant, 'America/New_York')).toEqual({ year: '2025', month: '12', day: '31' });
    expect(calendarDateIn(instant, 'Asia/Kolkata')).toEqual({ year: '2026', month: '01', day: '01' });
  });

  it('D-17: the counter period follows the reset choice (year, month, day or never)', () => {
    expect(periodKey('Year', today)).toBe('2026');
    expect(periodKey('Month', today)).toBe('2026-03');
    expect(periodKey('Day', today)).toBe('2026-03-07');
    expect(periodKey(null, today)).toBe('all');
  });

  it('D-17: names become upper-case letters and digits; a pattern needing a missing name is reported', () => {
    expect(nameToken("María O'Neil-Smith")).toBe('MARIAONEILSMITH');
    expect(
      missingNameParts(['BENEFICIARY_NAME', 'SPONSOR_NAME', 'SI_NO'], {
        BENEFICIARY_NAME: 'Ann',
        SPONSOR_NAME: ' !! ',
      }),
    ).toEqual(['SPONSOR_NAME']);
  });

  it('D-17: the customer code is the tenant ID prefix, else the initials of its name', () => {
    expect(customerCodeOf({ idPrefix: 'acme', name: 'Whatever' })).toBe('ACME');
    expect(customerCodeOf({ idPrefix: null, name: 'Demo Law Firm' })).toBe('DLF');
  });
});
