import { describe, expect, it } from 'vitest';
import { LabelCreateBodySchema, LabelListBodySchema, LabelUpdateBodySchema } from './contracts';

describe('label contracts', () => {
  it('D-20: name is required and 1-50 characters; color must be #RRGGBB', () => {
    expect(LabelCreateBodySchema.safeParse({ name: 'Urgent', color: '#E53935' }).success).toBe(true);
    expect(LabelCreateBodySchema.safeParse({ name: '  ', color: '#E53935' }).error?.issues[0]?.message).toBe(
      'Name is required',
    );
    expect(LabelCreateBodySchema.safeParse({ name: 'x'.repeat(51), color: '#E53935' }).success).toBe(false);
    expect(LabelCreateBodySchema.safeParse({ name: 'x'.repeat(50), color: '#E53935' }).success).toBe(true);
    for (const color of ['red', '#fff', '#12345G', '#1234567', 'javascript:alert(1)']) {
      expect(LabelCreateBodySchema.safeParse({ name: 'A', color }).success, color).toBe(false);
    }
  });

  it('R-LABEL-012: the list body is {matcher {statusList, searchString}, page, perpage, sorting}; unknown keys are refused', () => {
    const ok = LabelListBodySchema.parse({
      matcher: { statusList: [true], searchString: 'urg' },
      page: 2,
      perpage: 50,
      sorting: { path: 'createdByName', order: 1 },
    });
    expect(ok.matcher).toEqual({ statusList: [true], searchString: 'urg' });
    expect(LabelListBodySchema.parse({}).sorting).toEqual({ path: 'createdOn', order: -1 });
    expect(LabelListBodySchema.safeParse({ filters: {} }).success).toBe(false);
    expect(LabelListBodySchema.safeParse({ matcher: { tenantId: 'x' } }).success).toBe(false);
    expect(LabelListBodySchema.safeParse({ sorting: { path: 'color', order: 1 } }).success).toBe(false);
  });

  it('the update body refuses a tenantId (mass assignment)', () => {
    const base = { labelId: '6f1c7a2e-5b3d-4c8e-9a01-0c5a1e000001', name: 'A', color: '#000000' };
    expect(LabelUpdateBodySchema.safeParse(base).success).toBe(true);
    expect(LabelUpdateBodySchema.safeParse({ ...base, tenantId: base.labelId }).success).toBe(false);
  });
});
