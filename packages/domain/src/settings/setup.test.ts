import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SetupFacts, setupFactsOf, setupProgress } from './setup';

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
