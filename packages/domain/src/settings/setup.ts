import { z } from 'zod';
import { joinedWithAnd } from '../text/words';
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
  /**
   * Issue 38 finding 6: what the tenant's data shows of the step so far, in words (Case Configuration: what
   * the platform's defaults set and what is left), since 'done' alone hides that nobody configured anything.
   */
  note: z.string().optional(),
});
/** POST /api/tenant/setup-progress: every step of basic-settings with its state; `complete` when all are done. */
export const SetupProgressSchema = z.object({ steps: z.array(SetupStepSchema), complete: z.boolean() });
export type SetupProgress = z.infer<typeof SetupProgressSchema>;
export type SetupStepProgress = SetupProgress['steps'][number];

/** The steps of a setup route with their state; the route is complete only when every one of its steps is. */
export const setupProgress = (
  route: SetupRoute,
  facts: SetupFacts,
  notes: Partial<Record<SetupStepKey, string>> = {},
): SetupProgress => {
  const steps = setupSteps(route).map((s) => {
    const note = notes[s.key];
    return { key: s.key, label: s.label, done: facts[s.key], ...(note ? { note } : {}) };
  });
  return { steps, complete: steps.every((s) => s.done) };
};

/** The facts back from a progress answer (the web narrows the server's basic-settings answer to its route). */
export const setupFactsOf = (progress: SetupProgress): SetupFacts =>
  Object.fromEntries(
    SETUP_STEPS.map((s) => [s.key, !!progress.steps.find((p) => p.key === s.key)?.done]),
  ) as SetupFacts;

/**
 * Issue 38 finding 6: the tenant's Case Configuration as the server reads it. A tenant created by the platform
 * starts from the platform's default configurations (issue 21), so its step is done before anyone in the firm
 * looked at it; these counts let the step say so.
 */
export interface CaseConfigurationState {
  /** The case types switched on together with at least one of their sub-types (a case can be opened), by name. */
  typesOn: string[];
  /** The sub-types switched on under those case types. */
  subTypesOn: number;
  /** Of those, the ones with a configuration: their questionnaire (and forms and letters). */
  subTypesConfigured: number;
  /** Of those on, the ones the platform's defaults switched on (and configured) and nobody has changed since. */
  subTypesFromDefaults: number;
}

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** 'A', 'A and B', 'A, B and C', 'A, B, C and 2 more'. */
const named = (names: readonly string[]) => {
  const shown = names.length > 3 ? [...names.slice(0, 3), `${names.length - 3} more`] : [...names];
  return joinedWithAnd(shown);
};

/** What the Case Configuration step has so far and what is left, in a few sentences (issue 38 finding 6). */
export const caseConfigurationNote = (state: CaseConfigurationState): string => {
  const { typesOn, subTypesOn, subTypesConfigured, subTypesFromDefaults } = state;
  if (typesOn.length === 0 || subTypesOn === 0)
    return (
      'No case type is switched on yet, so there is nothing to open a case for. Left to do: switch on the case ' +
      'types your firm files and at least one sub-type of each, and choose the questionnaire of each sub-type.'
    );
  const types = `${counted(typesOn.length, 'case type')} (${named(typesOn)})`;
  const subTypes = counted(subTypesOn, 'sub-type');
  const missing = subTypesOn - subTypesConfigured;
  const choose = `choose a questionnaire for the ${counted(missing, 'sub-type')} without one`;
  if (subTypesFromDefaults === subTypesOn) {
    const set =
      missing === 0
        ? subTypesOn === 1
          ? 'with its questionnaire'
          : 'each with its questionnaire'
        : subTypesConfigured === 0
          ? 'none of them with a questionnaire yet'
          : `${subTypesConfigured} of them with a questionnaire`;
    return (
      `The platform's defaults switched on ${types} with ${subTypes}, ${set}; nobody in your firm has changed ` +
      'them yet. Left to do: check that these are the case types your firm files (switch on the others it files, ' +
      `switch off any it does not)${missing ? `, ${choose}` : ''} and review each sub-type's questionnaire, forms and letters.`
    );
  }
  const defaults = subTypesFromDefaults ? ` (${subTypesFromDefaults} still as the platform's defaults set them)` : '';
  const configured =
    missing === 0
      ? `${subTypesOn === 1 ? 'it has' : 'each has'} its questionnaire${defaults}`
      : subTypesConfigured === 0
        ? 'none has a questionnaire yet'
        : `${subTypesConfigured} of them ${subTypesConfigured === 1 ? 'has' : 'have'} a questionnaire${defaults}`;
  const isAre = typesOn.length === 1 ? 'is' : 'are';
  return (
    `${types} ${isAre} on with ${subTypes}; ${configured}. ` +
    (missing
      ? `Left to do: ${choose}.`
      : 'Nothing is left to do here; switch on more case types whenever your firm files them.')
  );
};
