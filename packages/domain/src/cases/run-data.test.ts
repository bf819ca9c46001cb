import { describe, expect, it } from 'vitest';
import { checkRunData, invoiceTotal, LCA_NUMBER_PATTERN, RUN_DATA_MESSAGES } from './run-data';

describe('what an activity of the run records (issue 34 item 5)', () => {
  it('issue 34: an LCA number is I-200-YYDDD-NNNNNN with a day of the year from 001 to 366', () => {
    for (const ok of ['I-200-24001-000001', 'I-200-24366-123456', 'I-200-99250-999999'])
      expect(LCA_NUMBER_PATTERN.test(ok)).toBe(true);
    for (const bad of ['I-200-24000-000001', 'I-200-24367-123456', 'I-129-24123-123456', 'I-200-24123-12345', ''])
      expect(LCA_NUMBER_PATTERN.test(bad)).toBe(false);
    const lower = checkRunData({ kind: 'lca', code: 'LCA_REQUEST' }, { lcaNumber: ' i-200-24123-123456 ' });
    expect(lower).toEqual({ ok: true, value: { lcaNumber: 'I-200-24123-123456' } });
  });

  it('issue 34: LCA_SUBMIT needs the validity, in order; LCA_REQUEST only the number', () => {
    expect(checkRunData({ kind: 'lca', code: 'LCA_SUBMIT' }, { lcaNumber: 'I-200-24123-123456' })).toEqual({
      ok: false,
      fields: [
        { name: 'data.validFrom', message: 'Required' },
        { name: 'data.validTo', message: 'Required' },
      ],
    });
    const backwards = checkRunData(
      { kind: 'lca', code: 'LCA_SUBMIT' },
      { lcaNumber: 'I-200-24123-123456', validFrom: '2030-02-01', validTo: '2030-01-01' },
    );
    expect(backwards).toEqual({ ok: false, fields: [{ name: 'data.validTo', message: RUN_DATA_MESSAGES.lcaValidTo }] });
  });

  it('issue 34: an assignment names a user; a fee an amount in cents, a method and a date; an invoice its lines', () => {
    expect(checkRunData({ kind: 'assign', code: 'ASSIGN_PARALEGAL' }, {})).toEqual({
      ok: false,
      fields: [{ name: 'data.userId', message: RUN_DATA_MESSAGES.userRequired }],
    });
    const fee = checkRunData(
      { kind: 'fee', code: 'FILING_FEE' },
      { amount: 1.005, method: 'cash', paidOn: '2030-1-1' },
    );
    expect(fee.ok ? [] : fee.fields.map((f) => f.name)).toEqual(['data.amount', 'data.method', 'data.paidOn']);
    expect(
      checkRunData({ kind: 'fee', code: 'FILING_FEE' }, { amount: 780.1, method: 'ACH', paidOn: '2030-01-01' }).ok,
    ).toBe(true);
    expect(checkRunData({ kind: 'invoice', code: 'CREATE_INVOICE' }, { lines: [] })).toEqual({
      ok: false,
      fields: [{ name: 'data.lines', message: RUN_DATA_MESSAGES.lines }],
    });
    expect(invoiceTotal([{ amount: 0.1 }, { amount: 0.2 }, { amount: 2500 }])).toBe(2500.3);
  });

  it('issue 34: a USCIS receipt is validated like the receipt-number fact; an RFE is due after it was issued', () => {
    expect(checkRunData({ outcome: 'receipt' }, { receiptNumber: 'ioe0912345678' })).toEqual({
      ok: true,
      value: { receiptNumber: 'IOE0912345678' },
    });
    expect(checkRunData({ outcome: 'receipt' }, { receiptNumber: 'IOE1' }).ok).toBe(false);
    expect(checkRunData({ outcome: 'rfe' }, { issuedOn: '2030-03-01', responseDueOn: '2030-02-01' })).toEqual({
      ok: false,
      fields: [{ name: 'data.responseDueOn', message: RUN_DATA_MESSAGES.rfeDue }],
    });
    expect(checkRunData({ outcome: 'approved' }, undefined)).toEqual({ ok: true, value: {} });
    expect(checkRunData({ kind: 'step', code: 'MANAGER_LIST' }, { extra: 1 }).ok).toBe(false);
  });
});
