import { inSystemTx, schema } from '@caseport/db/client';
import { demoInvoiceRows } from '@caseport/db/seed/invoices';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { type Caller, createTestApp, DEMO, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;
let coAdmin: Caller;
let lawPetitioner: Caller;
let platformAdmin: Caller;

/** The law firm's history, fixed in time: 30 monthly invoices, Jun 2024 ... Nov 2026 (only Nov pending). */
const NOW = new Date('2026-11-20T12:00:00Z');
interface Item {
  _id: string;
  refId: string;
  statusId: number;
  createdOn: string;
  dueDate: string;
  paidOn: string | null;
  totalAmount: number;
  document: string;
}
const list = (c: Caller, body: Record<string, unknown> = {}) => c.post('/api/invoices/list', body);
const refs = async (c: Caller, body: Record<string, unknown> = {}) =>
  (await list(c, { perpage: 100, ...body })).json().list.map((i: Item) => i.refId) as string[];

beforeAll(async () => {
  t = await createTestApp();
  await inSystemTx(t.database.db, async (tx) => {
    await tx.delete(schema.invoices).where(eq(schema.invoices.tenantId, t.tenants.lawfirm));
    const rows = demoInvoiceRows(t.tenants.lawfirm, DEMO.lawAdmin, 30, NOW);
    // One larger, older-numbered invoice for the amount sort.
    rows[0] = { ...rows[0]!, totalCents: 49_950, listCents: 49_950 };
    await tx.insert(schema.invoices).values(rows);
  });
  [lawAdmin, lawManager, otherAdmin, coAdmin, lawPetitioner, platformAdmin] = await signIn(
    t,
    'lawAdmin',
    'lawManager',
    'otherAdmin',
    'coAdmin',
    'lawPetitioner',
    'platformAdmin',
  );
});
afterAll(() => t.close());

describe('POST /api/invoices/list', () => {
  it('R-BILL-032: takes {appActivity, filters, page, perpage, sorting, subscriber} and answers { list, totalCount }', async () => {
    const res = await list(lawAdmin, {
      appActivity: 'invoice_list',
      filters: { companyId: t.tenants.lawfirm, title: '', statusIds: [1, 2], createdOnRange: [] },
      page: 1,
      perpage: 25,
      sorting: { path: 'createdOn', order: -1 },
      subscriber: { tenantId: t.tenants.lawfirm, email: DEMO.lawAdmin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalCount).toBe(30);
    expect(res.json().list).toHaveLength(25);
  });

  it('R-BILL-033: 25 invoices per page by default; the second page holds the rest, newest first', async () => {
    const first = (await list(lawAdmin)).json();
    expect(first.list).toHaveLength(25);
    expect(first.totalCount).toBe(30);
    expect(first.list[0].refId).toBe('INV-2026-0030');
    const second = (await list(lawAdmin, { page: 2 })).json();
    expect(second.list.map((i: Item) => i.refId)).toEqual([
      'INV-2024-0005',
      'INV-2024-0004',
      'INV-2024-0003',
      'INV-2024-0002',
      'INV-2024-0001',
    ]);
    expect(second.totalCount).toBe(30);
  });

  it('R-BILL-030: an invoice has refId, subscriberDetails.email, planDetails.name, totalAmount, createdOn, statusId, statusDetails.name, document', async () => {
    const [latest] = (await list(lawAdmin)).json().list;
    expect(latest).toMatchObject({
      refId: 'INV-2026-0030',
      subscriberDetails: { email: DEMO.lawAdmin },
      planDetails: { name: 'Professional' },
      totalAmount: 199,
      createdOn: '2026-11-01T09:00:00.000Z',
      statusId: 1,
      statusDetails: { name: 'Pending' },
      document: `/api/payments/viewfile?invoiceId=${latest._id}`,
    });
  });

  it('R-BILL-031: statusId 1 is pending (not paid yet), 2 is paid (with its paid date)', async () => {
    const all = (await list(lawAdmin, { perpage: 100 })).json().list as (Item & { statusDetails: { name: string } })[];
    const pending = all.filter((i) => i.statusId === 1);
    expect(pending.map((i) => i.refId)).toEqual(['INV-2026-0030']);
    expect(pending[0]?.statusDetails.name).toBe('Pending');
    expect(pending[0]?.paidOn).toBeNull();
    const paid = all.filter((i) => i.statusId === 2);
    expect(paid).toHaveLength(29);
    for (const i of paid) expect(i.paidOn).not.toBeNull();
    expect(new Set(paid.map((i) => (i as { statusDetails: { name: string } }).statusDetails.name))).toEqual(
      new Set(['Paid']),
    );
  });

  it('R-BILL-024: filters.title searches the invoice number, case-insensitively, with % and _ taken literally', async () => {
    expect(await refs(lawAdmin, { filters: { title: 'inv-2026-003' } })).toEqual(['INV-2026-0030']);
    expect(await refs(lawAdmin, { filters: { title: '2025' } })).toHaveLength(12);
    expect(await refs(lawAdmin, { filters: { title: '%' } })).toEqual([]);
    expect(await refs(lawAdmin, { filters: { title: '   ' } })).toHaveLength(30);
  });

  it('R-BILL-025: filters.statusIds keeps the chosen statuses; both or none is every invoice; an unknown status is 400', async () => {
    expect(await refs(lawAdmin, { filters: { statusIds: [1] } })).toEqual(['INV-2026-0030']);
    expect(await refs(lawAdmin, { filters: { statusIds: [2] } })).toHaveLength(29);
    expect(await refs(lawAdmin, { filters: { statusIds: [1, 2] } })).toHaveLength(30);
    expect(await refs(lawAdmin, { filters: { statusIds: [] } })).toHaveLength(30);
    const bad = await list(lawAdmin, { filters: { statusIds: [3] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('R-BILL-026: filters.createdOnRange keeps invoices created from the first day through the last (inclusive); one day alone is [day]', async () => {
    expect(await refs(lawAdmin, { filters: { createdOnRange: ['2026-09-01', '2026-10-01'] } })).toEqual([
      'INV-2026-0029',
      'INV-2026-0028',
    ]);
    expect(await refs(lawAdmin, { filters: { createdOnRange: ['2026-11-01'] } })).toEqual(['INV-2026-0030']);
    expect(await refs(lawAdmin, { filters: { createdOnRange: ['2026-10-02', '2026-10-31'] } })).toEqual([]);
    const bad = await list(lawAdmin, { filters: { createdOnRange: ['2026-02-30'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].name).toContain('createdOnRange');
  });

  it('R-BILL-032: filters.dueDateRange and paidDateRange narrow by due and paid dates', async () => {
    expect(await refs(lawAdmin, { filters: { dueDateRange: ['2026-11-16', '2026-11-16'] } })).toEqual([
      'INV-2026-0030',
    ]);
    expect(await refs(lawAdmin, { filters: { paidDateRange: ['2026-10-04', '2026-10-04'] } })).toEqual([
      'INV-2026-0029',
    ]);
    // The pending invoice has no paid date, so any paid range leaves it out.
    expect(await refs(lawAdmin, { filters: { paidDateRange: ['2026-11-01', '2026-11-30'] } })).toEqual([]);
  });

  it('R-LIST-006: sorts by createdOn, refId, totalAmount and dueDate; an unknown path is 400', async () => {
    expect((await refs(lawAdmin, { sorting: { path: 'createdOn', order: 1 } }))[0]).toBe('INV-2024-0001');
    expect((await refs(lawAdmin, { sorting: { path: 'refId', order: -1 } }))[0]).toBe('INV-2026-0030');
    expect((await refs(lawAdmin, { sorting: { path: 'totalAmount', order: -1 } }))[0]).toBe('INV-2024-0001');
    expect((await refs(lawAdmin, { sorting: { path: 'dueDate', order: -1 } }))[0]).toBe('INV-2026-0030');
    const bad = await list(lawAdmin, { sorting: { path: 'subscriberEmail', order: 1 } });
    expect(bad.statusCode).toBe(400);
  });

  it("lists only the caller's tenant: another tenant's companyId or subscriber is not found (404), its own narrows nothing", async () => {
    const other = (await list(otherAdmin, { perpage: 100 })).json();
    expect(other.totalCount).toBe(3);
    expect(
      other.list.every((i: { subscriberDetails: { email: string } }) => i.subscriberDetails.email === DEMO.otherAdmin),
    ).toBe(true);
    // Issue 25, finding 2: another tenant's id in the body is refused whole.
    const foreign = await list(otherAdmin, { filters: { companyId: t.tenants.lawfirm } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().fields).toEqual([{ name: 'filters.companyId', message: 'Tenant not found' }]);
    const spoofed = await list(otherAdmin, { subscriber: { tenantId: t.tenants.lawfirm, email: DEMO.lawAdmin } });
    expect(spoofed.statusCode).toBe(404);
    const own = await list(otherAdmin, { subscriber: { tenantId: t.tenants.otherfirm, email: DEMO.lawAdmin } });
    expect(own.json().totalCount).toBe(3);
    // A petitioner company sees its own history too (the tab is for both tenant types).
    expect((await list(coAdmin)).json().totalCount).toBe(6);
  });

  it('R-SHELL-014: the list belongs to the Billing & Payments tab: roles 3 and 4 read it; 1, 2 and 50 get 403', async () => {
    expect((await list(lawManager)).statusCode).toBe(200);
    expect((await list(lawPetitioner)).statusCode).toBe(403);
    expect((await list(platformAdmin)).statusCode).toBe(403);
  });
});

describe('GET /api/payments/viewfile', () => {
  it("R-BILL-029: an invoice's document path serves its PDF inline; another tenant's invoice is 404", async () => {
    const [latest] = (await list(lawAdmin)).json().list as Item[];
    const res = await lawManager.get(latest!.document);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('inline; filename="INV-2026-0030.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Invoice INV-2026-0030');
    expect((await otherAdmin.get(latest!.document)).statusCode).toBe(404);
    expect((await lawPetitioner.get(latest!.document)).statusCode).toBe(403);
    const unknown = await lawAdmin.get('/api/payments/viewfile?invoiceId=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await lawAdmin.get('/api/payments/viewfile?invoiceId=../../etc/passwd')).statusCode).toBe(400);
  });
});

describe('R-BILL-034: master data invoice_status and invoice_company_list', () => {
  const md = (c: Caller, category: string) => c.post('/api/masterdata/list', { category });
  it('invoice_status lists 1 Pending and 2 Paid', async () => {
    expect((await md(lawManager, 'invoice_status')).json().list).toEqual([
      { id: 1, name: 'Pending' },
      { id: 2, name: 'Paid' },
    ]);
  });
  it("invoice_company_list lists the caller's own company, never another tenant's", async () => {
    expect((await md(lawAdmin, 'invoice_company_list')).json().list).toEqual([
      { _id: t.tenants.lawfirm, name: 'Demo Law Firm' },
    ]);
    expect((await md(otherAdmin, 'invoice_company_list')).json().list).toEqual([
      { _id: t.tenants.otherfirm, name: 'Other Law Firm' },
    ]);
    expect((await md(platformAdmin, 'invoice_company_list')).json().list).toEqual([]);
  });
});
