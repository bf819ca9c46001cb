import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('asks the given question with No and Yes', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        opened
        title="Delete Agreement"
        message="Are you sure to continue?"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(await screen.findByText('Are you sure to continue?')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Delete Agreement' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cannot be dismissed while the confirmed call runs', async () => {
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        opened
        title="Delete"
        message="Are you sure to continue?"
        onConfirm={() => undefined}
        onCancel={onCancel}
        loading
      />,
    );
    await screen.findByText('Are you sure to continue?');
    expect((screen.getByRole('button', { name: 'No' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});
