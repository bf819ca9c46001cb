import type { ScheduleLine } from './schedule';

/**
 * Issue 34: the fee conditions a case's facts set (cases/facts.ts: premiumProcessing, employeeCount, nonprofit),
 * and what each does to the case's estimate. The schedule's own figures decide the amounts (schedule.ts
 * smallEmployerAmount, nonprofitAmount); a condition a schedule has no figure for changes nothing.
 */
export const SMALL_EMPLOYER_MAX = 25;
export const PREMIUM_CODE = 'PREMIUM';

export const FEE_CONDITIONS = ['premiumProcessing', 'smallEmployer', 'nonprofit'] as const;
export type FeeCondition = (typeof FEE_CONDITIONS)[number];
export const FEE_CONDITION_LABELS: Record<FeeCondition, string> = {
  premiumProcessing: 'Premium processing',
  smallEmployer: `Employer with ${SMALL_EMPLOYER_MAX} or fewer full-time employees`,
  nonprofit: 'Nonprofit employer',
};

/** The conditions a case's facts set (a fact not set sets none). */
export const feeConditionsOf = (facts: Record<string, unknown>): FeeCondition[] => {
  const out: FeeCondition[] = [];
  if (facts.premiumProcessing === true) out.push('premiumProcessing');
  if (typeof facts.employeeCount === 'number' && facts.employeeCount <= SMALL_EMPLOYER_MAX) out.push('smallEmployer');
  if (facts.nonprofit === true) out.push('nonprofit');
  return out;
};

/** The case's filing date, else the day it was opened: the day whose fee schedule applies. */
export const feeDayOf = (facts: Record<string, unknown>, openedOn: string): string =>
  typeof facts.filingDate === 'string' && facts.filingDate ? facts.filingDate : openedOn;

interface LineLike {
  code: string;
  amount: number;
}

/**
 * The estimate's lines under the conditions: the premium-processing line only when the case asks for it (added
 * from the schedule when the lines lack it), and a line the schedule reduces for a small or nonprofit employer at
 * the lowest amount that applies. `applied` lists the conditions that changed a line, in FEE_CONDITIONS order.
 */
export const applyFeeConditions = <L extends LineLike>(
  lines: readonly L[],
  schedule: readonly ScheduleLine[],
  conditions: readonly FeeCondition[],
  lineOf: (s: ScheduleLine) => L,
): { lines: L[]; applied: FeeCondition[] } => {
  const has = (c: FeeCondition) => conditions.includes(c);
  const applied = new Set<FeeCondition>();
  let out = lines.filter((l) => l.code !== PREMIUM_CODE || has('premiumProcessing'));
  if (has('premiumProcessing')) {
    const premium = schedule.find((s) => s.code === PREMIUM_CODE);
    if (out.some((l) => l.code === PREMIUM_CODE)) applied.add('premiumProcessing');
    else if (premium) {
      out = [...out, lineOf(premium)];
      applied.add('premiumProcessing');
    }
  }
  out = out.map((l) => {
    const s = schedule.find((x) => x.code === l.code);
    if (!s) return l;
    let amount = l.amount;
    let by: FeeCondition | null = null;
    for (const [c, reduced] of [
      ['smallEmployer', s.smallEmployerAmount],
      ['nonprofit', s.nonprofitAmount],
    ] as const) {
      if (has(c) && reduced !== undefined && reduced < amount) {
        amount = reduced;
        by = c;
      }
    }
    if (!by) return l;
    // Both conditions may lower a line; each that applies to a line the schedule reduces is said.
    for (const c of ['smallEmployer', 'nonprofit'] as const) {
      const reduced = c === 'smallEmployer' ? s.smallEmployerAmount : s.nonprofitAmount;
      if (has(c) && reduced !== undefined && reduced < l.amount) applied.add(c);
    }
    return { ...l, amount };
  });
  return { lines: out, applied: FEE_CONDITIONS.filter((c) => applied.has(c)) };
};
