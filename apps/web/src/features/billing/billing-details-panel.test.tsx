import type { BillingDetails } from '@caseport/domain/billing/billing-details';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../components/notify';
import { CurrentUserContext } from '../../lib/current-user';
import { buildMe } from '../../test/factories';
import { mockApi, renderWithProviders } from '../../test/render';
import { BillingDetailsPanel } from './billing-details-panel';

const READ = 'POST /api/billing/get-customer-details';
const UPDATE = 'POST /api/tenant/update-billing-details';

const saved: BillingDetails = {
  busName: 'Lawfirm LLP',
  authPerson: {
    name: 'Ada Lovelace',
    email: 'billing@lawfirm.test',
    phone: '2025550143',
    phoneCountryCode: { countryCode: 'US', countryCallingCode: '1' },
    address: {
      line1: '100 Main Street',
      line2: '',
      aptType: null,
      countryId: 231,
      stateId: 1,
      locationId: 2,
      zipcode: '10001',
      country: { id: 231, name: 'United States' },
      state: { id: 1, name: 'New York' },
      location: { id: 2, name: 'New York City' },
    },
  },
};

const masterData = {
  'POST /api/masterdata/list': (body: unknown) => {
    const { category } = body as { category: string };
    if (category === 'countries') return { list: [{ id: 231, name: 'United States' }] };
    if (category === 'states') return { list: [{ id: 1, name: 'New York' }] };
    return { list: [{ id: 2, name: 'New York City' }] };
  },
};

const show = () =>
  renderWithProviders(
    <CurrentUserContext.Provider value={buildMe(3)}>
      <BillingDetailsPanel />
    </CurrentUserContext.Provider>,
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Billing Details panel', { timeout: 20_000 }, () => {
  it('R-BILL-018: the panel loads the customer with get-customer-details {subscriber} and shows the saved details', async () => {
    const api = mockApi({ ...masterData, [READ]: () => ({ billingDetails: saved }) });
    show();
    expect(await screen.findByText('Lawfirm LLP')).toBeTruthy();
    expect(screen.getByText('+1 2025550143')).toBeTruthy();
    expect(screen.getByText(/New York City, New York, 10001/)).toBeTruthy();
    const read = api.calls.find((c) => c.path === '/api/billing/get-customer-details');
    expect(read?.body).toEqual({ subscriber: { tenantId: 't-1', email: 'user3@example.test' } });
  });

  it('R-BILL-009: the panel toggles between view and edit: Edit opens the form, Cancel returns to the details', async () => {
    mockApi({ ...masterData, [READ]: () => ({ billingDetails: saved }) });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Billing Details' });
    expect((within(form).getByLabelText(/Business Name/) as HTMLInputElement).value).toBe('Lawfirm LLP');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Billing Details' })).toBeNull();
    expect(screen.getByText('Lawfirm LLP')).toBeTruthy();
  });

  it("R-BILL-011, R-BILL-012, R-BILL-013, R-BILL-014: an empty form shows each field's message, the phone's as the spec words it, and sends nothing", async () => {
    const api = mockApi({ ...masterData, [READ]: () => ({ billingDetails: null }) });
    show();
    expect(await screen.findByText(/No billing details yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Billing Details' }));
    const form = await screen.findByRole('form', { name: 'Billing Details' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Business name is required')).toBeTruthy();
    expect(within(form).getByText('Authorized person name is required')).toBeTruthy();
    expect(within(form).getByText('Email is required')).toBeTruthy();
    expect(within(form).getByText('*Invalid phone number - Please enter a valid one')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/tenant/update-billing-details')).toBe(false);
  });

  it('R-BILL-016: a new billing phone starts on India (+91)', async () => {
    mockApi({ ...masterData, [READ]: () => ({ billingDetails: null }) });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Billing Details' }));
    const form = await screen.findByRole('form', { name: 'Billing Details' });
    expect((within(form).getByRole('combobox', { name: 'Phone country code' }) as HTMLInputElement).value).toMatch(
      /India \(\+91\)/,
    );
  });

  it('R-BILL-017, R-BILL-010: Save sends {billingDetails} with busName and authPerson, toasts the answer and shows the saved details', async () => {
    const success = vi.spyOn(notify, 'success');
    const api = mockApi({
      ...masterData,
      [READ]: () => ({ billingDetails: saved }),
      [UPDATE]: (body) => ({
        message: 'Billing details updated successfully',
        billingDetails: (body as { billingDetails: BillingDetails }).billingDetails,
      }),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Billing Details' });
    const busName = within(form).getByLabelText(/Business Name/);
    await userEvent.clear(busName);
    await userEvent.type(busName, 'Lawfirm Holdings LLP');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Billing details updated successfully'));
    const sent = api.calls.find((c) => c.path === '/api/tenant/update-billing-details')?.body as {
      billingDetails: BillingDetails;
    };
    expect(Object.keys(sent)).toEqual(['billingDetails']);
    expect(sent.billingDetails).toMatchObject({
      busName: 'Lawfirm Holdings LLP',
      authPerson: {
        name: 'Ada Lovelace',
        email: 'billing@lawfirm.test',
        phone: '2025550143',
        phoneCountryCode: { countryCode: 'US', countryCallingCode: '1' },
        address: { line1: '100 Main Street', countryId: 231, stateId: 1, locationId: 2, zipcode: '10001' },
      },
    });
    expect(await screen.findByText('Lawfirm Holdings LLP')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Billing Details' })).toBeNull();
  });
});
