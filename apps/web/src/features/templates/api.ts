import type { PrepareUrlAnswer, TemplateKind } from '@caseport/domain/templates/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useListQuery } from '../../components/use-list-query';
import { api } from '../../lib/api-client';

/** One template list's calls (002 §7.5-7.7): they differ only in their paths and the id their delete takes. */
export interface TemplateEndpoints<T> {
  kind: TemplateKind;
  list: string;
  create: string;
  update: string;
  remove: string;
  /** The delete body: {templateId} / {contractTemplateId} / {agreementId}. */
  removeBody: (item: T) => Record<string, string>;
}

export interface TemplateListRequest {
  filters: { title?: string };
  page: number;
  perpage: number;
  sorting: { path: string; order: 1 | -1 };
}

const listKey = (kind: TemplateKind) => ['templates', kind] as const;

/** R-API-013: a failed template list load shows no message (an empty list). */
export const useTemplateList = <T>(endpoints: TemplateEndpoints<T>, body: TemplateListRequest) =>
  useListQuery<T>(listKey(endpoints.kind), endpoints.list, body, { silent: true });

type Answer = { message: string };

export const useSaveTemplate = <T>(endpoints: TemplateEndpoints<T>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, isUpdate }: { body: object; isUpdate: boolean }) =>
      api.post<Answer>(isUpdate ? endpoints.update : endpoints.create, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey(endpoints.kind) }),
  });
};

export const useDeleteTemplate = <T>(endpoints: TemplateEndpoints<T>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: T) => api.post<Answer>(endpoints.remove, endpoints.removeBody(item)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey(endpoints.kind) }),
  });
};

/**
 * R-ESIGN-011: POST /pdf-sign/get-tpl-prepare-iframe-url {type, editing, templateId} answers the frame's url.
 * The caller decides what a failure means: the preview ignores it (R-API-017), Add Agreement shows it.
 */
export const fetchPrepareUrl = (type: TemplateKind, editing: boolean, templateId: string) =>
  api.post<PrepareUrlAnswer>('/api/pdf-sign/get-tpl-prepare-iframe-url', { type, editing, templateId });
