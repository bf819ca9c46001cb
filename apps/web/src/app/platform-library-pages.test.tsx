import type { CatalogueType } from '@caseport/domain/case-types/catalogue';
import type { PlatformForm } from '@caseport/domain/platform-library/contracts';
import { screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { CurrentUserContext } from '../lib/current-user';
import { buildMe } from '../test/factories';
import { mockApi, renderWithProviders } from '../test/render';
import { placeholderText } from './placeholder-panel';
import { TAB_PANELS } from './tab-registry';

const i129: PlatformForm = {
  _id: 'f-129',
  kind: 'Form',
  formNumber: 'I-129',
  title: 'Petition for a Nonimmigrant Worker',
  description: null,
  fromTenant: null,
  caseTypeIds: [1],
  caseSubTypeIds: [],
  active: true,
  editions: [{ _id: 'e-1', editionDate: '2025-01-17', document: { path: 'private/a.pdf', name: 'i-129.pdf' } }],
};
const h1b: CatalogueType = {
  id: 1,
  name: 'H-1B Specialty Occupation',
  code: 'H1B',
  formNumber: 'I-129',
  category: 'employment',
  tenantTypes: [1, 2],
  active: true,
  subTypes: [{ id: 1, petitionTypeId: 1, name: 'Cap - New Petition', code: 'H1BCAP', tenantTypes: [1], active: true }],
};

const renderTab = (key: 'formsAndLetters' | 'caseTypes', roleId: number) => {
  const Panel = TAB_PANELS[key];
  renderWithProviders(
    <CurrentUserContext.Provider value={buildMe(roleId, roleId <= 2 ? null : {})}>
      <Suspense fallback="loading">
        <Panel tabKey={key} subTab={null} onSubTabChange={() => undefined} inSetup={false} />
      </Suspense>
    </CurrentUserContext.Provider>,
  );
};

describe('the platform library screens', { timeout: 30_000 }, () => {
  it('R-SHELL-012 (superseded, docs/decisions.md): the Forms and Letters tab opens its real screen, not stub text', async () => {
    mockApi({
      'POST /api/platform-library/forms/list': () => ({ list: [i129], totalCount: 1 }),
      'POST /api/case-catalogue/list': () => ({ list: [h1b], totalCount: 1, canEdit: true }),
    });
    renderTab('formsAndLetters', 1);
    const forms = await screen.findByRole('table', { name: 'Forms and Letters' }, { timeout: 10_000 });
    expect(await within(forms).findByText('I-129')).toBeTruthy();
    expect(within(forms).getByText('01/17/25')).toBeTruthy();
    expect(screen.queryByText(placeholderText('Forms and Letters'))).toBeNull();
  });

  it('R-SHELL-012 (superseded): the Case Types tab opens the catalogue, not stub text; role 1 may add case types', async () => {
    mockApi({ 'POST /api/case-catalogue/list': () => ({ list: [h1b], totalCount: 1, canEdit: true }) });
    renderTab('caseTypes', 1);
    expect(await screen.findByText('H-1B Specialty Occupation', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Case Type' })).toBeTruthy();
    expect(screen.queryByText(placeholderText('Case Types'))).toBeNull();
  });

  it('a tenant admin reads the catalogue without edit actions', async () => {
    mockApi({ 'POST /api/case-catalogue/list': () => ({ list: [h1b], totalCount: 1, canEdit: false }) });
    renderTab('caseTypes', 3);
    expect(await screen.findByText('H-1B Specialty Occupation', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Case Type' })).toBeNull();
  });
});
