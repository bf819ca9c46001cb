import { describe, expect, it } from 'vitest';
import { estimateLines, feeConditionStates, feeConditionsOf, feeDayOf } from './conditions';
import { platformLinesOn, type ScheduleLine } from './schedule';

const lineOf = (s: ScheduleLine) => ({
  code: s.code,
  amount: s.amount,
  online: !!s.online,
  allowMultiple: !!s.allowMultiple,
});
/** The estimate of a sub-type on a day from the platform's lines (no firm version), under the facts. */
const estimate = (day: string, type: string, sub: string, facts: Record<string, unknown>) => {
  const platform = platformLinesOn(day, type, sub);
  return estimateLines(platform.map(lineOf), platform, facts, lineOf, 'Set by the law firm');
};
const amountOf = (e: { lines: { code: string; amount: number }[] }, code: string) =>
  e.lines.find((l) => l.code === code)?.amount;
const conditionOf = (e: { lines: { code: string; condition: { key: string } | null }[] }, code: string) =>
  e.lines.find((l) => l.code === code)?.condition?.key ?? null;

/** A large H-1B employer, not a nonprofit, not exempt, no dependants, paper filing. */
const LARGE = {
  employeeCount: 400,
  nonprofit: false,
  capExempt: false,
  h1bLMajority: false,
  dependentCount: 0,
  filingMethod: 'Paper',
};

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
});

describe('the 2026 schedule and the dated proclamation line (issue 36)', () => {
  it('issue 36: premium processing is $2,805 on 2026-02-28 and $2,965 on 2026-03-01, for H-1B and I-140', () => {
    const asked = { ...LARGE, premiumProcessing: true };
    expect(amountOf(estimate('2026-02-28', 'H1B', 'H1BCAP', asked), 'PREMIUM')).toBe(2805);
    expect(amountOf(estimate('2026-03-01', 'H1B', 'H1BCAP', asked), 'PREMIUM')).toBe(2965);
    expect(amountOf(estimate('2026-02-28', 'I140', 'EB2', asked), 'PREMIUM')).toBe(2805);
    expect(amountOf(estimate('2026-03-01', 'I140', 'EB2', asked), 'PREMIUM')).toBe(2965);
    const after = estimate('2026-03-01', 'H1B', 'H1BCAP', asked).lines.find((l) => l.code === 'PREMIUM');
    expect(after?.source).toContain('91 FR 1059');
    expect(after?.condition?.key).toBe('premiumProcessing');
    // Not asked: no premium line.
    expect(
      amountOf(estimate('2026-03-01', 'H1B', 'H1BCAP', { ...LARGE, premiumProcessing: false }), 'PREMIUM'),
    ).toBeUndefined();
  });

  it('issue 36: the proclamation payment is 0 on 2025-09-20 and $100,000 on 2025-09-21 for a beneficiary abroad; none for a change of status', () => {
    const abroad = { ...LARGE, processingRoute: 'Consular notification' };
    const inside = { ...LARGE, processingRoute: 'Change of status' };
    expect(amountOf(estimate('2025-09-20', 'H1B', 'H1BCAP', abroad), 'H1BPROCLAMATION') ?? 0).toBe(0);
    expect(amountOf(estimate('2025-09-21', 'H1B', 'H1BCAP', abroad), 'H1BPROCLAMATION')).toBe(100000);
    expect(conditionOf(estimate('2025-09-21', 'H1B', 'H1BCAP', abroad), 'H1BPROCLAMATION')).toBe('beneficiaryAbroad');
    expect(amountOf(estimate('2025-09-21', 'H1B', 'H1BCAP', inside), 'H1BPROCLAMATION')).toBeUndefined();
    // Not for an extension or an amendment, wherever the beneficiary is.
    expect(amountOf(estimate('2026-03-01', 'H1B', 'H1BEXT', abroad), 'H1BPROCLAMATION')).toBeUndefined();
    expect(amountOf(estimate('2026-03-01', 'H1B', 'H1BAMD', abroad), 'H1BPROCLAMATION')).toBeUndefined();
    // The total counts it: $100,000 more than the same case inside the US.
    expect(estimate('2026-03-01', 'H1B', 'H1BCAP', abroad).total).toBe(
      estimate('2026-03-01', 'H1B', 'H1BCAP', inside).total + 100000,
    );
  });

  it('issue 36: the proclamation line ends on its last day, 2026-09-20, until the platform administrator extends it', () => {
    expect(platformLinesOn('2026-09-20', 'H1B', 'H1BCAP').some((l) => l.code === 'H1BPROCLAMATION')).toBe(true);
    expect(platformLinesOn('2026-09-21', 'H1B', 'H1BCAP').some((l) => l.code === 'H1BPROCLAMATION')).toBe(false);
    const extended = { H1BPROCLAMATION: '2027-09-20' };
    expect(
      platformLinesOn('2026-09-21', 'H1B', 'H1BCAP', extended).find((l) => l.code === 'H1BPROCLAMATION')?.amount,
    ).toBe(100000);
  });
});

describe('conditions, not notes (issue 36)', () => {
  it('issue 36: a small employer (25 or fewer FTE) pays I-129 $460, ACWIA $750 and the Asylum Program Fee $300', () => {
    const e = estimate('2026-03-01', 'H1B', 'H1BCAP', { ...LARGE, employeeCount: 25 });
    expect([amountOf(e, 'I129'), amountOf(e, 'ACWIA'), amountOf(e, 'ASYLUMFEE')]).toEqual([460, 750, 300]);
    expect([conditionOf(e, 'I129'), conditionOf(e, 'ACWIA'), conditionOf(e, 'ASYLUMFEE')]).toEqual([
      'smallEmployer',
      'smallEmployer',
      'smallEmployer',
    ]);
    const large = estimate('2026-03-01', 'H1B', 'H1BCAP', LARGE);
    expect([amountOf(large, 'I129'), amountOf(large, 'ACWIA'), amountOf(large, 'ASYLUMFEE')]).toEqual([780, 1500, 600]);
    expect(conditionOf(large, 'I129')).toBeNull();
  });

  it('issue 36: a nonprofit pays no Asylum Program Fee and I-129 $460; ACWIA is $0 only where INA 214(c)(9) exempts the employer', () => {
    const nonprofit = estimate('2026-03-01', 'H1B', 'H1BCAP', { ...LARGE, nonprofit: true });
    expect([amountOf(nonprofit, 'ASYLUMFEE'), amountOf(nonprofit, 'I129'), amountOf(nonprofit, 'ACWIA')]).toEqual([
      0, 460, 1500,
    ]);
    expect(conditionOf(nonprofit, 'ASYLUMFEE')).toBe('nonprofit');
    const exempt = estimate('2026-03-01', 'H1B', 'H1BCAP', { ...LARGE, nonprofit: true, capExempt: true });
    expect(amountOf(exempt, 'ACWIA')).toBe(0);
    expect(conditionOf(exempt, 'ACWIA')).toBe('acwiaExempt');
  });

  it('issue 36: Pub. L. 114-113 ($4,000 H-1B) applies only with 50 or more employees, more than half in H-1B or L status', () => {
    const of = (facts: Record<string, unknown>) =>
      amountOf(estimate('2026-03-01', 'H1B', 'H1BCAP', { ...LARGE, ...facts }), 'PL114113');
    expect(of({ employeeCount: 50, h1bLMajority: true })).toBe(4000);
    expect(of({ employeeCount: 49, h1bLMajority: true })).toBeUndefined();
    expect(of({ employeeCount: 400, h1bLMajority: false })).toBeUndefined();
    expect(
      conditionOf(
        estimate('2026-03-01', 'H1B', 'H1BCAP', { ...LARGE, employeeCount: 60, h1bLMajority: true }),
        'PL114113',
      ),
    ).toBe('pl114113Employer');
  });

  it('issue 36: the dependants count multiplies the per-dependant fees; none without dependants', () => {
    const two = estimate('2026-03-01', 'H1B', 'H1BEXT', { ...LARGE, dependentCount: 2 });
    expect(two.lines.find((l) => l.code === 'H4I539')).toMatchObject({ quantity: 2, unitAmount: 470, amount: 940 });
    expect(amountOf(estimate('2026-03-01', 'H1B', 'H1BEXT', LARGE), 'H4I539')).toBeUndefined();
  });

  it('issue 36: filed online, the online fee replaces the paper one in the total; on paper the online line is left out', () => {
    const facts = { ...LARGE, dependentCount: 1 };
    const paper = estimate('2026-03-01', 'H1B', 'H1BEXT', facts);
    const online = estimate('2026-03-01', 'H1B', 'H1BEXT', { ...facts, filingMethod: 'Online' });
    expect(amountOf(paper, 'H4I539')).toBe(470);
    expect(amountOf(paper, 'H4I539ONLINE')).toBeUndefined();
    expect(amountOf(online, 'H4I539')).toBeUndefined();
    expect(amountOf(online, 'H4I539ONLINE')).toBe(420);
    expect(conditionOf(online, 'H4I539ONLINE')).toBe('dependants');
    // I-539 470 → 420 and I-765 520 → 470 online.
    expect(paper.total - online.total).toBe(50 + 50);
  });

  it('issue 36: what the facts do not say, the estimate asks, with what each answer would change', () => {
    const e = estimate('2026-03-01', 'H1B', 'H1BCAP', {});
    expect(e.questions.map((q) => q.key)).toEqual([
      'premiumProcessing',
      'smallEmployer',
      'nonprofit',
      'acwiaExempt',
      'beneficiaryAbroad',
      'pl114113Employer',
      'dependants',
    ]);
    // Online alternatives of the dependants' fees are asked once dependants are known.
    expect(estimate('2026-03-01', 'H1B', 'H1BCAP', { dependentCount: 1 }).questions.map((q) => q.key)).toContain(
      'onlineFiling',
    );
    const premium = e.questions.find((q) => q.key === 'premiumProcessing');
    expect(premium).toMatchObject({
      facts: ['premiumProcessing'],
      effects: ['Premium Processing (I-907): $2,965 if yes'],
    });
    expect(e.questions.find((q) => q.key === 'beneficiaryAbroad')?.effects).toEqual([
      'H-1B Proclamation Payment: $100,000 if yes',
    ]);
    // A known case asks nothing.
    expect(
      estimate('2026-03-01', 'H1B', 'H1BCAP', {
        ...LARGE,
        premiumProcessing: false,
        processingRoute: 'Change of status',
      }).questions,
    ).toEqual([]);
    expect(feeConditionStates({ employeeCount: 10 }).pl114113Employer).toBe(false);
  });
});
