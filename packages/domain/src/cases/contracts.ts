import { z } from 'zod';
import { listOf } from '../api/responses';
import { IntIdSchema, text } from '../api/scalars';
import { AuditItemSchema } from '../audit/contracts';
import { listQuerySchema, seekListQuerySchema } from '../list/list-query';
import { PersonInputSchema, PersonSchema } from '../people/contracts';
import { DeliverySchema, EmailSchema, FirstNameSchema, LastNameSchema } from '../users/contracts';
import { CaseFactsInSchema, CaseFactsSchema, type CaseTypeRef } from './facts';

/**
 * Who a case of each category names (issue 34 item 1): an employment case names the petitioner company (a law
 * firm's role-50 petitioner; a petitioner company's own case is itself) and its beneficiary; a family case its
 * sponsor (the U.S. citizen or resident) and beneficiary; the others their applicant (held as the beneficiary).
 */
export const partiesOf = (type: Pick<CaseTypeRef, 'category'>) => ({
  petitioner: type.category === 'employment',
  sponsor: type.category === 'family',
  beneficiaryLabel: type.category === 'employment' || type.category === 'family' ? 'Beneficiary' : 'Applicant',
});

export const PARTY_MESSAGES = {
  petitionerNotForType: 'This case type has no petitioner company',
  sponsorNotForType: 'This case type has no sponsor',
  petitionerRequired: 'Pick the petitioner',
  sponsorRequired: 'Pick or add the sponsor',
  beneficiaryRequired: (label: string) => `Pick or add the ${label.toLowerCase()}`,
} as const;

/**
 * Issue 34: what a case body may name under partiesOf, as field errors (the wizard's step and the server, create
 * and update, read this one rule). `named` holds the parties the case names after the body (true, false, or
 * undefined when the body leaves that party as it is); `isPetitionerCompany`: a petitioner company's case names
 * itself, never a petitioner account. A party the type has none of is refused whenever it is named; a required
 * party is refused when it is absent (`named` false), so an edit cannot drop it.
 */
export const partyErrors = (
  type: Pick<CaseTypeRef, 'category'>,
  named: { petitioner?: boolean | undefined; beneficiary?: boolean | undefined; sponsor?: boolean | undefined },
  isPetitionerCompany: boolean,
): { name: 'petitionerId' | 'beneficiary' | 'sponsor'; message: string }[] => {
  const parties = partiesOf(type);
  const out: { name: 'petitionerId' | 'beneficiary' | 'sponsor'; message: string }[] = [];
  const petitionerRequired = parties.petitioner && !isPetitionerCompany;
  if (named.petitioner && !parties.petitioner)
    out.push({ name: 'petitionerId', message: PARTY_MESSAGES.petitionerNotForType });
  else if (named.petitioner === false && petitionerRequired)
    out.push({ name: 'petitionerId', message: PARTY_MESSAGES.petitionerRequired });
  if (named.beneficiary === false)
    out.push({ name: 'beneficiary', message: PARTY_MESSAGES.beneficiaryRequired(parties.beneficiaryLabel) });
  if (named.sponsor && !parties.sponsor) out.push({ name: 'sponsor', message: PARTY_MESSAGES.sponsorNotForType });
  else if (named.sponsor === false && parties.sponsor)
    out.push({ name: 'sponsor', message: PARTY_MESSAGES.sponsorRequired });
  return out;
};

export const CASE_STATUSES = ['open', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_NAMES: Record<CaseStatus, string> = { open: 'Open', closed: 'Closed' };

/** The portal accounts that act on a case (linked users of the tenant, not typed names). */
export const CASE_ACCOUNT_ROLES = [50, 51, 12, 11] as const;
export const CASE_ACCOUNT_ROLE_NAMES: Record<(typeof CASE_ACCOUNT_ROLES)[number], string> = {
  50: 'Petitioner contact',
  51: 'Sponsor',
  12: 'Authorized signatory',
  11: 'Beneficiary',
};
/** R-ROLE-007: role 11 (Beneficiary) is the default filter of the list a case's accounts are picked from. */
export const DEFAULT_CASE_ACCOUNT_ROLE = 11 satisfies (typeof CASE_ACCOUNT_ROLES)[number];

/** A person of the case: an existing record of the tenant, or a new one (with allowSimilar once offered). */
export const CasePersonRefSchema = z.union([
  z.object({ personId: z.uuid() }).strict(),
  z.object({ person: PersonInputSchema, allowSimilar: z.boolean().default(false) }).strict(),
]);
export type CasePersonRef = z.input<typeof CasePersonRefSchema>;

export const NO_ACTIVE_CONFIGURATION = 'This case subtype has no active case configuration';

/** 'New case' (issue 34 item 3). */
export const CaseCreateBodySchema = z
  .object({
    subTypeId: IntIdSchema,
    /** A law firm's petitioner company: the role-50 account of the tenant (R-CASECODE-022, D-04). */
    petitionerId: z.uuid().nullable().optional(),
    beneficiary: CasePersonRefSchema.optional(),
    sponsor: CasePersonRefSchema.optional(),
    facts: CaseFactsInSchema.default({}),
  })
  .strict();
export type CaseCreateBody = z.input<typeof CaseCreateBodySchema>;

export const CaseListBodySchema = seekListQuerySchema({
  sortPaths: ['createdOn', 'caseNumber'],
  seekPaths: ['createdOn'],
  defaultSort: { path: 'createdOn', order: -1 },
  filters: {
    searchString: text().max(100).optional(),
    subTypeIds: z.array(IntIdSchema).max(500).optional(),
    typeIds: z.array(IntIdSchema).max(500).optional(),
    statuses: z.array(z.enum(CASE_STATUSES)).max(2).optional(),
    petitionerIds: z.array(z.uuid()).max(100).optional(),
    ownerIds: z.array(z.uuid()).max(100).optional(),
  },
});
export type CaseListBody = z.infer<typeof CaseListBodySchema>;

export const CaseListItemSchema = z.object({
  _id: z.string(),
  caseNumber: z.string(),
  typeId: z.number(),
  typeName: z.string(),
  subTypeId: z.number(),
  subTypeName: z.string(),
  status: z.enum(CASE_STATUSES),
  beneficiaryName: z.string().nullable(),
  petitionerName: z.string().nullable(),
  sponsorName: z.string().nullable(),
  applicantName: z.string().nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  createdOn: z.string(),
});
export type CaseListItem = z.infer<typeof CaseListItemSchema>;
export const CaseListSchema = listOf(CaseListItemSchema);
export const CaseCreatedSchema = z.object({ message: z.string(), case: CaseListItemSchema });

export const CaseIdBodySchema = z.object({ caseId: z.uuid() }).strict();

/** The case page's Overview (issue 34 item 4). */
export const CaseDetailsSchema = z.object({
  case: CaseListItemSchema.extend({
    typeCode: z.string(),
    category: z.string(),
    closedOn: z.string().nullable(),
  }),
  /** What the case was opened with and keeps when the configuration changes. */
  pinned: z.object({
    petitionConfigId: z.string().nullable(),
    workflow: z.object({ id: z.string(), name: z.string() }).nullable(),
    questionnaire: z.object({ questionnaireId: z.string(), name: z.string(), version: z.number() }).nullable(),
    /** Issue 34: the firm's forms and letters the pinned configuration names (its Documents checklist). */
    letters: z.array(z.object({ id: z.string(), name: z.string(), type: z.string() })),
  }),
  petitioner: z.object({ id: z.string().nullable(), name: z.string(), address: z.string().nullable() }).nullable(),
  beneficiary: PersonSchema.nullable(),
  sponsor: PersonSchema.nullable(),
  facts: CaseFactsSchema,
  /** Names for the facts that hold ids. */
  factNames: z.object({ socCode: z.string().nullable(), serviceCenter: z.string().nullable() }),
  accounts: z.array(z.object({ userId: z.string(), roleId: z.number(), name: z.string(), email: z.string() })),
});
export type CaseDetails = z.infer<typeof CaseDetailsSchema>;

/** Issue 34: the choices of the id facts and of the owner, for those who open cases (no settings tab needed). */
export const CaseFactOptionsBodySchema = z.object({}).strict();
export const CaseFactOptionsSchema = z.object({
  /** The tenant's active SOC codes. */
  socCodes: z.array(z.object({ id: z.string(), name: z.string(), designation: z.string() })),
  /** The service centers the tenant sees: its own and the platform's. */
  serviceCenters: z.array(z.object({ id: z.string(), name: z.string(), typeName: z.string() })),
  /** The tenant's active users who can own cases (those who open them, roles 3 and 4). */
  owners: z.array(z.object({ id: z.string(), name: z.string(), roleId: z.number() })),
});
export type CaseFactOptions = z.infer<typeof CaseFactOptionsSchema>;

/** Overview edits: facts (null clears one), the people and the owner. */
export const CaseUpdateBodySchema = z
  .object({
    caseId: z.uuid(),
    facts: CaseFactsInSchema.optional(),
    petitionerId: z.uuid().nullable().optional(),
    beneficiary: CasePersonRefSchema.nullable().optional(),
    sponsor: CasePersonRefSchema.nullable().optional(),
    ownerId: z.uuid().nullable().optional(),
  })
  .strict();
export type CaseUpdateBody = z.input<typeof CaseUpdateBodySchema>;
export const CaseSavedSchema = z.object({ message: z.string(), details: CaseDetailsSchema });

export const CaseAccountBodySchema = z
  .object({ caseId: z.uuid(), userId: z.uuid(), roleId: z.union(CASE_ACCOUNT_ROLES.map((r) => z.literal(r))) })
  .strict();
export type CaseAccountBody = z.infer<typeof CaseAccountBodySchema>;

/**
 * Issue 35 item 1: a person who has no account yet, invited and linked to the case in one step: the firm's own
 * invitation (Users, issue 16: the roles the caller may give), the account linked with the role once created.
 */
export const CaseInviteAccountBodySchema = z
  .object({
    caseId: z.uuid(),
    roleId: z.union(CASE_ACCOUNT_ROLES.map((r) => z.literal(r))),
    email: EmailSchema,
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
  })
  .strict();
export type CaseInviteAccountBody = z.infer<typeof CaseInviteAccountBodySchema>;
export const CaseInvitedSchema = CaseSavedSchema.extend({ delivery: DeliverySchema });

/** The case page's History tab: the case's audit rows, newest first (the audit list's row shape). */
export const CaseHistoryBodySchema = listQuerySchema({
  sortPaths: ['at'],
  defaultSort: { path: 'at', order: -1 },
  filters: {},
}).extend({ caseId: z.uuid() });
export type CaseHistoryBody = z.infer<typeof CaseHistoryBodySchema>;
export const CaseHistorySchema = listOf(AuditItemSchema);
