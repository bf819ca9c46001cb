import type { CaseCreateBody, CaseListItem } from '@caseport/domain/cases/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

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
    queryFn: ({ signal }) => api.post<{ list: CaseListItem[]; totalCount: number }>('/api/cases/list', q, signal),
    placeholderData: keepPreviousData,
  });

export const useCreateCase = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseCreateBody) => api.post<{ message: string; case: CaseListItem }>('/api/cases/create', body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
};
