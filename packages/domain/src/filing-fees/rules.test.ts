import { describe, expect, it } from 'vitest';
import { FeeAmountSchema, FeeGroupInputSchema, FeeLineInputSchema } from './contracts';
import {
  applyRenames,
  feeCaseTypesFor,
  feeSaveLabel,
  feeSubTypesFor,
  hasPerOrAllChoice,
  isDependentsLine,
  maskFeeAmount,
} from './rules';
import { FEE_SCHEDULES, scheduleOn } from './schedule';

const types = [3, 4, 15, 16, 17, 18, 19, 20, 21, 1].map((id) => ({ id }));

describe('filing fee rules', () => {
  it('R-FEE-021: role 50 loses case types 15, 16, 17, 18, 4, 20, 19 and 21; other roles keep them', () => {
    expect(feeCaseTypesFor(50, types).map((t) => t.id)).toEqual([3, 1]);
    expect(feeCaseTypesFor(3, types)).toHaveLength(types.length);
  });

  it('R-FEE-022: role 50 and case type 3 get only sub-types 15 and 16', () => {
    const subs = [12, 13, 14, 15, 16].map((id) => ({ id }));
    expect(feeSubTypesFor(50, 3, subs).map((s) => s.id)).toEqual([15, 16]);
    expect(feeSubTypesFor(50, 1, subs)).toHaveLength(5);
    expect(feeSubTypesFor(3, 3, subs)).toHaveLength(5);
  });

  it("R-FEE-019: exactly H4I539, H4I539ONLINE, L2I539 and L2I539ONLINE are '(Dependents)' lines", () => {
    for (const c of ['H4I539', 'H4I539ONLINE', 'L2I539', 'L2I539ONLINE']) expect(isDependentsLine(c)).toBe(true);
    for (const c of ['I129', 'DEPENDENTLEGAL', 'DEPI539', 'h4i539']) expect(isDependentsLine(c)).toBe(false);
  });

  it('R-FEE-008, D-21: the mask keeps at most 6 digits and the contract takes whole dollars 0..999999', () => {
    expect(maskFeeAmount('1,234.5678')).toBe('123456');
    expect(FeeAmountSchema.safeParse(999_999).success).toBe(true);
    for (const bad of [1_000_000, -1, 1.5]) expect(FeeAmountSchema.safeParse(bad).success).toBe(false);
  });

  it('R-FEE-018: perOrAllDependent may be true only on DEPENDENTLEGAL', () => {
    expect(hasPerOrAllChoice('DEPENDENTLEGAL')).toBe(true);
    expect(hasPerOrAllChoice('LEGAL')).toBe(false);
    const line = { name: 'x', amount: 1, perOrAllDependent: true };
    expect(FeeLineInputSchema.safeParse({ ...line, code: 'DEPENDENTLEGAL' }).success).toBe(true);
    expect(FeeLineInputSchema.safeParse({ ...line, code: 'LEGAL' }).success).toBe(false);
  });

  it('D-21: the button label is Update once fees exist, else Save', () => {
    expect(feeSaveLabel(true)).toBe('Update');
    expect(feeSaveLabel(false)).toBe('Save');
  });

  it('R-FEE-012: a rename changes every default-type line with the code, never a tenant line', () => {
    const groups = [
      { details: [{ code: 'LEGAL', name: 'Legal Fee', defType: true }] },
      {
        details: [
          { code: 'LEGAL', name: 'Legal Fee', defType: true },
          { code: 'LEGAL', name: 'Own', defType: false },
        ],
      },
    ];
    applyRenames(groups, [{ code: 'LEGAL', name: 'Attorney Fee' }]);
    expect(groups.flatMap((g) => g.details.map((d) => d.name))).toEqual(['Attorney Fee', 'Attorney Fee', 'Own']);
  });

  it('a code twice in one sub-type is refused', () => {
    const l = { code: 'LEGAL', name: 'Legal Fee', amount: 1 };
    expect(FeeGroupInputSchema.safeParse({ id: 1, details: [l, l] }).success).toBe(false);
  });

  it('issue 18: the schedule in force follows the effective dates, and no default line breaks the contract', () => {
    expect(scheduleOn('2024-03-31').id).toBe('uscis-2016');
    expect(scheduleOn('2024-04-01').id).toBe('uscis-2024');
    expect(scheduleOn('2026-02-28').id).toBe('uscis-2024');
    expect(scheduleOn('2026-03-01').id).toBe('uscis-2026');
    for (const s of FEE_SCHEDULES)
      for (const [type, sub] of [
        ['H1B', 'H1BCAP'],
        ['L1', 'L1ABLK'],
        ['N400', 'N400MI'],
        ['I765', 'EADC8'],
        ['PERM', 'PRMPRO'],
      ] as const) {
        const lines = s.linesFor(type, sub);
        const details = lines.map(({ source: _s, reduced: _r, amounts: _a, when: _w, ...l }) => l);
        expect(FeeGroupInputSchema.safeParse({ id: 1, details }).success).toBe(true);
        for (const l of lines) expect(l.source.length).toBeGreaterThan(0);
      }
  });
});
