import { describe, expect, it } from 'vitest';
import {
  actingRoleIds,
  actRefusal,
  DUE_BEFORE_OPENED,
  dueAfterRfeMessage,
  dueOnRefusal,
  mayActOn,
  rfeResponseDueOf,
} from './run-rules';

const paralegal = { userId: 'u-para', roleId: 6 };
const manager = { userId: 'u-manager', roleId: 4 };
const admin = { userId: 'u-admin', roleId: 3 };

describe('who acts on an activity of a case run (issue 34)', () => {
  it('issue 34: the Admin always acts; others only when their role is an editor or they are the owner', () => {
    const lca = { ownerRoleIds: [5, 6], ownerId: null };
    expect(mayActOn(lca, admin)).toBe(true);
    expect(mayActOn(lca, paralegal)).toBe(true);
    expect(mayActOn(lca, manager)).toBe(false);
    expect(actRefusal(lca, manager)).toBe('Only Admin, Attorney, Paralegal or its owner can act on this activity');
    // The assigned owner acts whatever their role.
    expect(mayActOn({ ownerRoleIds: [10], ownerId: 'u-manager' }, manager)).toBe(true);
    expect(mayActOn({ ownerRoleIds: [10], ownerId: 'u-other' }, manager)).toBe(false);
    expect(actRefusal({ ownerRoleIds: [3], ownerId: null }, manager)).toBe(
      'Only Admin or its owner can act on this activity',
    );
  });

  it('issue 34: an activity with no editors is acted on by those who open cases (Admin, Branch Manager)', () => {
    const none = { ownerRoleIds: [], ownerId: null };
    expect(mayActOn(none, admin)).toBe(true);
    expect(mayActOn(none, manager)).toBe(true);
    expect(actRefusal(none, paralegal)).toBe('Only Admin, Branch Manager or its owner can act on this activity');
    expect(actingRoleIds(none)).toEqual([3, 4]);
    expect(actingRoleIds({ ownerRoleIds: [5] })).toEqual([5]);
  });
});

describe('a due date set by hand (issue 34)', () => {
  const limits = { openedOn: '2030-01-10', rfeResponseDueOn: '2030-03-01' };
  it('issue 34: not before the case was opened; an RFE activity not after the RFE response date', () => {
    expect(dueOnRefusal('MANAGER_LIST', '2030-01-10', limits)).toBeNull();
    expect(dueOnRefusal('MANAGER_LIST', '2030-01-09', limits)).toBe(DUE_BEFORE_OPENED);
    expect(dueOnRefusal('MANAGER_LIST', '2031-06-01', limits)).toBeNull();
    expect(dueOnRefusal('RFE_PREPARE_RESPONSE', '2030-03-01', limits)).toBeNull();
    expect(dueOnRefusal('RFE_PREPARE_RESPONSE', '2030-03-02', limits)).toBe(dueAfterRfeMessage('2030-03-01'));
    expect(dueOnRefusal('RFE_PREPARE_RESPONSE', '2031-03-02', { ...limits, rfeResponseDueOn: null })).toBeNull();
  });

  it("issue 34: the RFE response date is read from UPDATE_USCIS_RESPONSE's data", () => {
    expect(rfeResponseDueOf({ rfe: { issuedOn: '2030-01-01', responseDueOn: '2030-03-01' } })).toBe('2030-03-01');
    expect(rfeResponseDueOf({ receipt: { receiptNumber: 'IOE0912345678' } })).toBeNull();
    expect(rfeResponseDueOf(null)).toBeNull();
  });
});
