import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ListPanel } from './list-panel';
import { useListState } from './use-list-state';

/** One growing list: 250 rows in pages of 25, each page answering the keys of its first and last row. */
const seen: unknown[] = [];
function Harness() {
  const state = useListState('keyset-harness', { sorting: { path: 'at', order: -1 }, filters: {} });
  seen.push({ page: state.page, cursor: state.cursor });
  const rows = Array.from({ length: 25 }, (_, i) => ({ id: (state.page - 1) * 25 + i + 1 }));
  return (
    <ListPanel
      state={state}
      caption="Audit trail"
      columns={[{ key: 'id', header: 'Row', render: (r: { id: number }) => String(r.id) }]}
      rows={rows}
      rowKey={(r) => String(r.id)}
      loading={false}
      emptyText="No Results Found"
      totalCount={250}
      cursors={{ first: `first-of-${state.page}`, last: `last-of-${state.page}` }}
      noun="entry"
    />
  );
}

describe('a list that pages by key (issue 37)', () => {
  it('issue 37: Next sends the last row’s key, Previous the first row’s; a jump to a page number and page 1 send none', async () => {
    renderWithProviders(<Harness />);
    const last = () => seen.at(-1);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(last()).toEqual({ page: 2, cursor: { key: 'last-of-1', direction: 'after' } });
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(last()).toEqual({ page: 3, cursor: { key: 'last-of-2', direction: 'after' } });
    await userEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(last()).toEqual({ page: 10, cursor: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(last()).toEqual({ page: 9, cursor: { key: 'first-of-10', direction: 'before' } });
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(last()).toEqual({ page: 1, cursor: undefined });
  });
});
