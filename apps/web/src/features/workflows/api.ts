import type { MasterDataCategory } from '@caseport/domain/master-data/contracts';
import type { TenantListItem } from '@caseport/domain/tenants/contracts';
import type { TemplateTypeId } from '@caseport/domain/workflows/catalogue';
import type { WorkflowListItem, WorkflowUpdateBody, WorkflowWire } from '@caseport/domain/workflows/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
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
    queryFn: ({ signal }) =>
      api.post<{ list: WorkflowListItem[]; totalCount: number }>(
        '/api/workflow/list',
        { ...query, getMasterData: true },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** R-WF-010/068: roles other than 3 and 4 load the tenant list (up to 10000) to pick a Customer. */
export const useTenantOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['tenant', 'list', 'picker'],
    queryFn: ({ signal }) =>
      api.post<{ list: TenantListItem[] }>(
        '/api/tenant/list',
        { page: 1, perpage: 10_000, getMasterData: true, filters: {} },
        signal,
      ),
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
    queryFn: ({ signal }) =>
      api.post<{ list: { code: string; name: string; description: string; step: number }[] }>(
        '/api/workflow/activity-codes',
        {},
        signal,
      ),
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
    queryFn: ({ signal }) =>
      api.post<{ workflow: WorkflowWire }>('/api/workflow/details', { workflowId }, signal).then((r) => r.workflow),
    enabled: !!workflowId,
  });

type Message = { message: string };
const useWorkflowMutation = <Body, Answer = Message>(path: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api.post<Answer>(path, body),
    // The shell caches the default workflow's flags under ['workflow', 'details', id] (R-SHELL-045).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: KEY }),
        queryClient.invalidateQueries({ queryKey: ['workflow'] }),
      ]),
  });
};

export const useCreateWorkflow = () =>
  useWorkflowMutation<
    { name: string; tplTypeId?: TemplateTypeId; tenantId?: string; config?: WorkflowWire['config'] } & Partial<
      Omit<WorkflowUpdateBody, 'workflowId' | 'name' | 'config'>
    >,
    Message & { workflowId: string }
  >('/api/workflow/create');
export const useCloneWorkflow = () =>
  useWorkflowMutation<{ name: string; workflowId: string; tenantId?: string }, Message & { workflowId: string }>(
    '/api/workflow/clone',
  );
export const useUpdateWorkflow = () => useWorkflowMutation<WorkflowUpdateBody>('/api/workflow/update');
export const useSetWorkflowActive = () =>
  useWorkflowMutation<{ workflowId: string; active: boolean }>('/api/workflow/manage-active-status');
export const useDeleteWorkflow = () => useWorkflowMutation<{ workflowId: string }>('/api/workflow/delete');
export const useSaveWorkflowConfig = () =>
  useWorkflowMutation<
    { workflowId: string; petitionTypeId: number; petitionSubTypeId?: number | null },
    Message & { workflowConfigId: string }
  >('/api/workflow/config-save');
