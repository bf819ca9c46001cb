import type { MasterDataCategory } from '@caseport/domain/master-data/contracts';
import type { WorkflowListItem, WorkflowWire } from '@caseport/domain/workflows/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '../../components/use-list-query';
import { type ApiBody, api, type PostPath } from '../../lib/api-client';
import { fetchMasterData } from '../../lib/use-master-data';

/** The request body of /workflow/list as the screen builds it (R-WF-069). */
export interface WorkflowListQuery {
  page: number;
  perpage: number;
  sorting: { path: string; order: 1 | -1 };
  filters: {
    title?: string;
    createdDateRange?: string[];
    activeList?: ('Active' | 'Inactive')[];
    configList?: ('Complete' | 'Pending')[];
    tenantIds?: string[];
  };
}

const KEY = ['workflows'] as const;

export const useWorkflowList = (query: WorkflowListQuery) =>
  useQuery({
    queryKey: [...KEY, 'list', query],
    // The sort path is the column's sortPath, one of those the server lists.
    queryFn: async ({ signal }): Promise<ListPage<WorkflowListItem>> =>
      // The document types tplTypeId and tenantType as numbers; the stored ones are the domain's ids.
      (await api.call(
        '/api/workflow/list',
        { ...query, getMasterData: true } as ApiBody<'/api/workflow/list'>,
        signal,
      )) as ListPage<WorkflowListItem>,
    placeholderData: keepPreviousData,
  });

/** R-WF-010/068: roles other than 3 and 4 load the tenant list (up to 10000) to pick a Customer. */
export const useTenantOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['tenant', 'list', 'picker'],
    queryFn: ({ signal }) =>
      api.call('/api/tenant/list', { page: 1, perpage: 10_000, getMasterData: true, filters: {} }, signal),
    enabled,
    staleTime: 5 * 60_000,
    select: (r) => r.list,
  });

interface NamedRow {
  id: number;
  name: string;
  petitionTypeId?: number;
}
const masterData = (category: MasterDataCategory, perpage: number, signal?: AbortSignal) =>
  fetchMasterData<NamedRow>(category, { perpage }, signal);

/** R-WF-082: petition types with a page size of 100000000; sub-types for the optional pick. */
export const usePetitionTypes = (enabled: boolean) =>
  useQuery({
    queryKey: ['masterdata', 'petition_types'],
    queryFn: ({ signal }) => masterData('petition_types', 100_000_000, signal),
    enabled,
    staleTime: Infinity,
  });
export const usePetitionSubTypes = (enabled: boolean) =>
  useQuery({
    queryKey: ['masterdata', 'petition_sub_types'],
    queryFn: ({ signal }) => masterData('petition_sub_types', 100_000, signal),
    enabled,
    staleTime: Infinity,
  });
/** R-WF-081: role names for the editor and watcher choices, from master data 'user_roles' (page size 100000). */
export const useRoleNames = () =>
  useQuery({
    queryKey: ['masterdata', 'user_roles'],
    queryFn: ({ signal }) => masterData('user_roles', 100_000, signal),
    staleTime: Infinity,
    select: (rows) => new Map(rows.map((r) => [r.id, r.name])),
  });
/** R-WF-079: the activity codes with their names and descriptions, from the get-activity-codes call. */
export const useActivityCodes = () =>
  useQuery({
    queryKey: ['workflow', 'activity-codes'],
    queryFn: ({ signal }) => api.call('/api/workflow/activity-codes', {}, signal),
    staleTime: Infinity,
    retry: false,
    select: (r) => new Map(r.list.map((a) => [a.code, { name: a.name, description: a.description }])),
  });
export const useTemplateTypes = () =>
  useQuery({
    queryKey: ['masterdata', 'template_types'],
    queryFn: ({ signal }) => masterData('template_types', 1000, signal),
    staleTime: Infinity,
  });

export const useWorkflow = (workflowId: string | null) =>
  useQuery({
    queryKey: [...KEY, 'details', workflowId],
    // Enabled only with an id, so never null here.
    queryFn: ({ signal }) =>
      api
        .call('/api/workflow/details', { workflowId: workflowId as string }, signal)
        // The document types tenantType as a number; a stored tenant type is 1 or 2.
        .then((r) => r.workflow as WorkflowWire),
    enabled: !!workflowId,
  });

const useWorkflowMutation = <P extends PostPath>(path: P) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<P>) => api.call(path, body),
    // The shell caches the default workflow's flags under ['workflow', 'details', id] (R-SHELL-045).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ['workflow'] }),
      ]),
  });
};

export const useCreateWorkflow = () => useWorkflowMutation('/api/workflow/create');
export const useCloneWorkflow = () => useWorkflowMutation('/api/workflow/clone');
export const useUpdateWorkflow = () => useWorkflowMutation('/api/workflow/update');
export const useSetWorkflowActive = () => useWorkflowMutation('/api/workflow/manage-active-status');
export const useDeleteWorkflow = () => useWorkflowMutation('/api/workflow/delete');
export const useSaveWorkflowConfig = () => useWorkflowMutation('/api/workflow/config-save');
