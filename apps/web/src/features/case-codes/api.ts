import type {
  CaseIdConfig,
  CaseIdConfigCreateBody,
  CaseIdConfigUpdateBody,
} from '@caseport/domain/case-codes/contracts';
import { type CompanyListItem, companyListRequest } from '@caseport/domain/companies/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
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
    queryFn: ({ signal }) =>
      api.post<{ list: CaseIdConfig[]; totalCount: number }>('/api/case-id-config/list', listBody(q), signal),
    placeholderData: keepPreviousData,
  });

/** Sub-types already numbered by the customer's saved configurations (R-CASECODE-025), except `exceptId`. */
export const useTakenSubTypes = (tenantId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'taken', tenantId],
    enabled,
    queryFn: async () => {
      const body = { page: 1, perpage: 100, filters: tenantId ? { tenantIds: [tenantId] } : {} };
      const res = await api.post<{ list: CaseIdConfig[] }>('/api/case-id-config/list', body);
      return res.list.map((c) => ({ configId: c._id, subTypeIds: c.subTypeIds }));
    },
  });

export const useCaseCodeDetails = (configId: string | null) =>
  useQuery({
    queryKey: [...KEY, 'details', configId],
    enabled: !!configId,
    queryFn: () =>
      api.post<{ caseIdConfig: CaseIdConfig }>('/api/case-id-config/details', { configId }).then((r) => r.caseIdConfig),
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
    queryFn: ({ signal }) =>
      api
        .post<{ list: CompanyListItem[] }>('/api/company/list', companyListRequest(search), signal)
        .then((r) => r.list),
    placeholderData: keepPreviousData,
  });

/** The signed-in tenant's own name and ID prefix (CUSTOMER_CODE of the Example Case ID). */
export const useOwnTenant = (tenantId: string | null) => useTenantDetails(tenantId);

const useInvalidating = <B>(path: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post<{ message: string }>(path, body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

export const useCreateCaseCodes = () => useInvalidating<CaseIdConfigCreateBody>('/api/case-id-config/create');
export const useUpdateCaseCode = () => useInvalidating<CaseIdConfigUpdateBody>('/api/case-id-config/update');
export const useDeleteCaseCode = () => useInvalidating<{ configId: string }>('/api/case-id-config/delete');
