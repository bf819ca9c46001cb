import { storage } from '../lib/storage';

/** R-SHELL-049: the first-setup tour, in this order. */
export const TOUR_STEPS = [
  {
    title: 'Get Started',
    description:
      'Welcome to Caseport settings. This short tour shows where to configure how your cases run. You can leave it at any time with Esc.',
    selectors: [] as string[],
  },
  {
    title: 'A Flexible Workflow as you want',
    description:
      'Workflows are the ordered activities a case goes through. Build them here, choose who edits and who watches each activity, then activate them.',
    selectors: ['[data-tour="workflow"]'],
  },
  {
    title: 'Questionnaire',
    description:
      'Case Configuration links each case type to a workflow and to the questionnaire the beneficiary or petitioner fills in.',
    selectors: [
      '[data-tour="petitionConfigList"]',
      '[data-tour="questionnarie"]',
      '[data-tour="questionnaireTemplateList"]',
    ],
  },
  {
    title: 'Forms and Letters',
    description: 'Forms and letters are the documents generated for each case type. Maintain the templates here.',
    selectors: ['[data-tour="formsAndLetters"]', '[data-tour="lettersTemplate"]'],
  },
] as const;

export const tourSeenKey = (userId: string) => `caseport_tour_seen_${userId}`;
export const hasSeenTour = (userId: string) => storage.get<boolean>(tourSeenKey(userId), false);

/** Only a visible element can be highlighted (the sidebar is collapsed on phones): otherwise the step is centred. */
const visibleElement = (selectors: readonly string[]): Element | undefined => {
  for (const selector of selectors) {
    const el = document.querySelector(selector);
    if (el instanceof HTMLElement && el.offsetParent !== null) return el;
  }
  return undefined;
};

/**
 * driver.js and its CSS are loaded only when a tour actually starts (not part of the initial bundle). Answers how
 * to end it: the settings page ends it when the user leaves settings (a header link), so its popover does not
 * stay over another page.
 */
export async function startGuidedTour(userId: string): Promise<() => void> {
  const [{ driver }] = await Promise.all([import('driver.js'), import('driver.js/dist/driver.css')]);
  const tour = driver({
    showProgress: true,
    allowClose: true,
    nextBtnText: 'Next',
    prevBtnText: 'Back',
    doneBtnText: 'Done',
    steps: TOUR_STEPS.map((step) => ({
      element: visibleElement(step.selectors),
      popover: { title: step.title, description: step.description },
    })),
    // Closing early also counts as seen: the tour must not come back on every visit.
    onDestroyed: () => storage.set(tourSeenKey(userId), true),
  });
  tour.drive();
  return () => {
    if (tour.isActive()) tour.destroy();
  };
}
