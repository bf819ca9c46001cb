import { useState } from 'react';
import type { ListState } from './use-list-state';

/**
 * The draft of a list's `FilterBar` (LISTS.md): the filters as the user edits them, sent to the list by Apply
 * and reset, with the list's own filters, by Clear. Spread `bar` onto the FilterBar. `initial` is the draft a
 * list opens with when its filters come from elsewhere (the URL), `empty` otherwise.
 */
export function useFilterDraft<F>(
  list: Pick<ListState<F>, 'setFilters' | 'resetFilters'>,
  empty: F,
  initial: F = empty,
) {
  const [draft, setDraft] = useState<F>(initial);
  const bar = {
    onApply: () => list.setFilters(draft),
    onClear: () => {
      setDraft(empty);
      list.resetFilters();
    },
  };
  return { draft, setDraft, bar };
}
