import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Pagination } from './pagination';

const pageButtons = () => screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => Number(b.textContent));

describe('Pagination', () => {
  it('R-LIST-004: shows page range 3 with 2 margin pages', () => {
    renderWithProviders(<Pagination page={6} pageCount={12} onChange={() => undefined} />);
    expect(pageButtons()).toEqual([1, 2, 5, 6, 7, 11, 12]);
  });

  it('R-LIST-004: no gap when the range touches a margin', () => {
    renderWithProviders(<Pagination page={1} pageCount={12} onChange={() => undefined} />);
    expect(pageButtons()).toEqual([1, 2, 3, 11, 12]);
  });

  it('marks the current page for assistive technology', () => {
    renderWithProviders(<Pagination page={3} pageCount={5} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 2' }).hasAttribute('aria-current')).toBe(false);
  });

  it('moves with previous / next and page buttons', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Pagination page={3} pageCount={5} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([4, 2, 5]);
  });

  it('renders nothing for a single page', () => {
    renderWithProviders(<Pagination page={1} pageCount={1} onChange={() => undefined} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
