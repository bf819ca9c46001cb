import type { Address, FileRef, PetitionerInfoInput, TenantProfileUpdateInput } from './contracts';

/** Test data builders (ARCHITECTURE §12 `buildX(overrides)`), shared by the domain, API and e2e tests. */
export const buildAddress = (overrides: Partial<Address> = {}): Address => ({
  line1: '100 Main Street',
  line2: '',
  aptType: 'Ste',
  countryId: 231,
  stateId: 1,
  locationId: 1,
  zipcode: '10001',
  ...overrides,
});

export const buildFileRef = (path: string, overrides: Partial<FileRef> = {}): FileRef => ({
  name: 'logo.png',
  extn: 'png',
  path,
  mimetype: 'image/png',
  ...overrides,
});

export const buildPetitionerInfo = (overrides: Partial<PetitionerInfoInput> = {}): PetitionerInfoInput => ({
  naicsCode: '541511',
  feiNumber: '12-3456789',
  authorizedSignatory: {
    firstName: 'Sara',
    middleName: '',
    lastName: 'Singh',
    title: 'HR Director',
    email: 'sara.singh@example.com',
    phone: '8123456789',
    phoneCountryCode: { countryCode: 'IN', countryCallingCode: '91' },
  },
  typeOfBusiness: 'Corporation',
  natureOfBusiness: 'Software development services',
  businessEstdDate: '2010-05-01',
  totalFullTimeEmployees: '120',
  estimatedGrossAnualIncome: '1000000',
  estimatedNetAnualIncome: '100000',
  fiftyOrMoreEmployeesInUS: 'yes',
  moreThanHalfOnH1bL1: false,
  documents: {},
  ...overrides,
});

export const buildProfileUpdate = (overrides: Partial<TenantProfileUpdateInput> = {}): TenantProfileUpdateInput => ({
  adminFirstName: 'Laura',
  adminLastName: 'Lawson',
  phone: '2015550123',
  phoneCountryCode: { countryCode: 'US', countryCallingCode: '1' },
  logo: buildFileRef('public/logo.png'),
  favicon: buildFileRef('public/favicon.png', { name: 'favicon.png' }),
  fromEmail: 'noreply@acme.example',
  contactEmail: 'contact@acme.example',
  slug: 'acmelaw',
  idPrefix: 'ACME',
  feiNumber: '12-3456789',
  feinDocs: [],
  address: buildAddress(),
  mailingAddressSame: 'yes',
  ...overrides,
});
