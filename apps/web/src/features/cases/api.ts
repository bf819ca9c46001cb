import type { CaseCreateBody } from '@caseport/domain/cases/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, api } from '../../lib/api-client';

const KEY = ['cases'] as const;

export interface CaseQuery {
  page: number;
  perpage: number;
  sorting: { path: string; order: 1 | -1 };
  filters: { searchString?: string };
}

export const useCaseList = (q: CaseQuery) =>
  useQuery({
    queryKey: [...KEY, 'list', q],
    // The sort path is the column's sortPath, one of those the server lists.
    queryFn: ({ signal }) => api.call('/api/cases/list', q as ApiBody<'/api/cases/list'>, signal),
    placeholderData: keepPreviousData,
  });

export const useCreateCase = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseCreateBody) => api.call('/api/cases/create', body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
};
