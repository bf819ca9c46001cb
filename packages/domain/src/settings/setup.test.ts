import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseConfigurationNote, type SetupFacts, setupFactsOf, setupProgress } from './setup';

const facts = (over: Partial<SetupFacts> = {}): SetupFacts => ({
  profile: false,
  workflow: false,
  questionnarie: false,
  ...over,
});

describe('first-time setup progress (D-01, issue 15)', () => {
  it('D-01: each basic-settings step is done only when its own condition holds', () => {
    const p = setupProgress('basic-settings', facts({ workflow: true }));
    expect(p.steps).toEqual([
      { key: 'profile', label: 'Company Details', done: false },
      { key: 'workflow', label: 'Workflows', done: true },
      { key: 'questionnarie', label: 'Case Configuration', done: false },
    ]);
    expect(p.complete).toBe(false);
  });

  it('D-01: setup completes only when every step of the route is done', () => {
    expect(setupProgress('basic-settings', facts({ profile: true, workflow: true })).complete).toBe(false);
    expect(
      setupProgress('basic-settings', facts({ profile: true, workflow: true, questionnarie: true })).complete,
    ).toBe(true);
  });

  it('R-SHELL-011: basic-configuration has 2 steps and completes with those two', () => {
    const p = setupProgress('basic-configuration', facts({ profile: true, workflow: true }));
    expect(p.steps.map((s) => s.key)).toEqual(['profile', 'workflow']);
    expect(p.complete).toBe(true);
  });

  it('complete is true exactly when no step is undone, on both routes (property test)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (profile, workflow, questionnarie) => {
        const f = { profile, workflow, questionnarie };
        for (const route of ['basic-settings', 'basic-configuration'] as const) {
          const p = setupProgress(route, f);
          expect(p.complete).toBe(p.steps.every((s) => s.done));
          expect(setupFactsOf(setupProgress('basic-settings', f))).toEqual(f);
        }
      }),
    );
  });
});

describe("issue 38 finding 6: the Case Configuration step says what the platform's defaults set and what is left", () => {
  const DEMO_TYPES = [
    'H-1B Specialty Occupation',
    'I-130 Petition for Alien Relative',
    'N-400 Application for Naturalization',
  ];

  it("a brand-new tenant's defaults: which case types they switched on, that nobody changed them, what to check", () => {
    expect(
      caseConfigurationNote({ typesOn: DEMO_TYPES, subTypesOn: 16, subTypesConfigured: 16, subTypesFromDefaults: 16 }),
    ).toBe(
      "The platform's defaults switched on 3 case types (H-1B Specialty Occupation, I-130 Petition for Alien " +
        'Relative and N-400 Application for Naturalization) with 16 sub-types, each with its questionnaire; nobody ' +
        'in your firm has changed them yet. Left to do: check that these are the case types your firm files (switch ' +
        "on the others it files, switch off any it does not) and review each sub-type's questionnaire, forms and letters.",
    );
  });

  it('defaults without a questionnaire for some sub-types: choosing one is left to do', () => {
    const note = caseConfigurationNote({
      typesOn: ['H-1B Specialty Occupation'],
      subTypesOn: 4,
      subTypesConfigured: 3,
      subTypesFromDefaults: 4,
    });
    expect(note).toContain(
      "The platform's defaults switched on 1 case type (H-1B Specialty Occupation) with 4 sub-types, 3 of them with a questionnaire;",
    );
    expect(note).toContain('choose a questionnaire for the 1 sub-type without one');
  });

  it('nothing switched on: nothing was set, and what to switch on is left', () => {
    const note = caseConfigurationNote({ typesOn: [], subTypesOn: 0, subTypesConfigured: 0, subTypesFromDefaults: 0 });
    expect(note).toMatch(/^No case type is switched on yet/);
    expect(note).toContain('Left to do: switch on the case types your firm files and at least one sub-type of each');
  });

  it("the firm's own changes: counts what is on, how much is still the defaults', and what is left", () => {
    expect(
      caseConfigurationNote({
        typesOn: [...DEMO_TYPES, 'O-1 Extraordinary Ability', 'TN USMCA Professional'],
        subTypesOn: 18,
        subTypesConfigured: 16,
        subTypesFromDefaults: 10,
      }),
    ).toBe(
      '5 case types (H-1B Specialty Occupation, I-130 Petition for Alien Relative, N-400 Application for ' +
        "Naturalization and 2 more) are on with 18 sub-types; 16 of them have a questionnaire (10 still as the platform's " +
        'defaults set them). Left to do: choose a questionnaire for the 2 sub-types without one.',
    );
    expect(
      caseConfigurationNote({
        typesOn: ['H-1B Specialty Occupation'],
        subTypesOn: 1,
        subTypesConfigured: 1,
        subTypesFromDefaults: 0,
      }),
    ).toBe(
      '1 case type (H-1B Specialty Occupation) is on with 1 sub-type; it has its questionnaire. Nothing is left to do ' +
        'here; switch on more case types whenever your firm files them.',
    );
  });

  it('the note rides on its step of the progress answer; steps without one carry none', () => {
    const p = setupProgress('basic-settings', facts({ questionnarie: true }), { questionnarie: 'So far: all of it.' });
    expect(p.steps.map((s) => s.note)).toEqual([undefined, undefined, 'So far: all of it.']);
    expect('note' in p.steps[0]!).toBe(false);
    expect(setupFactsOf(p)).toEqual(facts({ questionnarie: true }));
  });
});
