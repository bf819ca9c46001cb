import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS, type SortOrder } from '@caseport/domain/list/list-query';
import type { ListCursor } from '@caseport/domain/list/seek';
import { useCallback, useMemo, useState } from 'react';
import { storage } from '../lib/storage';
import type { Sorting } from './data-table';

export interface ListDefaults<F> {
  /** R-LIST-007: usually { path: 'createdOn', order: -1 }. */
  sorting: Sorting;
  perpage?: number;
  filters: F;
  /** The list's allow-listed sort paths: a remembered path the server no longer accepts is dropped. */
  sortPaths?: readonly string[];
}

export const listStorageKeys = (listKey: string) => ({
  sortKey: `${listKey}_sort_key`,
  sortValue: `${listKey}_sort_value`,
  perpage: `${listKey}_perpage`,
});

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isSortOrder = (v: unknown): v is SortOrder => v === 1 || v === -1;
const isPerPage = (v: unknown): v is number =>
  typeof v === 'number' && (PER_PAGE_OPTIONS as readonly number[]).includes(v);

const readSorting = (listKey: string, defaults: ListDefaults<unknown>): Sorting => {
  const keys = listStorageKeys(listKey);
  const path = storage.get(keys.sortKey, defaults.sorting.path, isString);
  if (defaults.sortPaths && !defaults.sortPaths.includes(path)) return defaults.sorting;
  return { path, order: storage.get(keys.sortValue, defaults.sorting.order, isSortOrder) };
};

export interface ListState<F> {
  page: number;
  perpage: number;
  sorting: Sorting;
  filters: F;
  /**
   * Issue 37: the key the page on screen was reached from by a move of one page (a list that pages by key);
   * undefined after a jump, page 1, or any other change. Lists that page by key send it as `cursor`.
   */
  cursor: ListCursor | undefined;
  /** Go to a page; a move by one page of a list that pages by key passes its cursor (cursorToward). */
  setPage: (page: number, cursor?: ListCursor) => void;
  setPerpage: (perpage: number) => void;
  setSorting: (sorting: Sorting) => void;
  setFilters: (filters: F) => void;
  resetFilters: () => void;
  /** The request body of the shared list contract (ARCHITECTURE §5). */
  query: { page: number; perpage: number; sorting: Sorting; filters: F };
}

/**
 * Page, per-page, sorting and filters of one list. Sort key, sort value and per-page are remembered per list
 * in localStorage (R-LIST-009); page and filters are not, so a revisit starts on page 1 with no filter.
 * Any change that reshapes the result set goes back to page 1.
 */
export function useListState<F>(listKey: string, defaults: ListDefaults<F>): ListState<F> {
  const keys = listStorageKeys(listKey);
  const [sorting, setSortingState] = useState<Sorting>(() => readSorting(listKey, defaults as ListDefaults<unknown>));
  const [perpage, setPerpageState] = useState<number>(() =>
    storage.get(keys.perpage, defaults.perpage ?? DEFAULT_PER_PAGE, isPerPage),
  );
  const [{ page, cursor }, setPosition] = useState<{ page: number; cursor: ListCursor | undefined }>({
    page: 1,
    cursor: undefined,
  });
  const setPage = useCallback((next: number, by?: ListCursor) => setPosition({ page: next, cursor: by }), []);
  const [filters, setFiltersState] = useState<F>(defaults.filters);

  const setSorting = useCallback(
    (next: Sorting) => {
      storage.set(keys.sortKey, next.path);
      storage.set(keys.sortValue, next.order);
      setSortingState(next);
      setPage(1);
    },
    [keys.sortKey, keys.sortValue, setPage],
  );
  const setPerpage = useCallback(
    (next: number) => {
      storage.set(keys.perpage, next);
      setPerpageState(next);
      setPage(1);
    },
    [keys.perpage, setPage],
  );
  const setFilters = useCallback(
    (next: F) => {
      setFiltersState(next);
      setPage(1);
    },
    [setPage],
  );
  const initialFilters = defaults.filters;
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults are read once, like useState's initial value
  const resetFilters = useCallback(() => setFilters(initialFilters), []);

  // The list call's body as the state has it; a move by one page of a keyed list carries its cursor (issue 37).
  const query = useMemo(
    () => ({ page, perpage, sorting, filters, ...(cursor ? { cursor } : {}) }),
    [page, perpage, sorting, filters, cursor],
  );
  return {
    page,
    perpage,
    sorting,
    filters,
    cursor,
    setPage,
    setPerpage,
    setSorting,
    setFilters,
    resetFilters,
    query,
  };
}
