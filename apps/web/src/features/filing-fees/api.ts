import {
  FEE_SUB_TYPE_PAGE_SIZE,
  type FeeSaveBody,
  type FeeVersionWithdrawBody,
} from '@caseport/domain/filing-fees/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const FEES_KEY = ['filing-fees'] as const;

/**
 * R-FEE-023: the fee groups of a case type (none asked: only the case types on offer); issue 36: the version in
 * force on `invoiceDate` when one is asked (an upcoming version opened to edit).
 */
export const useFeeCategories = (petitionType: number | null, invoiceDate: string | null = null) =>
  useQuery({
    queryKey: [...FEES_KEY, petitionType, invoiceDate],
    queryFn: ({ signal }) =>
      api.call(
        '/api/invoices/get-case-type-filing-fee-categories',
        petitionType === null ? {} : { petitionType, ...(invoiceDate ? { invoiceDate } : {}) },
        signal,
      ),
  });

/** R-FEE-027: the sub-types from master data 'petition_sub_types', page size 1000; a failure gives none. */
export const useFeeSubTypes = (petitionType: number | null) =>
  useQuery({
    queryKey: ['masterdata', 'petition_sub_types', petitionType],
    enabled: petitionType !== null,
    queryFn: ({ signal }) =>
      api
        .call(
          '/api/masterdata/list',
          {
            category: 'petition_sub_types',
            // Enabled only with a case type.
            matcher: { petitionType: petitionType as number },
            page: 1,
            perpage: FEE_SUB_TYPE_PAGE_SIZE,
          },
          signal,
        )
        // The document gives one row shape for every master-data category; sub-types have a numeric id.
        .then((r) => r.list as unknown as { id: number; name: string }[])
        .catch(() => []),
  });

/** R-FEE-024. */
export const useSaveFees = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeeSaveBody) => api.call('/api/invoices/save-case-type-filing-fee-categories', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEES_KEY }),
  });
};

/** Issue 36: the open cases whose estimates a version would change (asked before a back-dated save). */
export const useVersionImpact = () =>
  useMutation({
    mutationFn: (body: FeeSaveBody) => api.call('/api/invoices/filing-fee-version-impact', body),
  });

/** Issue 36: a version that has not started yet is withdrawn. */
export const useWithdrawFeeVersion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeeVersionWithdrawBody) => api.call('/api/invoices/withdraw-filing-fee-version', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEES_KEY }),
  });
};
