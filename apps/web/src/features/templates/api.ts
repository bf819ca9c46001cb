import type { TemplateKind } from '@caseport/domain/templates/contracts';
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ListPage, type ListPath, useListQuery } from '../../components/use-list-query';
import { type ApiBody, type ApiResponse, api, type PostPath } from '../../lib/api-client';

/** The list paths whose rows are T: a screen's row type is checked against what the document says its list answers. */
type ListPathOf<T> = { [P in ListPath]: ApiResponse<P>['list'][number] extends T ? P : never }[ListPath];
/** The paths that answer a message (the saves and deletes). */
type MessagePath = { [P in PostPath]: ApiResponse<P> extends { message: string } ? P : never }[PostPath];

/** One template list's calls (002 §7.5-7.7): they differ only in their paths and the id their delete takes. */
export interface TemplateEndpoints<T> {
  kind: TemplateKind;
  list: ListPathOf<T>;
  create: MessagePath;
  update: MessagePath;
  remove: MessagePath;
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
export const useTemplateList = <T>(
  endpoints: TemplateEndpoints<T>,
  body: TemplateListRequest,
): UseQueryResult<ListPage<T>> =>
  // The sort path is the column's sortPath, one of those the server lists; ListPathOf<T> holds the rows to T.
  useListQuery(listKey(endpoints.kind), endpoints.list, body as ApiBody<ListPathOf<T>>, {
    silent: true,
  }) as UseQueryResult<ListPage<T>>;

export const useSaveTemplate = <T>(endpoints: TemplateEndpoints<T>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, isUpdate }: { body: object; isUpdate: boolean }) => {
      const path = isUpdate ? endpoints.update : endpoints.create;
      // The form parses the body with the endpoint's own schema (the config's form.schemaOf) before it sends it.
      return api.call(path, body as ApiBody<typeof path>);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey(endpoints.kind) }),
  });
};

export const useDeleteTemplate = <T>(endpoints: TemplateEndpoints<T>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: T) => api.call(endpoints.remove, endpoints.removeBody(item) as ApiBody<typeof endpoints.remove>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey(endpoints.kind) }),
  });
};

/**
 * R-ESIGN-011: POST /pdf-sign/get-tpl-prepare-iframe-url {type, editing, templateId} answers the frame's url.
 * The caller decides what a failure means: the preview ignores it (R-API-017), Add Agreement shows it.
 */
export const fetchPrepareUrl = (type: TemplateKind, editing: boolean, templateId: string) =>
  api.call('/api/pdf-sign/get-tpl-prepare-iframe-url', { type, editing, templateId });
