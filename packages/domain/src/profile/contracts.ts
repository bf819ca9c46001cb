import { z } from 'zod';
import { responseOf } from '../api/responses';
import { int4, text } from '../api/scalars';
import { DEFAULT_COUNTRY_ID } from '../master-data/contracts';
import {
  ACCOUNT_DOMAIN_MAX,
  ACCOUNT_DOMAIN_MIN,
  ACCOUNT_DOMAIN_PATTERN,
  EVERIFY_PATTERN,
  FEIN_PATTERN,
  IRS_TAX_ID_PATTERN,
  isNotFutureDate,
  isValidPhone,
  PROFILE_MESSAGES as M,
  NAICS_PATTERN,
  SHORT_CODE_MAX,
  SHORT_CODE_MIN,
  SHORT_CODE_PATTERN,
  TYPE_OF_BUSINESS_MAX,
} from './rules';

/**
 * Wire contracts of the profile area (000 §3, §7). Strict everywhere: tenant, profComplted, assetPath,
 * adminEmail and eVerifyClientId are never accepted from a profile body (SECURITY 4).
 */

const always = () => true;

export const requiredText = (message: string, max = 100) =>
  text({ error: message }).trim().min(1, message).max(max, M.tooLong);
const optionalText = (max: number) => text().trim().max(max, M.tooLong).optional();
export const email = (requiredMessage: string = M.invalidEmail) =>
  text({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, M.tooLong)
    .pipe(z.email({ error: M.invalidEmail }));

/** Yes/no answers travel as the strings 'yes' and 'no' (R-PROFILE-041). */
export const YesNoSchema = z.enum(['yes', 'no'], { error: M.yesNoRequired });
export type YesNo = z.infer<typeof YesNoSchema>;

export const PhoneCountryCodeSchema = z
  .object({
    countryCode: text().regex(/^[A-Z]{2}$/),
    countryCallingCode: text().regex(/^\d{1,4}$/),
  })
  .strict();

/** A reference to an uploaded file (the upload's record). The server re-reads the record by `path`. */
export const FileRefSchema = z
  .object({
    name: text().max(255),
    extn: text().max(10),
    path: text().min(1).max(200),
    mimetype: text().max(120),
    size: int4().nonnegative().optional(),
    secureType: z.enum(['public', 'private']).optional(),
  })
  .strict();
export type FileRef = z.infer<typeof FileRefSchema>;

const fileList = z.array(FileRefSchema).max(20);
const fileRequired = (message: string) => FileRefSchema.nullable().refine((f) => f !== null, { message });

/** The country, state and location detail objects: filled in by the server from master data, so what
 *  a client sends beyond id and name is dropped (not stored). */
const DetailSchema = z
  .object({ id: int4(), name: text().max(200), countryId: int4().optional(), stateId: int4().optional() })
  .nullable()
  .optional();

/** R-PROFILE-029 / R-PROFILE-030. */
export const AddressSchema = z
  .object({
    line1: requiredText(M.line1Required, 200),
    line2: optionalText(200),
    aptType: z.enum(['Apt', 'Ste', 'Flr']).nullable().optional(),
    countryId: int4({ error: M.countryRequired }).positive().default(DEFAULT_COUNTRY_ID),
    stateId: int4({ error: M.stateRequired }).positive(),
    locationId: int4({ error: M.cityRequired }).positive(),
    zipcode: requiredText(M.zipRequired, 10).regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, M.zipInvalid),
    country: DetailSchema,
    state: DetailSchema,
    location: DetailSchema,
  })
  .strict();
export type Address = z.infer<typeof AddressSchema>;

/**
 * A stored profile address (AddressSchema, names joined) as one line, as the Overview and the letters print it:
 * '1 Main St, Ste 2, Austin, Texas 78701, United States'. Takes the stored JSON as it is (older rows may lack
 * parts); null without a first line.
 */
export const formatProfileAddress = (raw: unknown): string | null => {
  if (!raw || typeof raw !== 'object') return null;
  const a = raw as {
    line1?: string;
    line2?: string | null;
    aptType?: string | null;
    zipcode?: string;
    location?: { name?: string } | null;
    state?: { name?: string } | null;
    country?: { name?: string } | null;
  };
  if (!a.line1?.trim()) return null;
  const line2 = a.line2?.trim() ? [a.aptType, a.line2.trim()].filter(Boolean).join(' ') : null;
  const stateZip = [a.state?.name, a.zipcode].filter((x) => x?.trim()).join(' ');
  return [a.line1.trim(), line2, a.location?.name, stateZip, a.country?.name].filter((x) => x?.trim()).join(', ');
};

interface PhoneFields {
  phone?: unknown;
  phoneCountryCode?: { countryCode?: string; countryCallingCode?: string };
}

export const phoneFields = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...shape, phone: text().trim().max(20), phoneCountryCode: PhoneCountryCodeSchema })
    .strict()
    // `when`: the phone message shows together with the other fields' messages, not only once they pass.
    .refine((v) => isValidPhone((v as PhoneFields | null)?.phone, (v as PhoneFields | null)?.phoneCountryCode), {
      path: ['phone'],
      message: M.invalidPhone,
      when: always,
    });

/** R-PETITIONER-003, R-PETITIONER-013..015. */
export const AuthorizedSignatorySchema = phoneFields({
  firstName: requiredText(M.firstNameRequired, 50),
  middleName: optionalText(50),
  lastName: requiredText(M.lastNameRequired, 50),
  title: requiredText(M.titleRequired, 100),
  email: email(M.emailRequired),
});

/** R-PETITIONER-004 / R-PETITIONER-005: every list optional; letterHeads holds Word files only. */
export const PETITIONER_DOCUMENT_LISTS = [
  { key: 'articleOfIncorp', label: 'Articles of Incorporation', purpose: 'document' },
  { key: 'stateRegCert', label: 'State Registration Certificate', purpose: 'document' },
  { key: 'goodStandCert', label: 'Certificate of Good Standing', purpose: 'document' },
  { key: 'markMetOrWebsitePrints', label: 'Marketing Materials or Website Prints', purpose: 'document' },
  { key: 'orgCharts', label: 'Organization Charts', purpose: 'document' },
  { key: 'latestTaxReturn', label: 'Latest Tax Return', purpose: 'document' },
  { key: 'latestWageReports', label: 'Latest Wage Reports', purpose: 'document' },
  { key: 'letterHeads', label: 'Letter Heads (Word format)', purpose: 'word' },
  { key: 'fein', label: 'FEIN Documents', purpose: 'document' },
] as const;
export type PetitionerDocumentKey = (typeof PETITIONER_DOCUMENT_LISTS)[number]['key'];

export const PetitionerDocumentsSchema = z
  .object(
    Object.fromEntries(PETITIONER_DOCUMENT_LISTS.map((d) => [d.key, fileList.optional()])) as Record<
      PetitionerDocumentKey,
      z.ZodOptional<typeof fileList>
    >,
  )
  .strict();

// Two helpers rather than one with an optional message, so the inferred types say which field is required.
const money = (requiredMessage: string) =>
  requiredText(requiredMessage, 15).regex(/^\d{1,12}(\.\d{1,2})?$/, M.incomeInvalid);
const optionalMoney = () =>
  text()
    .trim()
    .max(15)
    .regex(/^(\d{1,12}(\.\d{1,2})?)?$/, M.incomeInvalid)
    .optional();

/** PetitionerInfo (000 §3, R-PETITIONER-002, §5 Petitioner profile, D-18). */
export const PetitionerInfoSchema = z
  .object({
    // D-18: never shown, not required; at most 10 letters or digits when sent.
    irstaxId: text().trim().regex(IRS_TAX_ID_PATTERN, M.irsTaxId).optional(),
    naicsCode: requiredText(M.naicsRequired, 20).regex(NAICS_PATTERN, M.naicsDigits),
    feiNumber: text().trim().regex(FEIN_PATTERN, M.feinMask).or(z.literal('')).optional(),
    /** Mirrors documents.fein (decisions.md): one FEIN upload list on screen, both wire names kept. */
    feinDocs: fileList.optional(),
    address: AddressSchema.optional(),
    authorizedSignatory: AuthorizedSignatorySchema,
    typeOfBusiness: text().trim().max(TYPE_OF_BUSINESS_MAX, M.typeOfBusinessMax).optional(),
    natureOfBusiness: requiredText(M.natureOfBusinessRequired, 500),
    businessEstdDate: text({ error: M.dateEstablishedRequired })
      .min(1, M.dateEstablishedRequired)
      .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateEstablishedRequired)
      .refine((d) => isNotFutureDate(d), M.dateEstablishedFuture),
    totalFullTimeEmployees: requiredText(M.employeesRequired, 20).regex(/^\d{1,7}$/, M.employeesDigits),
    estimatedGrossAnualIncome: money(M.grossIncomeRequired),
    estimatedNetAnualIncome: optionalMoney(),
    /** The spec's two hashed names: 'are there 50 or more employees in the US' and its follow-up. */
    fiftyOrMoreEmployeesInUS: YesNoSchema,
    moreThanHalfOnH1bL1: z.boolean().default(false),
    finalDeterminationFromDOL: YesNoSchema.optional(),
    partnershipOrSoleProprietorship: YesNoSchema.optional(),
    recentLayoffInOccupation: YesNoSchema.optional(),
    laidoffWorkerNotified: YesNoSchema.optional(),
    unanticipatedWorkSite: YesNoSchema.optional(),
    documents: PetitionerDocumentsSchema.default({}),
  })
  .strict();
export type PetitionerInfo = z.infer<typeof PetitionerInfoSchema>;
export type PetitionerInfoInput = z.input<typeof PetitionerInfoSchema>;

/** The account domain and short code rules (R-PROFILE-010..013). */
export const AccountDomainSchema = text({ error: M.accountDomainRequired })
  .trim()
  .toLowerCase()
  .min(1, M.accountDomainRequired)
  .min(ACCOUNT_DOMAIN_MIN, M.accountDomainLength)
  .max(ACCOUNT_DOMAIN_MAX, M.accountDomainLength)
  .regex(ACCOUNT_DOMAIN_PATTERN, M.accountDomainChars);
export const ShortCodeSchema = text({ error: M.shortCodeRequired })
  .trim()
  .min(1, M.shortCodeRequired)
  .min(SHORT_CODE_MIN, M.shortCodeLength)
  .max(SHORT_CODE_MAX, M.shortCodeLength)
  .regex(SHORT_CODE_PATTERN, M.shortCodeChars)
  // One code per company whatever the case (it prefixes case numbers): stored upper-case.
  .toUpperCase();

/**
 * R-PROFILE-016: the mailing address is asked for only when it differs. The refinement is shared by the
 * tenant profile and role 50's own profile.
 */
const mailingAddressWhenDifferent = {
  check: (v: { mailingAddressSame?: unknown; mailingaddress?: unknown } | null | undefined) =>
    v?.mailingAddressSame !== 'no' || !!v.mailingaddress,
  params: { path: ['mailingaddress', 'line1'], message: M.line1Required, when: always },
};

/**
 * The update-tenant-profile body (POST /api/tenant/update-profile, R-PROFILE-021/040). `tenantId` may be
 * sent (the spec's full payload) but must be the caller's own tenant; everything privileged is refused.
 */
export const TenantProfileUpdateSchema = phoneFields({
  tenantId: z.uuid().optional(),
  adminFirstName: requiredText(M.firstNameRequired, 50),
  adminLastName: requiredText(M.lastNameRequired, 50),
  logo: fileRequired(M.logoRequired),
  favicon: fileRequired(M.faviconRequired),
  fromEmail: email(),
  contactEmail: email(),
  slug: AccountDomainSchema,
  idPrefix: ShortCodeSchema,
  feiNumber: text().trim().regex(FEIN_PATTERN, M.feinMask).or(z.literal('')).optional(),
  feinDocs: fileList.optional(),
  address: AddressSchema,
  mailingAddressSame: YesNoSchema,
  mailingaddress: AddressSchema.nullable().optional(),
  isSameasAdminInformation: YesNoSchema.optional(),
  petitionerInfo: PetitionerInfoSchema.nullable().optional(),
}).refine(mailingAddressWhenDifferent.check, mailingAddressWhenDifferent.params);
export type TenantProfileUpdate = z.infer<typeof TenantProfileUpdateSchema>;
export type TenantProfileUpdateInput = z.input<typeof TenantProfileUpdateSchema>;

/** R-PROFILE-020 / R-PROFILE-037. */
export const EverifyClientIdSchema = text({ error: M.everifyRequired })
  .trim()
  .min(1, M.everifyRequired)
  .regex(EVERIFY_PATTERN, M.everify);
export const EverifyUpdateBodySchema = z
  .object({ tenantId: z.uuid(), eVerifyClientId: EverifyClientIdSchema })
  .strict();
export type EverifyUpdateBody = z.infer<typeof EverifyUpdateBodySchema>;

/** Role 12 (R-PROFILE-036): logo and address go to the company data. */
export const CompanyDataUpdateSchema = z
  .object({ logo: fileRequired(M.logoRequired), address: AddressSchema })
  .strict();
export type CompanyDataUpdate = z.infer<typeof CompanyDataUpdateSchema>;

/**
 * Role 50's own petitioner profile (D-04): the PetitionerInfo with its address required, and the
 * mailing-address-same question answered yes or no (R-PETITIONER-008), with the mailing address when no.
 */
export const PetitionerProfileInfoSchema = PetitionerInfoSchema.extend({
  address: AddressSchema,
  mailingAddressSame: YesNoSchema,
  mailingaddress: AddressSchema.nullable().optional(),
})
  .strict()
  .refine(mailingAddressWhenDifferent.check, mailingAddressWhenDifferent.params);
export type PetitionerProfileInfo = z.infer<typeof PetitionerProfileInfoSchema>;
export const PetitionerProfileUpdateSchema = z.object({ petitionerInfo: PetitionerProfileInfoSchema }).strict();
export type PetitionerProfileUpdate = z.infer<typeof PetitionerProfileUpdateSchema>;

/** R-PROFILE-046: deleting an uploaded document removes the file too. */
export const DeleteDocumentBodySchema = z.object({ path: text().min(1).max(200) }).strict();

/** The tenant object of /api/tenant/details (R-PROFILE-028, R-PROFILE-039). */
export const TenantProfileSchema = z.object({
  tenantId: z.string(),
  name: z.string(),
  tenantType: z.union([z.literal(1), z.literal(2)]),
  adminEmail: z.string(),
  adminFirstName: z.string(),
  adminLastName: z.string(),
  phone: z.string(),
  phoneCountryCode: z.object({ countryCode: z.string(), countryCallingCode: z.string() }).nullable(),
  logo: responseOf(FileRefSchema).nullable(),
  favicon: responseOf(FileRefSchema).nullable(),
  fromEmail: z.string(),
  contactEmail: z.string(),
  idPrefix: z.string().nullable(),
  slug: z.string().nullable(),
  assetPath: z.string().nullable(),
  feiNumber: z.string(),
  feinDocs: z.array(responseOf(FileRefSchema)),
  address: responseOf(AddressSchema).nullable(),
  mailingAddressSame: YesNoSchema.nullable(),
  mailingaddress: responseOf(AddressSchema).nullable(),
  profComplted: z.enum(['Yes', 'no']),
  eVerifyClientId: z.string().nullable(),
  isSameasAdminInformation: YesNoSchema.nullable(),
  petitionerInfo: responseOf(PetitionerInfoSchema).nullable(),
});
export type TenantProfile = z.infer<typeof TenantProfileSchema>;

// ---- answers (ARCHITECTURE 13) ----

/** POST /api/tenant/details. */
export const TenantDetailsSchema = z.object({ tenant: TenantProfileSchema });
/** POST /api/tenant/update-profile. */
export const TenantProfileSavedSchema = z.object({ message: z.string(), tenant: TenantProfileSchema });
/** POST /api/tenant/update-everify-client-id. */
export const EverifySavedSchema = z.object({ message: z.string(), eVerifyClientId: z.string() });
/** POST /api/petitioner/details: role 50's profile, null before its first save. */
export const PetitionerDetailsSchema = z.object({ petitionerInfo: responseOf(PetitionerProfileInfoSchema).nullable() });
/** POST /api/petitioner/update-profile. */
export const PetitionerProfileSavedSchema = z.object({
  message: z.string(),
  petitionerInfo: responseOf(PetitionerProfileInfoSchema),
});
