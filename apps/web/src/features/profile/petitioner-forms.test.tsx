import type { Me } from '@caseport/domain/auth/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../lib/current-user';
import { renderWithProviders } from '../../test/render';
import PetitionerForms from './petitioner-forms';

const signatory = (tenantType: 1 | 2) =>
  ({ roleId: 12, tenantId: 't1', tenantType, tenant: null, menu: [], tabs: [], allowedRoleIds: [] }) as unknown as Me;

describe('role 12 company data screen', () => {
  it("a law firm's role 12 gets no company data form (the server refuses it) and no call is made", () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithProviders(
      <CurrentUserContext.Provider value={signatory(1)}>
        <PetitionerForms />
      </CurrentUserContext.Provider>,
    );
    expect(screen.getByText(/Company data is kept by petitioner companies/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a petitioner company's role 12 loads the company data (the tenant's details)", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 500 }));
    renderWithProviders(
      <CurrentUserContext.Provider value={signatory(2)}>
        <PetitionerForms />
      </CurrentUserContext.Provider>,
    );
    expect(screen.queryByText(/Company data is kept by petitioner companies/)).toBeNull();
    await vi.waitFor(() => expect(String(fetchSpy.mock.calls[0]?.[0])).toContain('/api/tenant/details'));
  });
});
