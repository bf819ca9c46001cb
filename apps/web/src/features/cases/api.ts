import type { CASE_STATUSES, CaseCreateBody, CaseFactOptions, CaseUpdateBody } from '@caseport/domain/cases/contracts';
import { companyListRequest } from '@caseport/domain/companies/contracts';
import type { ListCursor } from '@caseport/domain/list/seek';
import type { PersonInput } from '@caseport/domain/people/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, api } from '../../lib/api-client';

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
  /** Issue 37: a move by one page, read from the key of the page on screen (list/seek.ts). */
  cursor?: ListCursor;
  filters: CaseFilters;
}

export const useCaseList = (q: CaseQuery) =>
  useQuery({
    queryKey: [...KEY, 'list', q],
    queryFn: ({ signal }) => api.call('/api/cases/list', q as ApiBody<'/api/cases/list'>, signal),
    placeholderData: keepPreviousData,
  });

export const useCreateCase = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseCreateBody) => api.call('/api/cases/create', body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

export const caseDetailsKey = (caseId: string) => [...KEY, 'details', caseId] as const;

export const useCaseDetails = (caseId: string) =>
  useQuery({
    queryKey: caseDetailsKey(caseId),
    queryFn: ({ signal }) => api.call('/api/cases/details', { caseId }, signal),
  });

export const useUpdateCase = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseUpdateBody) => api.call('/api/cases/update', body),
    onSuccess: (answer, body) => {
      client.setQueryData(caseDetailsKey(body.caseId), answer.details);
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
};

export const useCaseHistory = (caseId: string) =>
  useQuery({
    queryKey: [...KEY, 'history', caseId],
    queryFn: ({ signal }) =>
      api.call(
        '/api/cases/history',
        { caseId, page: 1, perpage: 100, sorting: { path: 'at', order: -1 }, filters: {} },
        signal,
      ),
  });

/** The tenant's people, searched by name (the person picker). */
export const usePeopleSearch = (searchString: string) =>
  useQuery({
    queryKey: ['people', 'list', searchString],
    queryFn: ({ signal }) =>
      api.call(
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
  api.call('/api/people/similar', {
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

/**
 * Issue 34: the SOC code, service center and owner choices in one case-scoped call (roles 3 and 4 alike; the
 * settings-tab lists they used to come from are not the branch manager's).
 */
export const useFactOptions = <T>(select: (o: CaseFactOptions) => T, enabled = true) =>
  useQuery({
    queryKey: [...KEY, 'fact-options'],
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => api.call('/api/cases/fact-options', {}, signal),
    select,
  });

const socOptions = (o: CaseFactOptions) =>
  o.socCodes.map((s) => ({ value: s.id, label: [s.name, s.designation].filter(Boolean).join(' · ') }));
const centerOptions = (o: CaseFactOptions) =>
  o.serviceCenters.map((c) => ({ value: c.id, label: `${c.name} (${c.typeName})` }));
const ownerOptions = (o: CaseFactOptions) => o.owners.map((u) => ({ value: u.id, label: u.name }));

/** The tenant's active SOC codes for the SOC code fact. */
export const useSocCodeOptions = () => useFactOptions(socOptions);

/** The service centers the tenant sees, for the service center fact. */
export const useServiceCenterOptions = () => useFactOptions(centerOptions);

/** The tenant's users who can own cases, for the owner filter. */
export const useOwnerOptions = () => useFactOptions(ownerOptions);

/** What falls due for this case in the next 60 days and who receives it (case-apply's /api/reminders/case). */
export const useCaseReminders = (caseId: string) =>
  useQuery({
    queryKey: [...KEY, 'reminders', caseId],
    queryFn: ({ signal }) => api.call('/api/reminders/case', { caseId }, signal),
  });
