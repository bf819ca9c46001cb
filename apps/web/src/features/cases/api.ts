import type {
  CASE_STATUSES,
  CaseCreateBody,
  CaseDetails,
  CaseListItem,
  CaseUpdateBody,
} from '@caseport/domain/cases/contracts';
import { companyListRequest } from '@caseport/domain/companies/contracts';
import type { Person, PersonInput } from '@caseport/domain/people/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const KEY = ['cases'] as const;

export interface CaseFilters {
  searchString?: string;
  statuses?: (typeof CASE_STATUSES)[number][];
  typeIds?: number[];
  petitionerIds?: string[];
  ownerIds?: string[];
}

export interface CaseQuery {
  page: number;
  perpage: number;
  sorting: { path: string; order: 1 | -1 };
  filters: CaseFilters;
}

// The issue-34 routes are typed by their domain contracts (packages/domain cases/ and people/), the bodies and
// answers the server validates and declares.
type Call = <T>(path: string, body: unknown, signal?: AbortSignal) => Promise<T>;
const call = api.call as unknown as Call;

export const useCaseList = (q: CaseQuery) =>
  useQuery({
    queryKey: [...KEY, 'list', q],
    queryFn: ({ signal }) => call<{ list: CaseListItem[]; totalCount: number }>('/api/cases/list', q, signal),
    placeholderData: keepPreviousData,
  });

export const useCreateCase = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseCreateBody) => call<{ message: string; case: CaseListItem }>('/api/cases/create', body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

export const caseDetailsKey = (caseId: string) => [...KEY, 'details', caseId] as const;

export const useCaseDetails = (caseId: string) =>
  useQuery({
    queryKey: caseDetailsKey(caseId),
    queryFn: ({ signal }) => call<CaseDetails>('/api/cases/details', { caseId }, signal),
  });

export const useUpdateCase = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseUpdateBody) => call<{ message: string; details: CaseDetails }>('/api/cases/update', body),
    onSuccess: (answer, body) => {
      client.setQueryData(caseDetailsKey(body.caseId), answer.details);
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
};

/** One audit row of the case (who, what, when). */
export interface CaseHistoryItem {
  _id: string;
  at: string;
  userName: string | null;
  userEmail?: string | null;
  action: string;
  entity?: string;
  fields?: string[];
  summary?: string | null;
}

export const useCaseHistory = (caseId: string) =>
  useQuery({
    queryKey: [...KEY, 'history', caseId],
    queryFn: ({ signal }) => call<{ list: CaseHistoryItem[] }>('/api/cases/history', { caseId }, signal),
  });

/** The tenant's people, searched by name (the person picker). */
export const usePeopleSearch = (searchString: string) =>
  useQuery({
    queryKey: ['people', 'list', searchString],
    queryFn: ({ signal }) =>
      call<{ list: Person[]; totalCount: number }>(
        '/api/people/list',
        {
          page: 1,
          perpage: 10,
          sorting: { path: 'familyName', order: 1 },
          filters: searchString.trim() ? { searchString: searchString.trim() } : {},
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** 'Adding a person that looks like an existing one offers the existing one first' (issue 34 item 1). */
export const findSimilarPeople = (person: Pick<PersonInput, 'givenName' | 'familyName' | 'dateOfBirth'>) =>
  call<{ list: Person[] }>('/api/people/similar', {
    givenName: person.givenName,
    familyName: person.familyName,
    dateOfBirth: person.dateOfBirth || null,
  });

/** R-CASECODE-022: the law firm's petitioner companies. */
export const usePetitioners = (search: string, enabled = true) =>
  useQuery({
    queryKey: ['company', 'list', search],
    enabled,
    queryFn: ({ signal }) => api.call('/api/company/list', companyListRequest(search), signal).then((r) => r.list),
    placeholderData: (previous) => previous,
  });

/** The tenant's active SOC codes for the SOC code fact. */
export const useSocCodeOptions = () =>
  useQuery({
    queryKey: ['soc-code-config', 'options'],
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      api
        .call(
          '/api/soc-code-config/list',
          { page: 1, perpage: 100, sorting: { path: 'name', order: 1 }, filters: { statusList: [true] } },
          signal,
        )
        .then((r) =>
          r.list.map((s) => ({
            value: s._id,
            label: [s.socDetails.name, s.socDetails.designation].filter(Boolean).join(' · '),
          })),
        ),
  });

/** The service centers the tenant sees, for the service center fact. */
export const useServiceCenterOptions = () =>
  useQuery({
    queryKey: ['service-centers', 'options'],
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      api
        .call(
          '/api/service-centers/list',
          { page: 1, perpage: 100, sorting: { path: 'name', order: 1 }, filters: {} },
          signal,
        )
        .then((r) => r.list.map((c) => ({ value: c._id, label: `${c.name} (${c.typeDetails.name})` }))),
  });
