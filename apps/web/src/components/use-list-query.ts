import type { ListCursor, PageCursors } from '@caseport/domain/list/seek';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiBody, type ApiResponse, api, type PostPath } from '../lib/api-client';
import { notify } from './notify';

/** The body of a list call: one page, its sorting and the list's filters. */
export interface ListRequest<F> {
  page: number;
  perpage: number;
  sorting: { path: string; order: 1 | -1 };
  filters: F;
  /** Issue 37: a move by one page of a list that pages by key (ListState.cursor). */
  cursor?: ListCursor;
}

export interface ListPage<T> {
  list: T[];
  totalCount: number;
  totalCountCapped?: boolean;
  /** Issue 37: the keys of the page's first and last rows (ListPanel's cursors). */
  cursors?: PageCursors;
}

const EMPTY: ListPage<never> = { list: [], totalCount: 0 };

/** The POST paths that answer a page of a list. */
export type ListPath = {
  [P in PostPath]: ApiResponse<P> extends ListPage<unknown> ? P : never;
}[PostPath];

/**
 * One list call (`{ list, totalCount }`). R-API-012: a failed list call gives an empty list and stops the
 * loading indicator; `silent` lists (the label list, R-LABEL-014) say nothing, the others show a toast.
 */
export function useListQuery<P extends ListPath>(
  key: readonly unknown[],
  path: P,
  body: ApiBody<P>,
  options: { silent?: boolean } = {},
) {
  return useQuery({
    queryKey: [...key, body],
    queryFn: async ({ signal }) => {
      try {
        return await api.call(path, body, signal);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        if (!options.silent) void notify.error(error);
        return EMPTY as ApiResponse<P>;
      }
    },
    placeholderData: keepPreviousData,
  });
}
