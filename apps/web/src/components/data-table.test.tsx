import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DataTable, type DataTableColumn, type Sorting } from './data-table';

interface Row {
  id: string;
  name: string;
  createdOn: string;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortPath: 'name', render: (r) => r.name },
  { key: 'createdOn', header: 'Created On', sortPath: 'createdOn', render: (r) => r.createdOn },
  { key: 'actions', header: 'Actions', render: () => 'Edit' },
];

const rows: Row[] = [
  { id: '1', name: 'H-1B', createdOn: '2026-01-02' },
  { id: '2', name: 'L-1', createdOn: '2026-01-01' },
];

function Sortable({ initial = { path: 'createdOn', order: -1 } as Sorting }) {
  const [sorting, setSorting] = useState<Sorting>(initial);
  return (
    <>
      <output data-testid="sorting">{`${sorting.path}:${sorting.order}`}</output>
      <DataTable
        caption="Demo"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sorting={sorting}
        onSortChange={setSorting}
      />
    </>
  );
}

describe('DataTable', () => {
  it('R-LIST-006: clicking the sorted column toggles between 1 and -1', async () => {
    renderWithProviders(<Sortable />);
    const header = screen.getByRole('button', { name: /Created On/ });
    await userEvent.click(header);
    expect(screen.getByTestId('sorting').textContent).toContain('createdOn:1');
    await userEvent.click(header);
    expect(screen.getByTestId('sorting').textContent).toContain('createdOn:-1');
  });

  it('a new column starts ascending, createdOn starts descending (nextSort)', async () => {
    renderWithProviders(<Sortable initial={{ path: 'name', order: 1 }} />);
    await userEvent.click(screen.getByRole('button', { name: /Created On/ }));
    expect(screen.getByTestId('sorting').textContent).toContain('createdOn:-1');
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(screen.getByTestId('sorting').textContent).toContain('name:1');
  });

  it('exposes the sort direction with aria-sort on sortable headers only', async () => {
    renderWithProviders(<Sortable />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers[0]?.getAttribute('aria-sort')).toBe('none');
    expect(headers[1]?.getAttribute('aria-sort')).toBe('descending');
    expect(headers[2]?.hasAttribute('aria-sort')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(screen.getAllByRole('columnheader')[0]?.getAttribute('aria-sort')).toBe('ascending');
  });

  it('renders one row per item', () => {
    renderWithProviders(<DataTable caption="Demo" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.getByText('H-1B')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it("the empty state reads 'No Results Found' by default", () => {
    renderWithProviders(<DataTable caption="Demo" columns={columns} rows={[]} rowKey={(r) => r.id} />);
    expect(screen.getByText('No Results Found')).toBeTruthy();
  });

  it('uses a list-specific empty text when given', () => {
    renderWithProviders(
      <DataTable
        caption="Demo"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        emptyText="No Service Centers Found"
      />,
    );
    expect(screen.getByText('No Service Centers Found')).toBeTruthy();
  });

  it('shows skeleton rows while the first page loads', () => {
    renderWithProviders(
      <DataTable caption="Demo" columns={columns} rows={undefined} loading rowKey={(r) => r.id} skeletonRows={4} />,
    );
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(4);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('No Results Found')).toBeNull();
  });
});
