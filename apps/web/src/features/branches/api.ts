import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ListRequest, useListQuery } from '../../components/use-list-query';
import { type ApiBody, api, type PostPath } from '../../lib/api-client';
import { BRANCHES_KEY, USERS_KEY } from '../../lib/query-keys';

export const useBranches = (body: ListRequest<{ searchString?: string }>) =>
  // The sort path is the column's sortPath, one of those the server lists.
  useListQuery(BRANCHES_KEY, '/api/branches/list', body as ApiBody<'/api/branches/list'>);

export const useBranch = (branchId: string | null) =>
  useQuery({
    queryKey: [...BRANCHES_KEY, 'details', branchId],
    // Enabled only with an id, so never null here.
    queryFn: ({ signal }) => api.call('/api/branches/details', { branchId: branchId as string }, signal),
    enabled: !!branchId,
    retry: false,
  });

/** The tenant's active Branch Managers (role 4), the manager choices. */
export const useManagers = () => {
  const q = useListQuery(USERS_KEY, '/api/users/list', {
    page: 1,
    perpage: 100,
    sorting: { path: 'name', order: 1 },
    filters: { roleIds: [4], statuses: ['active', 'invited'] },
  });
  return (q.data?.list ?? []).map((u) => ({ value: u._id, label: `${u.firstName} ${u.lastName}` }));
};

const useBranchMutation = <P extends PostPath>(path: P) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<P>) => api.call(path, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BRANCHES_KEY });
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
};
export const useCreateBranch = () => useBranchMutation('/api/branches/create');
export const useUpdateBranch = () => useBranchMutation('/api/branches/update');
