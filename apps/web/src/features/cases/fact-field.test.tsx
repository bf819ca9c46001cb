import { FACT_BY_KEY, FACT_MESSAGES, type FactDef, factValueSchema } from '@caseport/domain/cases/facts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render';
import { FactField, factError } from './fact-field';

/** One fact field with the caller's part: it keeps the value and asks the shared validation on 'Check'. */
function Harness({ def, initial }: { def: FactDef; initial?: unknown }) {
  const [value, setValue] = useState<unknown>(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <FactField def={def} value={value} onChange={setValue} error={error} />
      <button type="button" onClick={() => setError(factError(def, value))}>
        Check
      </button>
      <output data-testid="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}

const pickOption = async (key: string, name: string) => {
  const input = document.getElementById(`fact-${key}`) as HTMLElement;
  await userEvent.click(input);
  const list = await waitFor(() => {
    const el = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!el) throw new Error('no listbox yet');
    return el;
  });
  await userEvent.click(await within(list).findByRole('option', { name, hidden: true }));
};

const check = () => userEvent.click(screen.getByRole('button', { name: 'Check' }));
const value = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null');

describe('FactField (issue 34): one field per kind of the facts table, the shared validation on it', {
  timeout: 30_000,
}, () => {
  it('issue 34: text — FEIN and receipt number say the shared messages', async () => {
    renderWithProviders(<Harness def={FACT_BY_KEY.fein} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Employer FEIN' }), '12345');
    await check();
    expect(await screen.findByText(FACT_MESSAGES.fein)).toBeTruthy();
  });

  it('issue 34: text — receipt number', async () => {
    renderWithProviders(<Harness def={FACT_BY_KEY.receiptNumber} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Receipt number' }), 'IOE12');
    await check();
    expect(await screen.findByText(FACT_MESSAGES.receiptNumber)).toBeTruthy();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Receipt number' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Receipt number' }), 'ioe0912345678');
    await check();
    expect(screen.queryByText(FACT_MESSAGES.receiptNumber)).toBeNull();
  });

  it('issue 34: date — the shared date input; a bad calendar date gets the shared message', async () => {
    renderWithProviders(<Harness def={FACT_BY_KEY.startDate} />);
    const input = screen.getByLabelText('Start date') as HTMLInputElement;
    expect(input.type).toBe('date');
    fireEvent.change(input, { target: { value: '2027-10-01' } });
    expect(value()).toBe('2027-10-01');
    const expected = factValueSchema(FACT_BY_KEY.startDate).safeParse('2027-02-30');
    expect(expected.success).toBe(false);
    expect(factError(FACT_BY_KEY.startDate, '2027-02-30')).toBe(expected.error?.issues[0]?.message);
  });

  it('issue 34: money — a wage of 0 says the shared message', async () => {
    renderWithProviders(<Harness def={FACT_BY_KEY.wage} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Offered wage' }), '0');
    await check();
    expect(await screen.findByText(FACT_MESSAGES.wagePositive)).toBeTruthy();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Offered wage' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Offered wage' }), '125000.5');
    expect(value()).toBe(125000.5);
  });

  it('issue 34: int — employee count holds a whole number, with its hint', async () => {
    renderWithProviders(<Harness def={FACT_BY_KEY.employeeCount} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Full-time employees' }), '24');
    expect(value()).toBe(24);
    expect(screen.getByText(/25 or fewer full-time employees/)).toBeTruthy();
    expect(factError(FACT_BY_KEY.employeeCount, -1)).toBeTruthy();
  });

  it('issue 34: boolean — a switch', async () => {
    renderWithProviders(<Harness def={FACT_BY_KEY.fullTime} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Full-time' }));
    expect(value()).toBe(true);
  });

  it('issue 34: enum — a select of the table options', async () => {
    renderWithProviders(<Harness def={FACT_BY_KEY.wageLevel} />);
    expect(screen.getAllByLabelText('Wage level').length).toBeGreaterThan(0);
    await pickOption('wageLevel', 'III');
    expect(value()).toBe('III');
    expect(factError(FACT_BY_KEY.wageLevel, 'V')).toBeTruthy();
  });

  it("issue 34: socCode — picks one of the tenant's SOC codes", async () => {
    const api = mockApi({
      'POST /api/cases/fact-options': () => ({
        socCodes: [{ id: '6a1f2c9e-1111-4c3b-9a55-000000000001', name: '15-1252', designation: 'Software Developers' }],
        serviceCenters: [],
        owners: [],
      }),
    });
    renderWithProviders(<Harness def={FACT_BY_KEY.socCodeId} />);
    await pickOption('socCodeId', '15-1252 · Software Developers');
    expect(value()).toBe('6a1f2c9e-1111-4c3b-9a55-000000000001');
    expect(api.calls[0]?.path).toBe('/api/cases/fact-options');
    expect(factError(FACT_BY_KEY.socCodeId, 'not-an-id')).toBeTruthy();
  });

  it('issue 34: serviceCenter — picks a service center', async () => {
    mockApi({
      'POST /api/cases/fact-options': () => ({
        socCodes: [],
        serviceCenters: [
          { id: '6a1f2c9e-2222-4c3b-9a55-000000000002', name: 'California Service Center', typeName: 'H-1B' },
        ],
        owners: [],
      }),
    });
    renderWithProviders(<Harness def={FACT_BY_KEY.serviceCenterId} />);
    await pickOption('serviceCenterId', 'California Service Center (H-1B)');
    expect(value()).toBe('6a1f2c9e-2222-4c3b-9a55-000000000002');
  });

  it('issue 34: addresses — adds worksites; an incomplete one says the shared message', async () => {
    renderWithProviders(<Harness def={FACT_BY_KEY.worksites} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await check();
    expect(await screen.findByText('Address line 1 is required')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Address line 1' }), '1 Main St');
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Austin');
    await check();
    await waitFor(() => expect(screen.queryByText('Address line 1 is required')).toBeNull());
    expect(value()[0]).toMatchObject({ line1: '1 Main St', city: 'Austin', country: 'United States' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove address 1' }));
    expect(value()).toEqual([]);
  });
});
