import { describe, expect, it } from 'vitest';
import { formatProfileAddress } from '../profile/contracts';
import { PARTY_MESSAGES, partyErrors } from './contracts';

const employment = { category: 'employment' };
const family = { category: 'family' };
const citizenship = { category: 'citizenship' };

describe('partyErrors (issue 34: the parties a case body may name, wizard and server alike)', () => {
  it('issue 34: a party the case type has none of is refused when named', () => {
    expect(partyErrors(employment, { sponsor: true }, false)).toEqual([
      { name: 'sponsor', message: PARTY_MESSAGES.sponsorNotForType },
    ]);
    expect(partyErrors(family, { petitioner: true, sponsor: true, beneficiary: true }, false)).toEqual([
      { name: 'petitionerId', message: PARTY_MESSAGES.petitionerNotForType },
    ]);
  });

  it('issue 34: a required party is refused when absent; a petitioner company never names a petitioner account', () => {
    expect(partyErrors(employment, { petitioner: false, beneficiary: false }, false).map((e) => e.name)).toEqual([
      'petitionerId',
      'beneficiary',
    ]);
    expect(partyErrors(employment, { petitioner: false, beneficiary: true }, true)).toEqual([]);
    expect(partyErrors(family, { sponsor: false, beneficiary: true }, false).map((e) => e.name)).toEqual(['sponsor']);
    expect(partyErrors(citizenship, { beneficiary: false }, false)).toEqual([
      { name: 'beneficiary', message: 'Pick or add the applicant' },
    ]);
    // Left as it is (undefined): nothing to check.
    expect(partyErrors(family, {}, false)).toEqual([]);
  });
});

describe('formatProfileAddress (issue 34: the Overview and the letters print one address line)', () => {
  it('issue 34: line 1, apt and line 2, city, state and ZIP, country; null without a first line', () => {
    expect(
      formatProfileAddress({
        line1: '500 Market Street',
        line2: '4',
        aptType: 'Flr',
        zipcode: '94105',
        location: { name: 'San Francisco' },
        state: { name: 'California' },
        country: { name: 'United States' },
      }),
    ).toBe('500 Market Street, Flr 4, San Francisco, California 94105, United States');
    expect(formatProfileAddress({ line1: ' ', zipcode: '1' })).toBeNull();
    expect(formatProfileAddress(null)).toBeNull();
  });
});
