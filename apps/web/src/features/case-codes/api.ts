import { type CompanyListItem, companyListRequest } from '@caseport/domain/companies/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, api, type PostPath } from '../../lib/api-client';
import { useTenantDetails } from '../../lib/shell-queries';

export interface CaseCodeFilters {
  subTypeIds: number[];
  tenantIds: string[];
  createdDateRange: [string | null, string | null];
}

export interface CaseCodeQuery {
  page: number;
  perpage: number;
  sorting: { path: string; order: 1 | -1 };
  filters: CaseCodeFilters;
}

const KEY = ['case-id-config'] as const;

/** R-CASECODE-052: only filters with a value are sent; the date range as YYYY-MM-DD (R-CASECODE-003). */
export const listBody = (q: CaseCodeQuery) => {
  const f = q.filters;
  const [from, to] = f.createdDateRange;
  const filters = {
    ...(f.subTypeIds.length ? { subTypeIds: f.subTypeIds } : {}),
    ...(f.tenantIds.length ? { tenantIds: f.tenantIds } : {}),
    ...(from ? { createdDateRange: to ? [from, to] : [from] } : {}),
  };
  return { page: q.page, perpage: q.perpage, sorting: q.sorting, filters };
};

export const useCaseCodeList = (q: CaseCodeQuery) =>
  useQuery({
    queryKey: [...KEY, 'list', listBody(q)],
    // The sort path is the column's sortPath, one of those the server lists.
    queryFn: ({ signal }) =>
      api.call('/api/case-id-config/list', listBody(q) as ApiBody<'/api/case-id-config/list'>, signal),
    placeholderData: keepPreviousData,
  });

/** Sub-types already numbered by the customer's saved configurations (R-CASECODE-025), except `exceptId`. */
export const useTakenSubTypes = (tenantId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'taken', tenantId],
    enabled,
    queryFn: async () => {
      const body = { page: 1, perpage: 100, filters: tenantId ? { tenantIds: [tenantId] } : {} };
      const res = await api.call('/api/case-id-config/list', body);
      return res.list.map((c) => ({ configId: c._id, subTypeIds: c.subTypeIds }));
    },
  });

export const useCaseCodeDetails = (configId: string | null) =>
  useQuery({
    queryKey: [...KEY, 'details', configId],
    enabled: !!configId,
    // Enabled only with an id, so never null here.
    queryFn: () =>
      api.call('/api/case-id-config/details', { configId: configId as string }).then((r) => r.caseIdConfig),
  });

/**
 * R-CASECODE-022: roles other than 1 load their petitioner list (`/company/list`, 25 by name, with the
 * typed text as matcher) to preview the Example Case ID with a real petitioner.
 */
export const usePetitioners = (search: string, enabled: boolean) =>
  useQuery<CompanyListItem[]>({
    queryKey: ['company', 'list', search],
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => api.call('/api/company/list', companyListRequest(search), signal).then((r) => r.list),
    placeholderData: keepPreviousData,
  });

/** The signed-in tenant's own name and ID prefix (CUSTOMER_CODE of the Example Case ID). */
export const useOwnTenant = (tenantId: string | null) => useTenantDetails(tenantId);

const useInvalidating = <P extends PostPath>(path: P) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<P>) => api.call(path, body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

export const useCreateCaseCodes = () => useInvalidating('/api/case-id-config/create');
export const useUpdateCaseCode = () => useInvalidating('/api/case-id-config/update');
export const useDeleteCaseCode = () => useInvalidating('/api/case-id-config/delete');
