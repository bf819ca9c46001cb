import type {
  BranchAnswer,
  BranchCreateBody,
  BranchDetails,
  BranchItem,
  BranchUpdateBody,
} from '@caseport/domain/branches/contracts';
import type { UserItem } from '@caseport/domain/users/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ListRequest, useListQuery } from '../../components/use-list-query';
import { api } from '../../lib/api-client';
import { BRANCHES_KEY, USERS_KEY } from '../../lib/query-keys';

export const useBranches = (body: ListRequest<{ searchString?: string }>) =>
  useListQuery<BranchItem>(BRANCHES_KEY, '/api/branches/list', body);

export const useBranch = (branchId: string | null) =>
  useQuery({
    queryKey: [...BRANCHES_KEY, 'details', branchId],
    queryFn: ({ signal }) => api.post<BranchDetails>('/api/branches/details', { branchId }, signal),
    enabled: !!branchId,
    retry: false,
  });

/** The tenant's active Branch Managers (role 4), the manager choices. */
export const useManagers = () => {
  const q = useListQuery<UserItem>(USERS_KEY, '/api/users/list', {
    page: 1,
    perpage: 100,
    sorting: { path: 'name', order: 1 },
    filters: { roleIds: [4], statuses: ['active', 'invited'] },
  });
  return (q.data?.list ?? []).map((u) => ({ value: u._id, label: `${u.firstName} ${u.lastName}` }));
};

const useBranchMutation = <B>(path: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post<BranchAnswer>(path, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BRANCHES_KEY });
      void queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
};
export const useCreateBranch = () => useBranchMutation<BranchCreateBody>('/api/branches/create');
export const useUpdateBranch = () => useBranchMutation<BranchUpdateBody>('/api/branches/update');
