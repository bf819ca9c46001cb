import { z } from 'zod';
import { listOf } from '../api/responses';
import { text } from '../api/scalars';
import { isPartyRole, type PartyRoleId } from '../auth/roles';
import { listQuerySchema } from '../list/list-query';
import { CASE_INVOICE_STATUSES } from './case-invoices';
import { CASE_ACCOUNT_ROLE_NAMES, CASE_STATUSES } from './contracts';
import type { RunWaitsFor } from './run';

/**
 * Issue 35 item 1: 'My cases', the cases the people outside the firm are linked to. A beneficiary (11), an
 * authorized signatory (12), a petitioner contact (50) or a sponsor (51) sees only the cases a `case_accounts` row
 * links them to (a law firm's petitioner is linked by itself when a case names it, issue 34), enforced by the
 * server and by row-level security (migration 0058: their requests run as app_party, which sees no other case).
 */
// The roles themselves (PARTY_ROLES, isPartyRole) are in auth/roles.ts, which the shell reads without zod.

/** The activities that wait on each linked role (the run's RUN_WAITS_FOR); a sponsor has none yet. */
export const PARTY_WAITS_FOR: Record<PartyRoleId, RunWaitsFor | null> = {
  11: 'beneficiary',
  12: 'signatory',
  50: 'petitioner',
  51: null,
};

/** The run's `waitsFor` values the given linked roles answer for. */
export const waitsForOf = (roles: readonly number[]): RunWaitsFor[] =>
  roles.flatMap((r) => (isPartyRole(r) && PARTY_WAITS_FOR[r] ? [PARTY_WAITS_FOR[r]] : []));

/**
 * Who a case's invoices are addressed to (case-invoices: the petitioner, else the beneficiary or applicant), hence
 * who outside the firm may see them: the petitioner contact on a case that names a petitioner, the beneficiary on
 * one that does not. Nobody else outside the firm sees a fee.
 */
export const seesCaseInvoices = (roles: readonly number[], c: { hasPetitioner: boolean }) =>
  c.hasPetitioner ? roles.includes(50) : roles.includes(11);

export const MY_CASES_EMPTY = 'No cases are linked to you yet. Your law firm links you to a case when it needs you.';
export const MY_CASE_NOTHING_WAITING = 'Nothing is waiting for you on this case.';

/**
 * The allow-list: everything a person outside the firm sees of a case, and nothing more. The case's number, type,
 * status and days; its law firm's name; the names its people go by on the case (no date of birth, passport, I-94,
 * address, e-mail or phone of anyone); the roles the viewer is linked by; the steps waiting on the viewer. Never
 * the case's facts, its owner, its internal notes or documents, the workflow's internal steps, nor fees (those only
 * as the invoices addressed to the viewer, MyCaseDetailsSchema).
 */
export const MyCaseSchema = z
  .object({
    _id: z.string(),
    caseNumber: z.string(),
    typeName: z.string(),
    subTypeName: z.string(),
    status: z.enum(CASE_STATUSES),
    openedOn: z.string(),
    closedOn: z.string().nullable(),
    /** The tenant handling the case: the law firm, or a petitioner company's own name on its own case. */
    firmName: z.string(),
    beneficiaryName: z.string().nullable(),
    applicantName: z.string().nullable(),
    petitionerName: z.string().nullable(),
    sponsorName: z.string().nullable(),
    myRoles: z.array(z.object({ roleId: z.number(), name: z.string() })),
    waiting: z.array(z.object({ name: z.string() })),
  })
  .strict();
export type MyCase = z.infer<typeof MyCaseSchema>;

/** The keys of the allow-list, for the tests that prove no other key leaves the server. */
export const MY_CASE_KEYS = Object.keys(MyCaseSchema.shape) as (keyof MyCase)[];

export const partyRoleName = (roleId: number) =>
  (CASE_ACCOUNT_ROLE_NAMES as Record<number, string | undefined>)[roleId] ?? `Role ${roleId}`;

export const MyCaseListBodySchema = listQuerySchema({
  sortPaths: ['createdOn', 'caseNumber'],
  defaultSort: { path: 'createdOn', order: -1 },
  filters: {
    searchString: text().max(100).optional(),
    statuses: z.array(z.enum(CASE_STATUSES)).max(2).optional(),
  },
});
export type MyCaseListBody = z.infer<typeof MyCaseListBodySchema>;
export const MyCaseListSchema = listOf(MyCaseSchema);

/** One of the viewer's cases, with the invoices addressed to them (seesCaseInvoices); each one's PDF holds its lines. */
export const MyCaseDetailsSchema = z
  .object({
    case: MyCaseSchema,
    invoices: z.array(
      z
        .object({
          _id: z.string(),
          invoiceNumber: z.string(),
          issuedOn: z.string(),
          total: z.number(),
          status: z.enum(CASE_INVOICE_STATUSES),
        })
        .strict(),
    ),
  })
  .strict();
export type MyCaseDetails = z.infer<typeof MyCaseDetailsSchema>;
