import { TAB_KEYS } from '@caseport/domain/settings/tabs';
import { describe, expect, it } from 'vitest';
import { TAB_PANELS } from './tab-registry';

describe('tab registry', () => {
  it('has a lazily loaded panel for every settings tab key', () => {
    for (const key of TAB_KEYS) {
      expect(TAB_PANELS[key], key).toBeTruthy();
      // React.lazy components are objects tagged with the lazy symbol, loaded on first render.
      expect((TAB_PANELS[key] as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    }
  });

  // Issues 16 and 21 replaced the users, formsAndLetters and caseTypes stubs by their screens (docs/decisions.md);
  // app/platform-library-pages.test.tsx proves the real screens under R-SHELL-012.
});
