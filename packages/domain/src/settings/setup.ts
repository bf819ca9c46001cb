import { z } from 'zod';
import { SETUP_STEPS, type SetupRoute, setupSteps } from './tabs';

export type SetupStepKey = (typeof SETUP_STEPS)[number]['key'];

/**
 * What makes each first-time setup step done (D-01, issue 15). Nothing is stored: the server reads the tenant's
 * own data every time, so a step is done exactly when its condition holds and no request can mark it done.
 * - Company Details: the profile has been saved complete (profComplted 'Yes', R-PROFILE-032).
 * - Workflows: the tenant's default workflow is configured and active (R-SHELL-045).
 * - Case Configuration: a case type is switched on together with at least one of its sub-types, i.e. the
 *   tenant can open a case (the cases page offers only such sub-types).
 */
export type SetupFacts = Record<SetupStepKey, boolean>;

/** What the user still has to do on a step that is not done; the footer shows it beside the disabled button. */
export const SETUP_STEP_TODO: Record<SetupStepKey, string> = {
  profile: 'Fill in every required field of Company Details and save them to finish this step.',
  workflow: 'Walk through the three workflow steps and press Complete Setup to finish this step.',
  questionnarie: 'Switch on at least one case type and one of its sub-types to finish this step.',
};

export const SetupStepSchema = z.object({
  // Marked pure so the web bundle, which takes only the rules from this module, leaves zod out (vite.config.ts).
  key: z.enum(/* @__PURE__ */ SETUP_STEPS.map((s) => s.key) as [SetupStepKey, ...SetupStepKey[]]),
  label: z.string(),
  done: z.boolean(),
});
/** POST /api/tenant/setup-progress: every step of basic-settings with its state; `complete` when all are done. */
export const SetupProgressSchema = z.object({ steps: z.array(SetupStepSchema), complete: z.boolean() });
export type SetupProgress = z.infer<typeof SetupProgressSchema>;
export type SetupStepProgress = SetupProgress['steps'][number];

/** The steps of a setup route with their state; the route is complete only when every one of its steps is. */
export const setupProgress = (route: SetupRoute, facts: SetupFacts): SetupProgress => {
  const steps = setupSteps(route).map((s) => ({ key: s.key, label: s.label, done: facts[s.key] }));
  return { steps, complete: steps.every((s) => s.done) };
};

/** The facts back from a progress answer (the web narrows the server's basic-settings answer to its route). */
export const setupFactsOf = (progress: SetupProgress): SetupFacts =>
  Object.fromEntries(
    SETUP_STEPS.map((s) => [s.key, !!progress.steps.find((p) => p.key === s.key)?.done]),
  ) as SetupFacts;
