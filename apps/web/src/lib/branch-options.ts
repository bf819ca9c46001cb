import { useListQuery } from '../components/use-list-query';
import { BRANCHES_KEY } from './query-keys';

/** Every branch of the tenant (a branch manager: their own), for pickers (the users screens). */
export const useBranchOptions = () => {
  const q = useListQuery(BRANCHES_KEY, '/api/branches/list', {
    page: 1,
    perpage: 100,
    sorting: { path: 'name', order: 1 },
    filters: {},
  });
  return (q.data?.list ?? []).map((b) => ({ value: b._id, label: b.name }));
};
