import type { MasterDataCategory } from '@caseport/domain/master-data/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export interface MasterDataRow {
  id: number;
  name: string;
  [key: string]: unknown;
}

/** POST /api/masterdata/list for one category (R-API-018); reference data changes rarely: cached 10 min. */
export const useMasterData = (category: MasterDataCategory, matcher: Record<string, unknown> = {}, perpage = 1000) =>
  useQuery({
    queryKey: ['masterdata', category, matcher, perpage],
    queryFn: ({ signal }) =>
      api.post<{ list: MasterDataRow[] }>('/api/masterdata/list', { category, matcher, page: 1, perpage }, signal),
    select: (d) => d.list,
    staleTime: 10 * 60_000,
  });
