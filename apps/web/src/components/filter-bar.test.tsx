import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { FilterBar } from './filter-bar';

describe('FilterBar', () => {
  it('applies with the button or Enter, and clears', async () => {
    const onApply = vi.fn();
    const onClear = vi.fn();
    renderWithProviders(
      <FilterBar onApply={onApply} onClear={onClear}>
        <TextInput label="Search by Name" />
      </FilterBar>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await userEvent.type(screen.getByLabelText('Search by Name'), 'USCIS{Enter}');
    expect(onApply).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('search', { name: 'Filters' })).toBeTruthy();
  });
});
