import { describe, expect, it } from 'vitest';
import { hasSeenTour, TOUR_STEPS, tourSeenKey } from './guided-tour';

describe('guided tour', () => {
  it('R-SHELL-049: the first-setup tour has the four steps in order', () => {
    expect(TOUR_STEPS.map((s) => s.title)).toEqual([
      'Get Started',
      'A Flexible Workflow as you want',
      'Questionnaire',
      'Forms and Letters',
    ]);
  });

  it('is remembered as seen per user', () => {
    expect(hasSeenTour('u-1')).toBe(false);
    window.localStorage.setItem(tourSeenKey('u-1'), 'true');
    expect(hasSeenTour('u-1')).toBe(true);
    expect(hasSeenTour('u-2')).toBe(false);
  });
});
