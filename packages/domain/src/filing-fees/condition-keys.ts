/** The fee conditions a schedule line may name (conditions.ts says what sets each; schedule.ts uses them). */
export const FEE_CONDITIONS = [
  'premiumProcessing',
  'smallEmployer',
  'nonprofit',
  'acwiaExempt',
  'beneficiaryAbroad',
  'pl114113Employer',
  'dependants',
  'onlineFiling',
] as const;
export type FeeCondition = (typeof FEE_CONDITIONS)[number];
