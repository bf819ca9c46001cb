import { describe, expect, it } from 'vitest';
import {
  AddressSchema,
  EverifyUpdateBodySchema,
  PETITIONER_DOCUMENT_LISTS,
  PetitionerInfoSchema,
  PetitionerProfileUpdateSchema,
  TenantProfileUpdateSchema,
} from './contracts';
import { buildAddress, buildPetitionerInfo, buildProfileUpdate } from './fixtures';
import { PROFILE_MESSAGES as M } from './rules';

const TENANT = '0b8a4c1e-6f1f-4c55-9a39-1f2b3c4d5e6f';

/** The messages zod gives for a body, keyed by dotted path. */
const messages = (
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
) => {
  const r = schema.safeParse(value);
  const out: Record<string, string> = {};
  // The first message per field is the one a form shows.
  for (const i of r.success ? [] : (r.error?.issues ?? [])) out[i.path.join('.')] ??= i.message;
  return out;
};

describe('Company Details contract', () => {
  it('accepts a complete profile', () => {
    expect(TenantProfileUpdateSchema.safeParse(buildProfileUpdate()).success).toBe(true);
  });

  it('R-PROFILE-002: first and last name are required', () => {
    expect(
      messages(TenantProfileUpdateSchema, buildProfileUpdate({ adminFirstName: ' ', adminLastName: '' })),
    ).toMatchObject({
      adminFirstName: M.firstNameRequired,
      adminLastName: M.lastNameRequired,
    });
  });

  it("R-PROFILE-005: a missing or invalid phone gives '*Invalid phone number - Please enter a valid one'", () => {
    for (const phone of ['', '12345', '1234567890']) {
      expect(messages(TenantProfileUpdateSchema, buildProfileUpdate({ phone }))).toMatchObject({
        phone: '*Invalid phone number - Please enter a valid one',
      });
    }
  });

  it('R-PROFILE-005: the phone message shows together with the other fields, not only once they pass', () => {
    const m = messages(TenantProfileUpdateSchema, buildProfileUpdate({ phone: '1', adminFirstName: '' }));
    expect(m).toMatchObject({ phone: M.invalidPhone, adminFirstName: M.firstNameRequired });
  });

  it('R-PROFILE-008: From Email and Contact Email must be valid e-mail addresses', () => {
    expect(
      messages(TenantProfileUpdateSchema, buildProfileUpdate({ fromEmail: 'nope', contactEmail: 'a@' })),
    ).toMatchObject({
      fromEmail: M.invalidEmail,
      contactEmail: M.invalidEmail,
    });
  });

  it('R-PROFILE-010: Account Domain is required and 3-15 characters', () => {
    expect(messages(TenantProfileUpdateSchema, buildProfileUpdate({ slug: '' }))).toMatchObject({
      slug: M.accountDomainRequired,
    });
    expect(messages(TenantProfileUpdateSchema, buildProfileUpdate({ slug: 'ab' }))).toMatchObject({
      slug: M.accountDomainLength,
    });
    expect(messages(TenantProfileUpdateSchema, buildProfileUpdate({ slug: 'a'.repeat(16) }))).toMatchObject({
      slug: M.accountDomainLength,
    });
    expect(TenantProfileUpdateSchema.safeParse(buildProfileUpdate({ slug: 'abc' })).success).toBe(true);
    expect(TenantProfileUpdateSchema.safeParse(buildProfileUpdate({ slug: 'a'.repeat(15) })).success).toBe(true);
  });

  it('R-PROFILE-011: the server refuses an account domain with spaces, symbols or two dots', () => {
    for (const slug of ['acme law', 'acme-law', 'a.b.c', '.acme']) {
      expect(messages(TenantProfileUpdateSchema, buildProfileUpdate({ slug }))).toMatchObject({
        slug: M.accountDomainChars,
      });
    }
    expect(TenantProfileUpdateSchema.safeParse(buildProfileUpdate({ slug: 'acme.law' })).success).toBe(true);
  });

  it('R-PROFILE-012: R-PROFILE-013: Company Short Code is required, 3-15 letters and digits', () => {
    expect(messages(TenantProfileUpdateSchema, buildProfileUpdate({ idPrefix: '' }))).toMatchObject({
      idPrefix: M.shortCodeRequired,
    });
    expect(messages(TenantProfileUpdateSchema, buildProfileUpdate({ idPrefix: 'AB' }))).toMatchObject({
      idPrefix: M.shortCodeLength,
    });
    expect(messages(TenantProfileUpdateSchema, buildProfileUpdate({ idPrefix: 'A'.repeat(16) }))).toMatchObject({
      idPrefix: M.shortCodeLength,
    });
    expect(messages(TenantProfileUpdateSchema, buildProfileUpdate({ idPrefix: 'AC-ME' }))).toMatchObject({
      idPrefix: M.shortCodeChars,
    });
    expect(TenantProfileUpdateSchema.safeParse(buildProfileUpdate({ idPrefix: 'Acme2026' })).success).toBe(true);
  });

  it("R-PROFILE-023: R-PROFILE-027: a missing logo gives '*Logo is required', a removed favicon 'Favicon is required'", () => {
    expect(messages(TenantProfileUpdateSchema, buildProfileUpdate({ logo: null, favicon: null }))).toMatchObject({
      logo: '*Logo is required',
      favicon: 'Favicon is required',
    });
  });

  it('R-PETITIONER-009: the FEIN number follows ##-####### when given', () => {
    expect(messages(TenantProfileUpdateSchema, buildProfileUpdate({ feiNumber: '123456789' }))).toMatchObject({
      feiNumber: M.feinMask,
    });
    expect(TenantProfileUpdateSchema.safeParse(buildProfileUpdate({ feiNumber: '' })).success).toBe(true);
  });

  it('the mailing address is required only when it is not the same as the address', () => {
    expect(messages(TenantProfileUpdateSchema, buildProfileUpdate({ mailingAddressSame: 'no' }))).toMatchObject({
      'mailingaddress.line1': M.line1Required,
    });
    expect(
      TenantProfileUpdateSchema.safeParse(
        buildProfileUpdate({ mailingAddressSame: 'no', mailingaddress: buildAddress() }),
      ).success,
    ).toBe(true);
  });

  it('R-PROFILE-041: yes/no answers are the strings yes and no; booleans are refused', () => {
    expect(
      messages(TenantProfileUpdateSchema, buildProfileUpdate({ mailingAddressSame: true as never })),
    ).toMatchObject({
      mailingAddressSame: M.yesNoRequired,
    });
  });

  it('SECURITY 4: profComplted, assetPath, adminEmail, eVerifyClientId and unknown keys are refused (mass assignment)', () => {
    for (const extra of [
      { profComplted: 'Yes' },
      { assetPath: 'x' },
      { adminEmail: 'a@b.co' },
      { eVerifyClientId: 'ABC1234' },
      { tenantType: 2 },
    ]) {
      expect(
        TenantProfileUpdateSchema.safeParse({ ...buildProfileUpdate(), ...extra }).success,
        JSON.stringify(extra),
      ).toBe(false);
    }
    expect(TenantProfileUpdateSchema.safeParse(buildProfileUpdate({ tenantId: TENANT })).success).toBe(true);
  });

  it('R-PROFILE-029: R-PROFILE-030: an address has its fields and its country defaults to 231', () => {
    const { countryId: _omit, ...rest } = buildAddress();
    const parsed = AddressSchema.parse(rest);
    expect(parsed.countryId).toBe(231);
    expect(Object.keys(AddressSchema.shape)).toEqual(
      expect.arrayContaining([
        'line1',
        'line2',
        'aptType',
        'countryId',
        'stateId',
        'locationId',
        'zipcode',
        'country',
        'state',
        'location',
      ]),
    );
  });
});

describe('E-Verify contract', () => {
  it('R-PROFILE-020: exactly 7 letters or digits, upper case allowed', () => {
    for (const ok of ['ABC1234', 'abc1234', '1234567', 'AbCdEfG']) {
      expect(EverifyUpdateBodySchema.safeParse({ tenantId: TENANT, eVerifyClientId: ok }).success, ok).toBe(true);
    }
    for (const bad of ['ABC123', 'ABC12345', 'ABC-123', 'ABC 123', '']) {
      expect(EverifyUpdateBodySchema.safeParse({ tenantId: TENANT, eVerifyClientId: bad }).success, bad).toBe(false);
    }
  });
});

describe('PetitionerInfo contract', () => {
  it('R-PETITIONER-002: R-PETITIONER-003: the petitioner profile and its signatory carry the spec fields', () => {
    const keys = Object.keys(PetitionerInfoSchema.shape);
    expect(keys).toEqual(
      expect.arrayContaining([
        'irstaxId',
        'naicsCode',
        'feiNumber',
        'feinDocs',
        'address',
        'authorizedSignatory',
        'typeOfBusiness',
        'natureOfBusiness',
        'businessEstdDate',
        'totalFullTimeEmployees',
        'estimatedGrossAnualIncome',
        'estimatedNetAnualIncome',
        'finalDeterminationFromDOL',
        'partnershipOrSoleProprietorship',
        'recentLayoffInOccupation',
        'laidoffWorkerNotified',
        'unanticipatedWorkSite',
        'documents',
      ]),
    );
    const parsed = PetitionerInfoSchema.parse(buildPetitionerInfo());
    expect(Object.keys(parsed.authorizedSignatory).sort()).toEqual(
      ['email', 'firstName', 'lastName', 'middleName', 'phone', 'phoneCountryCode', 'title'].sort(),
    );
  });

  it('R-PETITIONER-004: every document list is optional', () => {
    expect(PETITIONER_DOCUMENT_LISTS.map((d) => d.key)).toEqual([
      'articleOfIncorp',
      'stateRegCert',
      'goodStandCert',
      'markMetOrWebsitePrints',
      'orgCharts',
      'latestTaxReturn',
      'latestWageReports',
      'letterHeads',
      'fein',
    ]);
    expect(PetitionerInfoSchema.safeParse(buildPetitionerInfo({ documents: {} })).success).toBe(true);
    expect(PetitionerInfoSchema.safeParse(buildPetitionerInfo({ documents: undefined })).success).toBe(true);
  });

  it('R-PETITIONER-005: the letterHeads list uploads as Word files only', () => {
    expect(PETITIONER_DOCUMENT_LISTS.find((d) => d.key === 'letterHeads')?.purpose).toBe('word');
    expect(
      PETITIONER_DOCUMENT_LISTS.filter((d) => d.key !== 'letterHeads').every((d) => d.purpose === 'document'),
    ).toBe(true);
  });

  it('R-PETITIONER-010: NAICS is required and 2-6 digits', () => {
    expect(messages(PetitionerInfoSchema, buildPetitionerInfo({ naicsCode: '' }))).toMatchObject({
      naicsCode: M.naicsRequired,
    });
    for (const bad of ['5', '5415111', '54A1']) {
      expect(messages(PetitionerInfoSchema, buildPetitionerInfo({ naicsCode: bad }))).toMatchObject({
        naicsCode: M.naicsDigits,
      });
    }
    for (const ok of ['54', '541511'])
      expect(PetitionerInfoSchema.safeParse(buildPetitionerInfo({ naicsCode: ok })).success).toBe(true);
  });

  it('R-PETITIONER-011: D-18: the IRS Trancation Id is optional and at most 10 letters or digits', () => {
    expect(PetitionerInfoSchema.safeParse(buildPetitionerInfo()).success).toBe(true);
    expect(PetitionerInfoSchema.safeParse(buildPetitionerInfo({ irstaxId: 'AB12345678' })).success).toBe(true);
    expect(messages(PetitionerInfoSchema, buildPetitionerInfo({ irstaxId: 'AB123456789' }))).toMatchObject({
      irstaxId: M.irsTaxId,
    });
    expect(messages(PetitionerInfoSchema, buildPetitionerInfo({ irstaxId: 'AB-1' }))).toMatchObject({
      irstaxId: M.irsTaxId,
    });
  });

  it('R-PETITIONER-013: R-PETITIONER-014: signatory title, names and phone are required; e-mail required and valid', () => {
    const base = buildPetitionerInfo();
    const signatory = { ...base.authorizedSignatory, title: '', firstName: '', lastName: '', phone: '', email: '' };
    expect(messages(PetitionerInfoSchema, { ...base, authorizedSignatory: signatory })).toMatchObject({
      'authorizedSignatory.title': M.titleRequired,
      'authorizedSignatory.firstName': M.firstNameRequired,
      'authorizedSignatory.lastName': M.lastNameRequired,
      'authorizedSignatory.phone': M.invalidPhone,
      'authorizedSignatory.email': M.emailRequired,
    });
    expect(
      messages(PetitionerInfoSchema, { ...base, authorizedSignatory: { ...base.authorizedSignatory, email: 'x@' } }),
    ).toMatchObject({
      'authorizedSignatory.email': M.invalidEmail,
    });
  });

  it('R-PETITIONER-016: Type of Business accepts at most 150 characters', () => {
    expect(PetitionerInfoSchema.safeParse(buildPetitionerInfo({ typeOfBusiness: 'x'.repeat(150) })).success).toBe(true);
    expect(messages(PetitionerInfoSchema, buildPetitionerInfo({ typeOfBusiness: 'x'.repeat(151) }))).toMatchObject({
      typeOfBusiness: M.typeOfBusinessMax,
    });
  });

  it('R-PETITIONER-017: R-PETITIONER-020: nature of business and gross annual income are required', () => {
    expect(
      messages(PetitionerInfoSchema, buildPetitionerInfo({ natureOfBusiness: '', estimatedGrossAnualIncome: '' })),
    ).toMatchObject({
      natureOfBusiness: M.natureOfBusinessRequired,
      estimatedGrossAnualIncome: M.grossIncomeRequired,
    });
  });

  it('R-PETITIONER-018: date established is required and not in the future', () => {
    expect(messages(PetitionerInfoSchema, buildPetitionerInfo({ businessEstdDate: '' }))).toMatchObject({
      businessEstdDate: M.dateEstablishedRequired,
    });
    expect(messages(PetitionerInfoSchema, buildPetitionerInfo({ businessEstdDate: '2999-01-01' }))).toMatchObject({
      businessEstdDate: M.dateEstablishedFuture,
    });
  });

  it('R-PETITIONER-019: total full-time employees is required and digits only', () => {
    expect(messages(PetitionerInfoSchema, buildPetitionerInfo({ totalFullTimeEmployees: '' }))).toMatchObject({
      totalFullTimeEmployees: M.employeesRequired,
    });
    for (const bad of ['12.5', '-3', '1e3', 'ten']) {
      expect(messages(PetitionerInfoSchema, buildPetitionerInfo({ totalFullTimeEmployees: bad }))).toMatchObject({
        totalFullTimeEmployees: M.employeesDigits,
      });
    }
  });

  it("R-PETITIONER-008: role 50's own profile requires the mailing-address-same answer, and the mailing address when no", () => {
    const info = { ...buildPetitionerInfo({ address: buildAddress() }), mailingAddressSame: 'yes' };
    expect(PetitionerProfileUpdateSchema.safeParse({ petitionerInfo: info }).success).toBe(true);
    const { mailingAddressSame: _unanswered, ...unanswered } = info;
    expect(messages(PetitionerProfileUpdateSchema, { petitionerInfo: unanswered })).toMatchObject({
      'petitionerInfo.mailingAddressSame': M.yesNoRequired,
    });
    expect(
      messages(PetitionerProfileUpdateSchema, { petitionerInfo: { ...info, mailingAddressSame: 'no' } }),
    ).toMatchObject({ 'petitionerInfo.mailingaddress.line1': M.line1Required });
  });

  it('R-PETITIONER-008: the 50-employees question requires a yes/no answer (and so does mailing-address-same)', () => {
    expect(messages(PetitionerInfoSchema, buildPetitionerInfo({ fiftyOrMoreEmployeesInUS: undefined }))).toMatchObject({
      fiftyOrMoreEmployeesInUS: M.yesNoRequired,
    });
    expect(messages(TenantProfileUpdateSchema, buildProfileUpdate({ mailingAddressSame: undefined }))).toMatchObject({
      mailingAddressSame: M.yesNoRequired,
    });
  });
});
