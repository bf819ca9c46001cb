import type { Executor } from '@caseport/db/client';
import {
  type MyCase,
  type MyCaseDetails,
  type MyCaseListBody,
  partyRoleName,
  seesCaseInvoices,
  waitsForOf,
} from '@caseport/domain/cases/my-cases';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import * as invoicesRepo from './invoices-repository';
import { caseInvoicePdf } from './invoices-service';
import * as repo from './my-cases-repository';

/**
 * Issue 35 item 1: 'My cases' for the people outside the firm (roles 11, 12, 50, 51). Every answer is built from
 * the allow-list (MyCaseSchema in packages/domain/src/cases/my-cases.ts) field by field, so a column added to a
 * case never reaches them by accident; the routes' response schemas are strict as well.
 */
const toView = (row: repo.MyCaseRow, waiting: { name: string }[]): MyCase => ({
  _id: row._id,
  caseNumber: row.caseNumber,
  typeName: row.typeName,
  subTypeName: row.subTypeName,
  status: row.status as MyCase['status'],
  openedOn: new Date(row.createdOn).toISOString(),
  closedOn: row.closedOn ? new Date(row.closedOn).toISOString() : null,
  firmName: row.firmName,
  beneficiaryName: row.beneficiaryName,
  applicantName: row.applicantName,
  petitionerName: row.petitionerName,
  sponsorName: row.sponsorName,
  myRoles: row.myRoles.map((roleId) => ({ roleId, name: partyRoleName(roleId) })),
  waiting,
});

/** The open steps of each case that wait on one of the roles the user is linked by there. */
const waitingOn = async (tx: Executor, ctx: TenantContext, rows: repo.MyCaseRow[]) => {
  const open = await repo.openOutsideActivities(
    tx,
    ctx.tenantId,
    rows.map((r) => r._id),
  );
  return (row: repo.MyCaseRow) => {
    const mine = new Set<string>(waitsForOf(row.myRoles));
    return open
      .filter((x) => x.caseId === row._id && x.waitsFor && mine.has(x.waitsFor))
      .map((x) => ({ name: x.name }));
  };
};

export const listMyCases = async (tx: Executor, ctx: TenantContext, q: MyCaseListBody) => {
  const page = await repo.listMyCases(tx, ctx.tenantId, ctx.principal.userId, q);
  const waiting = await waitingOn(tx, ctx, page.list);
  return { list: page.list.map((r) => toView(r, waiting(r))), totalCount: page.totalCount };
};

const findMyCaseOr404 = async (tx: Executor, ctx: TenantContext, caseId: string) => {
  const row = await repo.findMyCase(tx, ctx.tenantId, ctx.principal.userId, caseId);
  if (!row) throw notFound('Case');
  return row;
};

/** One of the user's cases, with the invoices addressed to them; another person's case is 404. */
export const myCaseDetails = async (tx: Executor, ctx: TenantContext, caseId: string): Promise<MyCaseDetails> => {
  const row = await findMyCaseOr404(tx, ctx, caseId);
  const waiting = await waitingOn(tx, ctx, [row]);
  const invoices = seesCaseInvoices(row.myRoles, row)
    ? await invoicesRepo.listCaseInvoices(tx, ctx.tenantId, caseId)
    : [];
  return {
    case: toView(row, waiting(row)),
    invoices: invoices.map((i) => ({
      _id: i.id,
      invoiceNumber: i.invoiceNumber,
      issuedOn: i.issuedOn,
      total: i.totalCents / 100,
      status: i.status as MyCaseDetails['invoices'][number]['status'],
    })),
  };
};

/** The PDF of an invoice addressed to the user; any other invoice (or one not addressed to them) is 404. */
export const myCaseInvoicePdf = async (tx: Executor, ctx: TenantContext, caseId: string, invoiceId: string) => {
  const row = await findMyCaseOr404(tx, ctx, caseId);
  if (!seesCaseInvoices(row.myRoles, row)) throw notFound('Invoice');
  return caseInvoicePdf(tx, ctx, caseId, invoiceId);
};
