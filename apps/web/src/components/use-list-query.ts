import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { notify } from './notify';

/** The body of a list call: one page, its sorting and the list's filters. */
export interface ListRequest<F> {
  page: number;
  perpage: number;
  sorting: { path: string; order: 1 | -1 };
  filters: F;
}

export interface ListPage<T> {
  list: T[];
  totalCount: number;
}

const EMPTY: ListPage<never> = { list: [], totalCount: 0 };

/**
 * One list call (`{ list, totalCount }`). R-API-012: a failed list call gives an empty list and stops the
 * loading indicator; `silent` lists (the label list, R-LABEL-014) say nothing, the others show a toast.
 */
export function useListQuery<T>(
  key: readonly unknown[],
  path: string,
  body: unknown,
  options: { silent?: boolean } = {},
) {
  return useQuery({
    queryKey: [...key, body],
    queryFn: async ({ signal }) => {
      try {
        return await api.post<ListPage<T>>(path, body, signal);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        if (!options.silent) void notify.error(error);
        return EMPTY as ListPage<T>;
      }
    },
    placeholderData: keepPreviousData,
  });
}
