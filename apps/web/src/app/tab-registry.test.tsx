import { TAB_KEYS } from '@caseport/domain/settings/tabs';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { placeholderText } from './placeholder-panel';
import { TAB_PANELS } from './tab-registry';

describe('tab registry', () => {
  it('has a lazily loaded panel for every settings tab key', () => {
    for (const key of TAB_KEYS) {
      expect(TAB_PANELS[key], key).toBeTruthy();
      // React.lazy components are objects tagged with the lazy symbol, loaded on first render.
      expect((TAB_PANELS[key] as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    }
  });

  // Issue 16 replaced the users stub by the Users screen (docs/decisions.md): R-SHELL-012 now holds for the
  // other two placeholders only.
  it.each([
    ['formsAndLetters', 'Forms and Letters'],
    ['caseTypes', 'Case Types'],
  ] as const)('%s shows only stub text (R-SHELL-012 for forms and letters, case type)', async (key, label) => {
    const Panel = TAB_PANELS[key];
    renderWithProviders(
      <Suspense fallback="loading">
        <Panel tabKey={key} subTab={null} onSubTabChange={() => undefined} inSetup={false} />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: label })).toBeTruthy();
    expect(screen.getByText(placeholderText(label))).toBeTruthy();
  });
});
