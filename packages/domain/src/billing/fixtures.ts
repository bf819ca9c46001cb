import type { Address } from '../profile/contracts';
import { buildAddress } from '../profile/fixtures';
import type { BillingDetails } from './billing-details';

/** Test data builder (ARCHITECTURE §12 `buildX(overrides)`): complete billing details for the API tests. */
export const buildBillingDetails = (address: Address = buildAddress(), overrides: Partial<BillingDetails> = {}) => ({
  busName: 'Demo Law Firm LLP',
  authPerson: {
    name: 'Laura Lawson',
    email: 'billing@lawfirm.test',
    phone: '2025550143',
    phoneCountryCode: { countryCode: 'US', countryCallingCode: '1' },
    address,
  },
  ...overrides,
});
