import { cursorToward, type PageCursors } from '@caseport/domain/list/seek';
import { Paper } from '@mantine/core';
import { DataTable, type DataTableProps } from './data-table';
import { ListFooter } from './list-footer';
import type { ListState } from './use-list-state';

/** A list's table with its footer (per page, total count, pagination) in one panel (001 §2, R-LIST-001..004). */
export function ListPanel<T, F>({
  state,
  totalCount,
  totalCountCapped,
  cursors,
  noun,
  ...table
}: Omit<DataTableProps<T>, 'sorting' | 'onSortChange'> & {
  state: ListState<F>;
  totalCount: number;
  /** Issue 37: a growing list's count stopped at its cap ('more than'). */
  totalCountCapped?: boolean | undefined;
  /**
   * Issue 37: the keys of the page on screen (a list that pages by key; undefined while another page loads): a
   * move to the next or previous page is then read from them (state.cursor), a jump by its number.
   */
  cursors?: PageCursors | undefined;
  noun: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <DataTable {...table} sorting={state.sorting} onSortChange={state.setSorting} />
      <ListFooter
        page={state.page}
        perpage={state.perpage}
        totalCount={totalCount}
        totalCountCapped={totalCountCapped}
        onPageChange={(to) => state.setPage(to, cursorToward({ page: state.page, cursors }, to))}
        onPerPageChange={state.setPerpage}
        noun={noun}
      />
    </Paper>
  );
}
