import { describe, expect, it } from 'vitest';
import { applyFeeConditions, feeConditionsOf, feeDayOf } from './conditions';
import { scheduleOn } from './schedule';

const h1bCap = scheduleOn('2026-01-15').linesFor('H1B', 'H1BCAP');
const lineOf = (s: { code: string; amount: number }) => ({ code: s.code, amount: s.amount });
const base = h1bCap.map(lineOf);
const amountOf = (lines: { code: string; amount: number }[], code: string) =>
  lines.find((l) => l.code === code)?.amount;

describe('the fee conditions a case sets (issue 34)', () => {
  it('issue 34: the facts set premium processing, a small employer (25 or fewer) and a nonprofit', () => {
    expect(feeConditionsOf({})).toEqual([]);
    expect(feeConditionsOf({ premiumProcessing: true, employeeCount: 25, nonprofit: true })).toEqual([
      'premiumProcessing',
      'smallEmployer',
      'nonprofit',
    ]);
    expect(feeConditionsOf({ premiumProcessing: false, employeeCount: 26, nonprofit: false })).toEqual([]);
  });

  it('issue 34: the schedule in force on the filing date, else on the day the case was opened', () => {
    expect(feeDayOf({ filingDate: '2024-03-01' }, '2026-01-01')).toBe('2024-03-01');
    expect(feeDayOf({}, '2026-01-01')).toBe('2026-01-01');
  });

  it('issue 34: premium processing adds the premium line; without it the line is left out', () => {
    const without = applyFeeConditions(base, h1bCap, [], lineOf);
    expect(amountOf(without.lines, 'PREMIUM')).toBeUndefined();
    expect(without.applied).toEqual([]);
    const withPremium = applyFeeConditions(
      base.filter((l) => l.code !== 'PREMIUM'),
      h1bCap,
      ['premiumProcessing'],
      lineOf,
    );
    expect(amountOf(withPremium.lines, 'PREMIUM')).toBe(2805);
    expect(withPremium.applied).toEqual(['premiumProcessing']);
  });

  it('issue 34: a small employer pays the reduced I-129, ACWIA and asylum amounts; a nonprofit no asylum fee', () => {
    const small = applyFeeConditions(base, h1bCap, ['smallEmployer'], lineOf);
    expect([amountOf(small.lines, 'I129'), amountOf(small.lines, 'ACWIA'), amountOf(small.lines, 'ASYLUMFEE')]).toEqual(
      [460, 750, 300],
    );
    expect(small.applied).toEqual(['smallEmployer']);
    const nonprofit = applyFeeConditions(base, h1bCap, ['nonprofit'], lineOf);
    expect([
      amountOf(nonprofit.lines, 'I129'),
      amountOf(nonprofit.lines, 'ACWIA'),
      amountOf(nonprofit.lines, 'ASYLUMFEE'),
    ]).toEqual([460, 1500, 0]);
    // Both: the lowest amount of each line.
    const both = applyFeeConditions(base, h1bCap, ['smallEmployer', 'nonprofit'], lineOf);
    expect([amountOf(both.lines, 'ACWIA'), amountOf(both.lines, 'ASYLUMFEE')]).toEqual([750, 0]);
    expect(both.applied).toEqual(['smallEmployer', 'nonprofit']);
  });

  it('issue 34: a schedule without reduced figures (the 2016 one) changes nothing for a small employer', () => {
    const old = scheduleOn('2020-01-01').linesFor('H1B', 'H1BCAP');
    const r = applyFeeConditions(old.map(lineOf), old, ['smallEmployer', 'nonprofit'], lineOf);
    expect(r.lines).toEqual(old.map(lineOf).filter((l) => l.code !== 'PREMIUM'));
    expect(r.applied).toEqual([]);
  });
});
