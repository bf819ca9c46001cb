import { describe, expect, it } from 'vitest';
import { buildAddress } from '../profile/fixtures';
import { BILLING_PHONE_DEFAULT_COUNTRY, BillingDetailsSchema } from './billing-details';

const valid = {
  busName: 'Acme LLC',
  authPerson: {
    name: 'Ada Lovelace',
    email: 'ada@acme.test',
    phone: '2025550143',
    phoneCountryCode: { countryCode: 'US', countryCallingCode: '1' },
    address: buildAddress(),
  },
};
const messages = (value: unknown) =>
  (BillingDetailsSchema.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('Billing Details contract', () => {
  it('R-BILL-010: busName and authPerson {name, email, phone, phoneCountryCode, address}; nothing else', () => {
    expect(BillingDetailsSchema.safeParse(valid).success).toBe(true);
    expect(BillingDetailsSchema.safeParse({ ...valid, cardNumber: '4242424242424242' }).success).toBe(false);
  });

  it('R-BILL-011, R-BILL-012, R-BILL-013: business name, person name and a valid e-mail are required', () => {
    expect(messages({ ...valid, busName: ' ' })).toEqual(['busName: Business name is required']);
    expect(messages({ ...valid, authPerson: { ...valid.authPerson, name: '' } })).toEqual([
      'authPerson.name: Authorized person name is required',
    ]);
    expect(messages({ ...valid, authPerson: { ...valid.authPerson, email: 'ada@' } })).toEqual([
      'authPerson.email: Please enter a valid email',
    ]);
  });

  it("R-BILL-014: an invalid phone gives '*Invalid phone number - Please enter a valid one'", () => {
    expect(messages({ ...valid, authPerson: { ...valid.authPerson, phone: '123' } })).toEqual([
      'authPerson.phone: *Invalid phone number - Please enter a valid one',
    ]);
  });

  it('R-BILL-015: the address is validated like every address (line 1 and zip code required)', () => {
    expect(messages({ ...valid, authPerson: { ...valid.authPerson, address: buildAddress({ line1: '' }) } })).toEqual([
      'authPerson.address.line1: Address is required',
    ]);
  });

  it('R-BILL-016: the billing phone defaults to India', () => {
    expect(BILLING_PHONE_DEFAULT_COUNTRY).toBe('IN');
  });
});
