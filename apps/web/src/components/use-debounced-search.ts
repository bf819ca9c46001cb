import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** R-LIST-014: list searches wait 900 ms after the last keystroke (invoices use 500, case codes 0). */
export const SEARCH_DEBOUNCE_MS = 900;

export function useDebouncedSearch(initial = '', wait = SEARCH_DEBOUNCE_MS) {
  const [search, setSearch] = useState(initial);
  const [debounced] = useDebouncedValue(search.trim(), wait);
  // wait 0 means "search immediately" (R-LIST-015), without a render of lag.
  return { search, setSearch, debouncedSearch: wait === 0 ? search.trim() : debounced };
}

/** A list's search box: the debounced text, and a new search starts on page 1. */
export function useListSearch(setPage: (page: number) => void, wait = SEARCH_DEBOUNCE_MS) {
  const search = useDebouncedSearch('', wait);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the debounced text is the trigger, not an input
  useEffect(() => setPage(1), [search.debouncedSearch, setPage]);
  return search;
}
