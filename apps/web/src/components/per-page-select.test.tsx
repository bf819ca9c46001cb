import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ListFooter } from './list-footer';
import { PerPageSelect } from './per-page-select';
import { useListState } from './use-list-state';

function Harness() {
  const list = useListState('demo', { sorting: { path: 'createdOn', order: -1 }, filters: {} });
  return <PerPageSelect value={list.perpage} onChange={list.setPerpage} />;
}

describe('PerPageSelect', () => {
  it('R-LIST-001: offers 10, 25, 50, 75 and 100 per page', () => {
    renderWithProviders(<Harness />);
    const select = screen.getByLabelText('Per Page');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '75', '100']);
  });

  it('R-LIST-002: defaults to 25', () => {
    renderWithProviders(<Harness />);
    expect((screen.getByLabelText('Per Page') as HTMLSelectElement).value).toBe('25');
  });

  it('reports the chosen size', async () => {
    renderWithProviders(<Harness />);
    await userEvent.selectOptions(screen.getByLabelText('Per Page'), '50');
    expect((screen.getByLabelText('Per Page') as HTMLSelectElement).value).toBe('50');
  });
});

function Footer() {
  const [page, setPage] = useState(1);
  const [perpage, setPerpage] = useState(25);
  return (
    <ListFooter page={page} perpage={perpage} totalCount={240} onPageChange={setPage} onPerPageChange={setPerpage} />
  );
}

describe('ListFooter', () => {
  it('R-LIST-003: shows the total count next to pagination', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByText('Total: 240 records')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 10' })).toBeTruthy();
  });
});
