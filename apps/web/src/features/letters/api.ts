import {
  type FormLetter,
  HEADER_DOC_TYPE,
  HEADER_TYPE_PAGE_SIZE,
  LETTER_TYPE,
} from '@caseport/domain/letters/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { displayTimeZone, todayIso } from '../../components/format-date';
import { useListQuery } from '../../components/use-list-query';
import { type ApiBody, api } from '../../lib/api-client';
import { useMasterData } from '../../lib/use-master-data';

/** The two lists of 002 §7.4: letters (typeIds ['Letter'], R-LETTER-013) and headers (R-LETTER-014). */
export type LetterListKind = 'letters' | 'headers';
export const LETTERS_KEY = ['form-letter'] as const;

export interface LetterListRequest {
  title: string;
  page: number;
  perpage: number;
  sorting: { path: string; order: 1 | -1 };
}

/**
 * R-LETTER-012: page, perpage, filters {title, statusIds, typeIds, createdDateRange, docTypeIds}, sorting,
 * timezone and today. A failed load shows no message (R-API-013).
 */
export const letterListBody = (kind: LetterListKind, q: LetterListRequest) => ({
  page: q.page,
  perpage: q.perpage,
  filters: {
    ...(q.title ? { title: q.title } : {}),
    statusIds: [],
    ...(kind === 'letters' ? { typeIds: [LETTER_TYPE] } : { docTypeIds: [HEADER_DOC_TYPE] }),
    createdDateRange: [],
  },
  sorting: q.sorting,
  timezone: displayTimeZone(),
  today: todayIso(),
});

export const useLetterList = (kind: LetterListKind, q: LetterListRequest) =>
  useListQuery(
    [...LETTERS_KEY, kind],
    '/api/form-letter/list',
    // The sort path is the column's sortPath, one of those the server lists.
    letterListBody(kind, q) as ApiBody<'/api/form-letter/list'>,
    { silent: true },
  );

/** R-LETTER-006: POST form-letter/delete {formAndLetterId}. */
export const useDeleteLetter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: FormLetter) => api.call('/api/form-letter/delete', { formAndLetterId: item._id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LETTERS_KEY }),
  });
};

export const useRefreshLetters = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: LETTERS_KEY });
};

export interface HeaderCreateBody {
  name: string;
  caseTypeId: number;
  caseSubTypeId: number | null;
  templateId: string;
}

/** The 'Add Letter Header' modal's Save: the uploaded .docx as it is (R-LETTER-010's create). */
export const useCreateHeader = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HeaderCreateBody) =>
      api.call('/api/form-letter/create', { ...body, type: LETTER_TYPE, docTypeId: HEADER_DOC_TYPE }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LETTERS_KEY }),
  });
};

/** R-LETTER-024: the header modal's case types and sub-types, 25 per page (002 §7.3). */
export const useHeaderCaseTypes = () => useMasterData('petition_types', { perpage: HEADER_TYPE_PAGE_SIZE });
export const useHeaderSubTypes = (typeId: number | null) =>
  useMasterData(
    'petition_sub_types',
    { matcher: { petitionType: typeId }, perpage: HEADER_TYPE_PAGE_SIZE },
    { enabled: typeId !== null },
  );

// ---- filled for a case ----

export interface CaseOption {
  _id: string;
  caseNumber: string;
  beneficiaryName: string | null;
}

/** The newest 100 cases of the tenant (the minimal cases of issue 5), searched in the picker itself. */
export const useCaseOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['cases', 'letter-picker'],
    enabled,
    queryFn: ({ signal }) => api.call('/api/cases/list', { page: 1, perpage: 100 }, signal).then((r) => r.list),
  });

export const usePdfCapability = (enabled: boolean) =>
  useQuery({
    queryKey: ['form-letter', 'capabilities'],
    enabled,
    staleTime: 10 * 60_000,
    queryFn: ({ signal }) => api.call('/api/form-letter/capabilities', {}, signal),
  });
