import { describe, expect, it } from 'vitest';
import {
  canAddAddressBlock,
  canEditServiceCenter,
  canRemoveAddressBlock,
  couriersFor,
  ServiceCenterCreateBodySchema,
  ServiceCenterListBodySchema,
  showsPremiumProcessing,
  stateSummary,
} from './contracts';

const COURIERS = [
  { id: 1, name: 'USPS' },
  { id: 2, name: 'FedEx' },
  { id: 3, name: 'UPS' },
  { id: 4, name: 'DHL' },
];
const valid = { name: 'Texas', typeId: 1, addressConfig: [{ courierId: 2, address: '<p>6046 N Belt Line Rd</p>' }] };
const messages = (body: unknown) =>
  ServiceCenterCreateBodySchema.safeParse(body).error?.issues.map((i) => i.message) ?? [];

describe('service center rules', () => {
  it('R-SVC-015: Name is required', () => {
    expect(messages({ ...valid, name: ' ' })).toContain('Name is required');
  });

  it('R-SVC-016: Case Type is required', () => {
    expect(messages({ ...valid, typeId: undefined })).toContain('Case Type is required');
  });

  it("R-SVC-017: Petitioner's Office State(s) are optional", () => {
    expect(ServiceCenterCreateBodySchema.parse(valid).stateIds).toEqual([]);
  });

  it('R-SVC-018: each address block requires a Courier and an Address', () => {
    expect(messages({ ...valid, addressConfig: [{ courierId: 0, address: '<p>x</p>' }] })).toContain(
      'Courier is required',
    );
    expect(messages({ ...valid, addressConfig: [{ courierId: 2, address: '<p> </p>' }] })).toContain(
      'Address is required',
    );
  });

  it('R-SVC-019: couriers are unique across blocks; a block is offered only the couriers no other block uses', () => {
    expect(messages({ ...valid, addressConfig: [valid.addressConfig[0], valid.addressConfig[0]] })).toContain(
      'Each courier can be used only once',
    );
    const blocks = [
      { courierId: 2, address: 'a' },
      { courierId: 3, address: 'b' },
    ];
    expect(couriersFor(COURIERS, blocks, 0).map((c) => c.name)).toEqual(['USPS', 'FedEx', 'DHL']);
    expect(couriersFor(COURIERS, blocks, 1).map((c) => c.name)).toEqual(['USPS', 'UPS', 'DHL']);
  });

  it('R-SVC-020: a block can be added only while the count is below the number of couriers', () => {
    const four = [1, 2, 3, 4].map((courierId) => ({ courierId, address: 'x' }));
    expect(canAddAddressBlock(four.slice(0, 3), 4, true)).toBe(true);
    expect(canAddAddressBlock(four, 4, true)).toBe(false);
  });

  it('R-SVC-021: a block can be added only after the current blocks validate', () => {
    expect(canAddAddressBlock([{ courierId: null, address: '' }], 4, false)).toBe(false);
  });

  it('R-SVC-022: a block can be removed only when there is more than one', () => {
    expect(canRemoveAddressBlock([{ courierId: 1, address: 'x' }])).toBe(false);
    expect(
      canRemoveAddressBlock([
        { courierId: 1, address: 'x' },
        { courierId: 2, address: 'y' },
      ]),
    ).toBe(true);
  });

  it('R-SVC-023: Premium Processing is shown unless the case type id is 9 or 4', () => {
    expect(showsPremiumProcessing(9)).toBe(false);
    expect(showsPremiumProcessing(4)).toBe(false);
    expect(showsPremiumProcessing(1)).toBe(true);
    expect(showsPremiumProcessing(null)).toBe(true);
  });

  it('R-SVC-024: a platform-level center (no tenantId) is editable by roles 1 and 2 only', () => {
    expect([1, 2, 3, 4].map((r) => canEditServiceCenter({ tenantId: null }, r))).toEqual([true, true, false, false]);
  });

  it("R-SVC-025: a tenant's center is editable by roles 3 and 4 only", () => {
    expect([1, 2, 3, 4].map((r) => canEditServiceCenter({ tenantId: 'x' }, r))).toEqual([false, false, true, true]);
  });

  it("R-SVC-006: the state column shows the first state and '+N' for the rest", () => {
    expect(stateSummary(['Texas', 'Ohio', 'Utah'])).toEqual({ first: 'Texas', more: 2, rest: ['Ohio', 'Utah'] });
    expect(stateSummary([])).toEqual({ first: null, more: 0, rest: [] });
  });

  it('R-SVC-008: the sortable paths are name, typeName, createdOn and updatedOn', () => {
    for (const path of ['name', 'typeName', 'createdOn', 'updatedOn']) {
      expect(ServiceCenterListBodySchema.safeParse({ sorting: { path, order: 1 } }).success, path).toBe(true);
    }
    expect(ServiceCenterListBodySchema.safeParse({ sorting: { path: 'stateList', order: 1 } }).success).toBe(false);
  });
});
