import { FEE_CONDITIONS, type FeeCondition } from './condition-keys';
import type { ScheduleLine } from './schedule';

export { FEE_CONDITIONS, type FeeCondition } from './condition-keys';

/**
 * Issue 34 and 36: the fee conditions a case's facts set (cases/facts.ts), and what each does to the case's
 * estimate. A schedule line says the conditions it applies under (`when`) and the amounts it takes under them
 * (`amounts`); the figures are the schedule's. A condition is met, not met, or not known (the fact is not set):
 * the estimate asks for the ones it does not know and shows which condition chose each line.
 */
export const SMALL_EMPLOYER_MAX = 25;
/** Pub. L. 114-113 Div. O §402(g): 50 or more employees in the US, more than half in H-1B or L status. */
export const PL114113_MIN_EMPLOYEES = 50;
export const PREMIUM_CODE = 'PREMIUM';
export const ONLINE_SUFFIX = 'ONLINE';

export const FEE_CONDITION_LABELS: Record<FeeCondition, string> = {
  premiumProcessing: 'Premium processing',
  smallEmployer: `Employer with ${SMALL_EMPLOYER_MAX} or fewer full-time employees`,
  nonprofit: 'Nonprofit employer',
  acwiaExempt: 'Employer exempt from the ACWIA fee (INA 214(c)(9))',
  beneficiaryAbroad: 'Beneficiary abroad or consular notification',
  pl114113Employer: `Employer with ${PL114113_MIN_EMPLOYEES} or more employees, more than half in H-1B or L status`,
  dependants: 'Dependants',
  onlineFiling: 'Filed online',
};
/** The facts a condition reads: the ones the estimate asks for when it is not known. */
export const FEE_CONDITION_FACTS: Record<FeeCondition, readonly string[]> = {
  premiumProcessing: ['premiumProcessing'],
  smallEmployer: ['employeeCount'],
  nonprofit: ['nonprofit'],
  acwiaExempt: ['capExempt'],
  beneficiaryAbroad: ['processingRoute'],
  pl114113Employer: ['employeeCount', 'h1bLMajority'],
  dependants: ['dependentCount'],
  onlineFiling: ['filingMethod'],
};

/** Met (true), not met (false) or not known (null), by condition. */
export type FeeConditionStates = Record<FeeCondition, boolean | null>;

const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
const count = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** The conditions' states from a case's facts (a fact not set leaves its condition not known). */
export const feeConditionStates = (facts: Record<string, unknown>): FeeConditionStates => {
  const employees = count(facts.employeeCount);
  const majority = bool(facts.h1bLMajority);
  const dependants = count(facts.dependentCount);
  const route = facts.processingRoute;
  return {
    premiumProcessing: bool(facts.premiumProcessing),
    smallEmployer: employees === null ? null : employees <= SMALL_EMPLOYER_MAX,
    nonprofit: bool(facts.nonprofit),
    acwiaExempt: bool(facts.capExempt),
    beneficiaryAbroad: route === 'Consular notification' ? true : route === 'Change of status' ? false : null,
    pl114113Employer:
      employees !== null && employees < PL114113_MIN_EMPLOYEES
        ? false
        : majority === false
          ? false
          : employees !== null && majority === true
            ? true
            : null,
    dependants: dependants === null ? null : dependants > 0,
    onlineFiling: facts.filingMethod === 'Online' ? true : facts.filingMethod === 'Paper' ? false : null,
  };
};

/** Issue 34: the conditions a case's facts meet, in FEE_CONDITIONS order. */
export const feeConditionsOf = (facts: Record<string, unknown>): FeeCondition[] => {
  const states = feeConditionStates(facts);
  return FEE_CONDITIONS.filter((c) => states[c] === true);
};

/** The case's filing date, else the day it was opened: the day whose fee schedule applies. */
export const feeDayOf = (facts: Record<string, unknown>, openedOn: string): string =>
  typeof facts.filingDate === 'string' && facts.filingDate ? facts.filingDate : openedOn;

interface LineLike {
  code: string;
  amount: number;
  online: boolean;
  allowMultiple: boolean;
}

/**
 * Issue 36: a firm's USCIS line that kept the platform's amount of its version's first day follows the platform
 * on the estimate's day (a government fee the firm did not set: a version saved in 2024 quotes the 2026 premium);
 * one the firm changed keeps the firm's amount.
 */
export const followPlatform = <L extends { code: string; amount: number; type: string; id?: string | null }>(
  lines: readonly L[],
  atVersion: readonly ScheduleLine[],
  onDay: readonly ScheduleLine[],
): L[] =>
  lines.map((l) => {
    if (l.type !== 'USCIS') return l;
    const then = atVersion.find((s) => s.code === l.code);
    const now = onDay.find((s) => s.code === l.code);
    return then && now && then.amount === l.amount && now.amount !== l.amount ? { ...l, amount: now.amount } : l;
  });

/** A line of the estimate: its amount (unit × quantity), the condition that chose it and its source. */
export type EstimatedLine<L> = L & {
  quantity: number;
  unitAmount: number;
  condition: { key: FeeCondition; label: string } | null;
  source: string;
};

/** A condition the estimate does not know: what it would change. */
export interface FeeQuestion {
  key: FeeCondition;
  label: string;
  facts: readonly string[];
  /** The lines it decides, e.g. 'Premium Processing (I-907): $2,965 if yes'. */
  effects: string[];
}

const usd = (n: number) => `$${n.toLocaleString('en-US')}`;

/**
 * Issue 36: the estimate's lines under the case's conditions. A line with `when` is there only when its condition
 * is met (added from the platform's lines when the firm's version lacks it; left out and asked while not known);
 * a line with `amounts` takes the lowest amount whose condition is met; per-dependant lines count the
 * dependants; online alternatives replace their paper lines when the case is filed online, else are left out
 * (shown while not known, out of the total). `firmSource` names the firm's own lines and amounts.
 */
export const estimateLines = <L extends LineLike>(
  lines: readonly L[],
  platform: readonly ScheduleLine[],
  facts: Record<string, unknown>,
  lineOf: (s: ScheduleLine) => L,
  firmSource: string,
): {
  lines: EstimatedLine<L>[];
  applied: FeeCondition[];
  questions: FeeQuestion[];
  total: number;
  filedOnline: boolean;
} => {
  const states = feeConditionStates(facts);
  const applied = new Set<FeeCondition>();
  const asked = new Map<FeeCondition, string[]>();
  const ask = (c: FeeCondition, effect: string) => asked.set(c, [...(asked.get(c) ?? []), effect]);
  const rule = (code: string) => platform.find((s) => s.code === code);
  const dependants = typeof facts.dependentCount === 'number' ? facts.dependentCount : 0;

  // Lines whose condition is met (or not known: to ask) but which the firm's version lacks come from the platform.
  const all: L[] = [...lines];
  for (const s of platform)
    if (s.when && states[s.when] !== false && !all.some((l) => l.code === s.code)) all.push(lineOf(s));

  const out: EstimatedLine<L>[] = [];
  for (const l of all) {
    const s = rule(l.code);
    let condition: FeeCondition | null = null;
    if (s?.when) {
      const state = states[s.when];
      if (state === null) ask(s.when, `${s.name}: ${usd(l.amount)}${l.allowMultiple ? ' each' : ''} if yes`);
      if (state !== true) continue;
      condition = s.when;
    }
    // Online or paper: an online alternative replaces its paper line when the case is filed online.
    const isAlternative = l.online && l.code.endsWith(ONLINE_SUFFIX);
    const hasAlternative = !l.online && all.some((x) => x.online && x.code === `${l.code}${ONLINE_SUFFIX}`);
    if (isAlternative) {
      if (states.onlineFiling === false) continue;
      if (states.onlineFiling === null)
        ask('onlineFiling', `${s?.name ?? l.code}: ${usd(l.amount)} instead of the paper fee`);
      else condition ??= 'onlineFiling';
    }
    if (hasAlternative && states.onlineFiling === true) continue;
    let unit = l.amount;
    for (const a of s?.amounts ?? [])
      if (states[a.condition] === true && a.amount < unit) {
        unit = a.amount;
        condition = a.condition;
      }
    for (const a of s?.amounts ?? [])
      if (states[a.condition] === null && a.amount < unit)
        ask(a.condition, `${s?.name ?? l.code}: ${usd(a.amount)} instead of ${usd(unit)} if yes`);
    const quantity = l.allowMultiple && s?.when === 'dependants' ? dependants : 1;
    if (condition) applied.add(condition);
    const ownAmount = !s || s.type === 'other' || s.amount !== l.amount;
    out.push({
      ...l,
      amount: unit * quantity,
      unitAmount: unit,
      quantity,
      condition: condition ? { key: condition, label: FEE_CONDITION_LABELS[condition] } : null,
      source: ownAmount ? firmSource : s.source,
    });
  }
  // Filed online: the online lines count; otherwise the paper ones.
  const total = out
    .filter((l) => (states.onlineFiling === true ? true : !l.online))
    .reduce((sum, l) => sum + l.amount, 0);
  return {
    lines: out,
    applied: FEE_CONDITIONS.filter((c) => applied.has(c)),
    questions: FEE_CONDITIONS.filter((c) => asked.has(c)).map((key) => ({
      key,
      label: FEE_CONDITION_LABELS[key],
      facts: FEE_CONDITION_FACTS[key],
      effects: asked.get(key) ?? [],
    })),
    total,
    filedOnline: states.onlineFiling === true,
  };
};
