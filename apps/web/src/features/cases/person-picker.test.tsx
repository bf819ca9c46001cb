import { PERSON_MESSAGES, type Person } from '@caseport/domain/people/contracts';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import { PersonPicker } from './person-picker';

const existing: Person = {
  _id: '6a1f2c9e-3333-4c3b-9a55-000000000003',
  givenName: 'Ana',
  familyName: 'Lima',
  dateOfBirth: '1994-05-17',
  countryOfBirth: 'Brazil',
  countryOfCitizenship: 'Brazil',
  passportNumber: 'FX123456',
  passportExpiry: '2031-01-31',
  i94Number: null,
  i94Expiry: null,
  currentStatus: null,
  statusExpiry: null,
  inUS: false,
  email: null,
  phone: null,
  address: null,
  caseCount: 2,
};

const fillNew = async () => {
  const form = screen.getByRole('form', { name: 'New beneficiary' });
  await userEvent.type(screen.getByRole('textbox', { name: 'Given name' }), 'Ana');
  await userEvent.type(screen.getByRole('textbox', { name: 'Family name' }), 'Lima');
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1994-05-17' } });
  return form;
};

describe('the similar-person offer (issue 34 item 1)', { timeout: 30_000 }, () => {
  it('issue 34: a new person like an existing one offers the existing one first: Use this person', async () => {
    const api = mockApi({
      'POST /api/people/list': () => ({ list: [], totalCount: 0 }),
      'POST /api/people/similar': () => ({ list: [existing] }),
    });
    const onPick = vi.fn();
    renderWithProviders(<PersonPicker party="Beneficiary" onPick={onPick} />);
    await fillNew();
    await userEvent.click(screen.getByRole('button', { name: 'Use as beneficiary' }));
    expect(await screen.findByText(PERSON_MESSAGES.similarExists)).toBeTruthy();
    expect(screen.getByText(/passport FX123456 · 2 cases/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/people/similar')?.body).toEqual({
      givenName: 'Ana',
      familyName: 'Lima',
      dateOfBirth: '1994-05-17',
    });
    expect(onPick).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Use this person: Ana Lima' }));
    expect(onPick).toHaveBeenCalledWith({ ref: { personId: existing._id }, name: 'Ana Lima' });
  });

  it('issue 34: Create a new person anyway sends allowSimilar', async () => {
    mockApi({
      'POST /api/people/list': () => ({ list: [], totalCount: 0 }),
      'POST /api/people/similar': () => ({ list: [existing] }),
    });
    const onPick = vi.fn();
    renderWithProviders(<PersonPicker party="Beneficiary" onPick={onPick} />);
    await fillNew();
    await userEvent.click(screen.getByRole('button', { name: 'Use as beneficiary' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create a new person anyway' }));
    const choice = onPick.mock.calls[0]?.[0];
    expect(choice.ref.allowSimilar).toBe(true);
    expect(choice.ref.person).toMatchObject({ givenName: 'Ana', familyName: 'Lima', dateOfBirth: '1994-05-17' });
  });

  it('issue 34: no similar person: the new one is used at once; the shared validation guards the form', async () => {
    const api = mockApi({
      'POST /api/people/list': () => ({ list: [], totalCount: 0 }),
      'POST /api/people/similar': () => ({ list: [] }),
    });
    const onPick = vi.fn();
    renderWithProviders(<PersonPicker party="Beneficiary" onPick={onPick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Use as beneficiary' }));
    expect(await screen.findByText(PERSON_MESSAGES.givenNameRequired)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/people/similar')).toBe(false);
    await fillNew();
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2999-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Use as beneficiary' }));
    expect(await screen.findByText(PERSON_MESSAGES.dateOfBirthFuture)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1994-05-17' } });
    await userEvent.click(screen.getByRole('button', { name: 'Use as beneficiary' }));
    await vi.waitFor(() => expect(onPick).toHaveBeenCalled());
    expect(onPick.mock.calls[0]?.[0].ref).toEqual({
      person: expect.objectContaining({ givenName: 'Ana', familyName: 'Lima', inUS: false }),
    });
  });
});
