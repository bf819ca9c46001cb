import { Role, type RoleId } from '../auth/roles';

/** R-FEE-019: these lines are labelled '(Dependents)'. */
export const DEPENDENT_CODES: readonly string[] = ['H4I539', 'H4I539ONLINE', 'L2I539', 'L2I539ONLINE'];
export const isDependentsLine = (code: string): boolean => DEPENDENT_CODES.includes(code);
export const DEPENDENTS_LABEL = '(Dependents)';

/** R-FEE-018: the per-dependent / all-dependents choice exists only on this code. */
export const DEPENDENT_LEGAL_CODE = 'DEPENDENTLEGAL';
export const hasPerOrAllChoice = (code: string | undefined): boolean => code === DEPENDENT_LEGAL_CODE;
/** R-FEE-017: false = per dependent, true = all dependents together. */
export const PER_OR_ALL_LABELS = { false: 'Per Dependent', true: 'All Dependents' } as const;

/** R-FEE-021: the case types role 50 does not get in filing fees. */
export const ROLE50_EXCLUDED_TYPE_IDS: readonly number[] = [15, 16, 17, 18, 4, 20, 19, 21];
/** R-FEE-022: role 50 and case type 3 get only these sub-types. */
export const ROLE50_TYPE3_SUB_TYPE_IDS: readonly number[] = [15, 16];

export const feeCaseTypesFor = <T extends { id: number }>(roleId: RoleId, types: readonly T[]): T[] =>
  roleId === Role.Petitioner ? types.filter((t) => !ROLE50_EXCLUDED_TYPE_IDS.includes(t.id)) : [...types];

export const feeSubTypesFor = <T extends { id: number }>(
  roleId: RoleId,
  typeId: number,
  subTypes: readonly T[],
): T[] =>
  roleId === Role.Petitioner && typeId === 3
    ? subTypes.filter((s) => ROLE50_TYPE3_SUB_TYPE_IDS.includes(s.id))
    : [...subTypes];

/** R-FEE-008: the amount mask: digits only, at most 6. */
export const maskFeeAmount = (raw: string): string => raw.replace(/\D/g, '').slice(0, 6);

/** D-21: 'Update' once fees exist for the case type, else 'Save'. */
export const feeSaveLabel = (alreadyExisted: boolean): 'Update' | 'Save' => (alreadyExisted ? 'Update' : 'Save');

/**
 * R-FEE-012: a saved rename renames every default-type line with that code (`changeItems`), in every group.
 */
export const applyRenames = <L extends { code?: string; name: string; defType: boolean }>(
  groups: readonly { details: readonly L[] }[],
  renames: readonly { code: string; name: string }[],
): void => {
  const byCode = new Map(renames.map((r) => [r.code, r.name]));
  for (const g of groups)
    for (const l of g.details) {
      const name = l.code ? byCode.get(l.code) : undefined;
      if (l.defType && name !== undefined) l.name = name;
    }
};

/** Paper-filing total of an estimate: online alternatives are not added. */
export const estimateTotal = (lines: readonly { amount: number; online: boolean }[]): number =>
  lines.filter((l) => !l.online).reduce((sum, l) => sum + l.amount, 0);

/**
 * Issue 36: a firm's saved versions (first days, oldest first) on a day, newest first: the one in force (the
 * latest on or before the day), the upcoming ones (after it) and the past ones.
 */
export const versionStatuses = (
  versions: readonly string[],
  today: string,
): { effectiveFrom: string; status: 'in force' | 'upcoming' | 'past' }[] => {
  const inForce = [...versions].reverse().find((v) => v <= today);
  return [...versions]
    .reverse()
    .map((v) => ({ effectiveFrom: v, status: v === inForce ? 'in force' : v > today ? 'upcoming' : 'past' }));
};
