import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { z } from 'zod';
import { listOf } from '../api/responses';
import { text } from '../api/scalars';
import { listQuerySchema } from '../list/list-query';
import { CalendarDateSchema } from '../reminders/case-dates';
import { EmailSchema } from '../users/contracts';

/**
 * The people of a case (issue 34, beyond the spec's settings): a beneficiary or applicant, a sponsor. A person
 * is a record of the tenant, reused across its cases; a passport's expiry lives here once, not on each case.
 * The reminder engine reads the person's dates (passportExpiry, i94Expiry, statusExpiry) through the case.
 */
export const PERSON_MESSAGES = {
  givenNameRequired: 'Given name is required',
  familyNameRequired: 'Family name is required',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  phoneInvalid: 'Enter a valid phone number with its country code, e.g. +1 212 555 0100',
  similarExists: 'A person with this name and date of birth already exists',
} as const;
const M = PERSON_MESSAGES;

const optionalText = (max: number) => text().trim().max(max).nullable().optional();
const optionalDate = CalendarDateSchema.nullable().optional();

/** A postal address typed as on a form (worksites and people; the petitioner's own comes from its profile). */
export const PostalAddressSchema = z
  .object({
    line1: text().trim().min(1, 'Address line 1 is required').max(200),
    line2: text().trim().max(200).optional(),
    city: text().trim().min(1, 'City is required').max(100),
    state: text().trim().max(100).optional(),
    zipcode: text().trim().max(12).optional(),
    country: text().trim().min(1, 'Country is required').max(100),
  })
  .strict();
export type PostalAddress = z.infer<typeof PostalAddressSchema>;

/** One line, as a letter prints it: '1 Main St, Suite 2, Austin, TX 78701, United States'. */
export const formatPostalAddress = (a: PostalAddress | null | undefined): string | null => {
  if (!a) return null;
  const stateZip = [a.state, a.zipcode].filter(Boolean).join(' ');
  return [a.line1, a.line2, a.city, stateZip, a.country].filter((p) => p?.trim()).join(', ');
};

export const PersonInputShape = {
  givenName: text().trim().min(1, M.givenNameRequired).max(100, 'Given name must be at most 100 characters'),
  familyName: text().trim().min(1, M.familyNameRequired).max(100, 'Family name must be at most 100 characters'),
  dateOfBirth: optionalDate,
  countryOfBirth: optionalText(100),
  countryOfCitizenship: optionalText(100),
  passportNumber: optionalText(20),
  passportExpiry: optionalDate,
  i94Number: optionalText(11),
  i94Expiry: optionalDate,
  /** The immigration status held now (e.g. 'F-1', 'H-1B', 'B-2'), and when it ends. */
  currentStatus: optionalText(40),
  statusExpiry: optionalDate,
  inUS: z.boolean().default(false),
  email: EmailSchema.nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  /** International form (+country code). */
  phone: text()
    .trim()
    .max(25)
    .refine((p) => isValidPhoneNumber(p), M.phoneInvalid)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  address: PostalAddressSchema.nullable().optional(),
};

const isNotFuture = (d: string | null | undefined, today: string) => !d || d <= today;

/** `today` is the tenant's calendar date (YYYY-MM-DD); the server passes its own, the form the browser's. */
export const personInputSchema = (today: string) =>
  z
    .object(PersonInputShape)
    .strict()
    .refine((p) => isNotFuture(p.dateOfBirth, today), { path: ['dateOfBirth'], message: M.dateOfBirthFuture });
export const PersonInputSchema = z.object(PersonInputShape).strict();
export type PersonInput = z.input<typeof PersonInputSchema>;
export type PersonValues = z.output<typeof PersonInputSchema>;

export const PersonCreateBodySchema = z
  .object({
    person: PersonInputSchema,
    /** Set after the user saw the similar people offered and still wants a new record. */
    allowSimilar: z.boolean().default(false),
  })
  .strict();
export type PersonCreateBody = z.input<typeof PersonCreateBodySchema>;
export const PersonUpdateBodySchema = z.object({ personId: z.uuid(), person: PersonInputSchema }).strict();
export type PersonUpdateBody = z.input<typeof PersonUpdateBodySchema>;
export const PersonDetailsBodySchema = z.object({ personId: z.uuid() }).strict();

export const PersonSchema = z.object({
  _id: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  dateOfBirth: z.string().nullable(),
  countryOfBirth: z.string().nullable(),
  countryOfCitizenship: z.string().nullable(),
  passportNumber: z.string().nullable(),
  passportExpiry: z.string().nullable(),
  i94Number: z.string().nullable(),
  i94Expiry: z.string().nullable(),
  currentStatus: z.string().nullable(),
  statusExpiry: z.string().nullable(),
  inUS: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: PostalAddressSchema.nullable(),
  /** How many of the tenant's cases name this person. */
  caseCount: z.number(),
});
export type Person = z.infer<typeof PersonSchema>;

export const PersonListBodySchema = listQuerySchema({
  sortPaths: ['familyName', 'createdOn'],
  defaultSort: { path: 'familyName', order: 1 },
  filters: { searchString: text().max(100).optional() },
});
export type PersonListBody = z.input<typeof PersonListBodySchema>;
export const PersonListSchema = listOf(PersonSchema);

/** 'Adding a person that looks like an existing one offers the existing one first': same name and birth date. */
export const PersonSimilarBodySchema = z
  .object({
    givenName: text().trim().min(1).max(100),
    familyName: text().trim().min(1).max(100),
    dateOfBirth: CalendarDateSchema.nullable().optional(),
  })
  .strict();
export const PersonSimilarSchema = z.object({ list: z.array(PersonSchema) });

export const PersonSavedSchema = z.object({ message: z.string(), person: PersonSchema });

/** Case-insensitive, whitespace-folded name key used by the similar-person check on both sides. */
export const personNameKey = (given: string, family: string) =>
  `${given}\u0000${family}`.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

export const personFullName = (p: { givenName: string; familyName: string } | null | undefined): string | null =>
  p ? `${p.givenName} ${p.familyName}`.trim() : null;
