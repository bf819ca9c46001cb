import { getCountryCallingCode, isSupportedCountry, isValidPhoneNumber } from 'libphonenumber-js/max';

/**
 * Company Details and petitioner profile rules (000 §4, §5, §8, §9; D-18, D-19). Every limit and message
 * lives here once: the web form validates with them and the server re-checks with the same schemas.
 * Messages quoted in the spec are verbatim (typos included); the others are ours, in the same tone.
 */
export const PROFILE_MESSAGES = {
  logoRequired: '*Logo is required',
  imageOnly: 'Select image only',
  faviconRequired: 'Favicon is required',
  invalidPhone: '*Invalid phone number - Please enter a valid one',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidEmail: 'Please enter a valid email',
  emailRequired: 'Email is required',
  accountDomainRequired: 'Account Domain is required',
  accountDomainLength: 'Account Domain must be 3-15 characters',
  accountDomainChars: 'Account Domain may contain letters, digits and one dot',
  shortCodeRequired: 'Company Short Code is required',
  shortCodeLength: 'Company Short Code must be 3-15 characters',
  shortCodeChars: 'Company Short Code accepts letters and digits only',
  lockedAfterCompletion: 'Account Domain and Company Short Code cannot be changed once the profile is complete',
  accountDomainTaken: 'This Account Domain is already in use',
  shortCodeTaken: 'This Company Short Code is already in use',
  feinMask: 'FEIN must be in the format ##-#######',
  everify: 'I-9 E-Verify Client ID must be exactly 7 letters or digits',
  everifyRequired: 'I-9 E-Verify Client ID is required',
  line1Required: 'Address is required',
  countryRequired: 'Country is required',
  stateRequired: 'State is required',
  cityRequired: 'City is required',
  zipRequired: 'Zip code is required',
  zipInvalid: 'Enter a valid zip code',
  yesNoRequired: 'Please choose yes or no',
  naicsRequired: 'NAICS Code is required',
  naicsDigits: 'NAICS Code must be 2-6 digits',
  irsTaxId: 'IRS Trancation Id accepts at most 10 letters or digits',
  titleRequired: 'Title is required',
  typeOfBusinessMax: 'Type of Business accepts at most 150 characters',
  natureOfBusinessRequired: 'Nature of business is required',
  dateEstablishedRequired: 'Date established is required',
  dateEstablishedFuture: 'Date established cannot be in the future',
  employeesRequired: 'Total full-time employees is required',
  employeesDigits: 'Enter digits only',
  grossIncomeRequired: 'Gross annual income is required',
  incomeInvalid: 'Enter an amount in dollars',
  tooLong: 'Too long',
} as const;

/** The fixed base domain shown after the account domain input (R-PROFILE-009). */
export const BASE_DOMAIN = '.caseport.app';

export const ACCOUNT_DOMAIN_MIN = 3;
export const ACCOUNT_DOMAIN_MAX = 15;
export const SHORT_CODE_MIN = 3;
export const SHORT_CODE_MAX = 15;
export const NAICS_PATTERN = /^\d{2,6}$/;
export const EVERIFY_PATTERN = /^[A-Za-z0-9]{7}$/;
export const IRS_TAX_ID_PATTERN = /^[A-Za-z0-9]{0,10}$/;
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9]+$/;
/** Letters and digits with at most one dot, not at either end. */
export const ACCOUNT_DOMAIN_PATTERN = /^[a-z0-9]+(\.[a-z0-9]+)?$/;
export const FEIN_PATTERN = /^\d{2}-\d{7}$/;
export const TYPE_OF_BUSINESS_MAX = 150;
/** Sample values the petitioner profile starts with (R-PETITIONER-006). */
export const SAMPLE_GROSS_ANNUAL_INCOME = '1000000';
export const SAMPLE_NET_ANNUAL_INCOME = '100000';
/** The signatory phone starts on India (R-PETITIONER-015); the admin phone on the United States. */
export const SIGNATORY_DEFAULT_PHONE_COUNTRY = { countryCode: 'IN', countryCallingCode: '91' } as const;
export const ADMIN_DEFAULT_PHONE_COUNTRY = { countryCode: 'US', countryCallingCode: '1' } as const;

/**
 * R-PROFILE-011: the account domain input keeps only letters, digits and one dot, and drops spaces.
 * Lower-cased because host names are case-insensitive (one tenant per name, whatever the case).
 */
export const sanitizeAccountDomain = (input: string): string => {
  const kept = input.toLowerCase().replace(/[^a-z0-9.]/g, '');
  const firstDot = kept.indexOf('.');
  return firstDot < 0 ? kept : kept.slice(0, firstDot + 1) + kept.slice(firstDot + 1).replaceAll('.', '');
};

/** R-PETITIONER-009: the FEIN mask ##-####### applied while typing (digits only, dash after two). */
export const maskFein = (input: string): string => {
  const digits = input.replace(/\D/g, '').slice(0, 9);
  return digits.length > 2 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
};

export interface PhoneCountryCode {
  countryCode: string;
  countryCallingCode: string;
}

/** R-PROFILE-005: libphonenumber-js decides validity for the picked country; the calling code must match it. */
export const isValidPhone = (phone: unknown, country: Partial<PhoneCountryCode> | null | undefined): boolean => {
  if (typeof phone !== 'string' || !phone || typeof country?.countryCode !== 'string') return false;
  if (!isSupportedCountry(country.countryCode)) return false;
  if (getCountryCallingCode(country.countryCode) !== country.countryCallingCode) return false;
  return isValidPhoneNumber(phone, country.countryCode);
};

export const phoneCountryOf = (countryCode: string): PhoneCountryCode | null =>
  isSupportedCountry(countryCode) ? { countryCode, countryCallingCode: getCountryCallingCode(countryCode) } : null;

/** Latest acceptable "date established": the calendar date anywhere on earth right now (UTC+14). */
export const latestCalendarDate = (now: Date): string =>
  new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

/** R-PETITIONER-018: not in the future. Dates are ISO calendar dates (YYYY-MM-DD). */
export const isNotFutureDate = (isoDate: string, now: Date = new Date()): boolean => isoDate <= latestCalendarDate(now);

export interface AddressLike {
  line1?: string;
  line2?: string;
  aptType?: string | null;
  countryId?: number | null;
  stateId?: number | null;
  locationId?: number | null;
  zipcode?: string;
}

export const EMPTY_ADDRESS = {
  line1: '',
  line2: '',
  aptType: null,
  countryId: null,
  stateId: null,
  locationId: null,
  zipcode: '',
} as const;

/**
 * R-PROFILE-017 / R-PROFILE-018: 'yes' copies the address into the mailing address, 'no' clears it.
 * Country defaults to 231 on a cleared mailing address (R-PROFILE-030).
 */
export const mailingAddressFor = <A extends AddressLike>(answer: 'yes' | 'no', address: A, defaultCountryId: number) =>
  answer === 'yes' ? { ...address } : { ...EMPTY_ADDRESS, countryId: defaultCountryId };

/** R-PETITIONER-007: 'no' to 50+ employees in the US resets the more-than-50%-on-H1B/L1 answer to false. */
export const moreThanHalfOnH1bL1For = (fiftyOrMore: 'yes' | 'no' | '' | null | undefined, current: boolean): boolean =>
  fiftyOrMore === 'yes' ? current : false;
