import type { MasterDataCategory } from '@caseport/domain/master-data/contracts';
import { MASTER_DATA_PAGE_SIZE } from '@caseport/domain/master-data/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export interface MasterDataRow {
  id: number;
  name: string;
  [key: string]: unknown;
}

export interface MasterDataQuery {
  matcher?: Record<string, unknown>;
  /** Page size of the call; some screens ask for everything at once (R-WF-081/082). */
  perpage?: number;
}

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/**
 * POST /api/masterdata/list {matcher, page 1, perpage, category} (R-API-018), the one loader of reference
 * data. A failed load gives an empty list (R-API-014), so pickers stay usable; only a cancelled request
 * (the component went away) still rejects.
 */
export const fetchMasterData = <T = MasterDataRow>(
  category: MasterDataCategory,
  { matcher = {}, perpage = MASTER_DATA_PAGE_SIZE }: MasterDataQuery = {},
  signal?: AbortSignal,
): Promise<T[]> =>
  api
    .call('/api/masterdata/list', { matcher, page: 1, perpage, category }, signal)
    // The document gives one row shape for every category; the caller names the fields of its category's rows.
    .then((r) => r.list as unknown as T[])
    .catch((e: unknown) => {
      if (isAbort(e)) throw e;
      return [];
    });

export const masterDataKey = (category: MasterDataCategory, query: MasterDataQuery = {}) =>
  ['masterdata', category, query.matcher ?? {}, query.perpage ?? MASTER_DATA_PAGE_SIZE] as const;

/** One category as a react-query; reference data changes rarely: cached 10 min unless told otherwise. */
export const useMasterData = <T = MasterDataRow>(
  category: MasterDataCategory,
  query: MasterDataQuery = {},
  { enabled = true, staleTime = 10 * 60_000 }: { enabled?: boolean; staleTime?: number } = {},
) =>
  useQuery({
    queryKey: masterDataKey(category, query),
    queryFn: ({ signal }) => fetchMasterData<T>(category, query, signal),
    enabled,
    staleTime,
  });
