import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderWithProviders } from '../test/render';
import { ErrorAlert } from './error-alert';

function Harness() {
  const [error, setError] = useState<unknown>(new ApiError(409, 'DUPLICATE', 'Workflow name already exists'));
  return <ErrorAlert error={error} onClear={() => setError(null)} />;
}

describe('ErrorAlert', () => {
  it("shows the server's message as a warning and clears on click", async () => {
    renderWithProviders(<Harness />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Workflow name already exists');
    expect(alert.getAttribute('data-variant') ?? '').toBe('light');
    await userEvent.click(alert);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears from the keyboard through its close button', async () => {
    renderWithProviders(<Harness />);
    screen.getByRole('button', { name: 'Dismiss message' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders nothing without an error', () => {
    renderWithProviders(<ErrorAlert error={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
