import type { LabelCreateBody, LabelUpdateBody } from '@caseport/domain/labels/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useListQuery } from '../../components/use-list-query';
import { type ApiBody, api } from '../../lib/api-client';

export const LABELS_KEY = ['message-labels'] as const;

export interface LabelListRequest {
  matcher: { statusList?: boolean[]; searchString?: string };
  page: number;
  perpage: number;
  sorting: { path: string; order: 1 | -1 };
}

/** R-LABEL-013/014: /message-label/list; a failure is silently an empty list. */
export const useLabels = (body: LabelListRequest) =>
  // The sort path is the column's sortPath, one of those the server lists.
  useListQuery(LABELS_KEY, '/api/message-label/list', body as ApiBody<'/api/message-label/list'>, { silent: true });

export const useSaveLabel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LabelCreateBody | LabelUpdateBody) =>
      'labelId' in body ? api.call('/api/message-label/update', body) : api.call('/api/message-label/create', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LABELS_KEY }),
  });
};
