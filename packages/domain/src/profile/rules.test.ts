import { describe, expect, it } from 'vitest';
import {
  isNotFutureDate,
  isValidPhone,
  mailingAddressFor,
  maskFein,
  moreThanHalfOnH1bL1For,
  phoneCountryOf,
  sanitizeAccountDomain,
} from './rules';

describe('profile rules', () => {
  it('R-PROFILE-011: the account domain keeps only letters, digits and one dot, and drops spaces', () => {
    expect(sanitizeAccountDomain('acme law')).toBe('acmelaw');
    expect(sanitizeAccountDomain('a.b.c')).toBe('a.bc');
    expect(sanitizeAccountDomain('Acme-Law_Firm!')).toBe('acmelawfirm');
    expect(sanitizeAccountDomain(' my.firm 2 ')).toBe('my.firm2');
  });

  it('R-PETITIONER-009: the FEIN mask is ##-####### while typing', () => {
    expect(maskFein('12')).toBe('12');
    expect(maskFein('123')).toBe('12-3');
    expect(maskFein('12-3456789')).toBe('12-3456789');
    expect(maskFein('12a34567890123')).toBe('12-3456789');
  });

  it('R-PROFILE-005: libphonenumber-js decides phone validity for the picked country', () => {
    expect(isValidPhone('2015550123', { countryCode: 'US', countryCallingCode: '1' })).toBe(true);
    expect(isValidPhone('1234567890', { countryCode: 'US', countryCallingCode: '1' })).toBe(false);
    expect(isValidPhone('8123456789', { countryCode: 'IN', countryCallingCode: '91' })).toBe(true);
    // A calling code that does not belong to the country, an unknown country and an empty phone are invalid.
    expect(isValidPhone('2015550123', { countryCode: 'US', countryCallingCode: '91' })).toBe(false);
    expect(isValidPhone('2015550123', { countryCode: 'ZZ', countryCallingCode: '1' })).toBe(false);
    expect(isValidPhone('', { countryCode: 'US', countryCallingCode: '1' })).toBe(false);
  });

  it('R-PROFILE-004: R-PETITIONER-015: a phone country carries countryCode and countryCallingCode (IN is +91)', () => {
    expect(phoneCountryOf('IN')).toEqual({ countryCode: 'IN', countryCallingCode: '91' });
    expect(phoneCountryOf('US')).toEqual({ countryCode: 'US', countryCallingCode: '1' });
    expect(phoneCountryOf('XX')).toBeNull();
  });

  it('R-PROFILE-017: R-PROFILE-018: yes copies the address into the mailing address, no clears it', () => {
    const address = {
      line1: '1 Main St',
      line2: 'Suite 2',
      aptType: 'Ste',
      countryId: 231,
      stateId: 5,
      locationId: 9,
      zipcode: '10001',
    };
    expect(mailingAddressFor('yes', address, 231)).toEqual(address);
    expect(mailingAddressFor('yes', address, 231)).not.toBe(address);
    expect(mailingAddressFor('no', address, 231)).toEqual({
      line1: '',
      line2: '',
      aptType: null,
      countryId: 231,
      stateId: null,
      locationId: null,
      zipcode: '',
    });
  });

  it('R-PETITIONER-007: no to 50+ employees resets the more-than-50%-on-H1B/L1 answer to false', () => {
    expect(moreThanHalfOnH1bL1For('no', true)).toBe(false);
    expect(moreThanHalfOnH1bL1For('yes', true)).toBe(true);
    expect(moreThanHalfOnH1bL1For('yes', false)).toBe(false);
  });

  it('R-PETITIONER-018: a date established today anywhere on earth is fine, a later one is in the future', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(isNotFutureDate('2026-03-10', now)).toBe(true);
    expect(isNotFutureDate('2026-03-11', now)).toBe(true); // already 11 March at UTC+14
    expect(isNotFutureDate('2026-03-12', now)).toBe(false);
    expect(isNotFutureDate('1999-01-01', now)).toBe(true);
  });
});
