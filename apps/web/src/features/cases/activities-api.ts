import type { CaseActivities, CaseActivityActBody, CaseActivitySetDueBody } from '@caseport/domain/cases/run-contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Issue 34 item 5: a case's workflow run (its Activities). */
export const activitiesKey = (caseId: string) => ['cases', 'activities', caseId] as const;

export const useCaseActivities = (caseId: string) =>
  useQuery({
    queryKey: activitiesKey(caseId),
    queryFn: ({ signal }) => api.call('/api/cases/activities/list', { caseId }, signal) as Promise<CaseActivities>,
  });

/** Every answer of a transition is the run as it now is: it replaces the cached one. */
const useRunMutation = <B>(caseId: string, fn: (body: B) => Promise<CaseActivities & { message: string }>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (run) => {
      const { message: _message, ...rest } = run;
      client.setQueryData(activitiesKey(caseId), rest);
      // The case's status and facts may have changed (an approval closes it, an LCA writes its number).
      void client.invalidateQueries({ queryKey: ['cases'], predicate: (q) => q.queryKey[1] !== 'activities' });
    },
  });
};

export const useStartActivities = (caseId: string) =>
  useRunMutation(
    caseId,
    () => api.call('/api/cases/activities/start', { caseId }) as Promise<CaseActivities & { message: string }>,
  );

export const useActOnActivity = (caseId: string) =>
  useRunMutation(
    caseId,
    (body: Omit<CaseActivityActBody, 'caseId'>) =>
      api.call('/api/cases/activities/act', { ...body, caseId }) as Promise<CaseActivities & { message: string }>,
  );

/** Issue 34: an open activity's due date, at the version the user saw. */
export const useSetActivityDue = (caseId: string) =>
  useRunMutation(
    caseId,
    (body: Omit<CaseActivitySetDueBody, 'caseId'>) =>
      api.call('/api/cases/activities/set-due', { ...body, caseId }) as Promise<CaseActivities & { message: string }>,
  );

/**
 * The tenant's active users of a role (the users list, filtered by role): for an ASSIGN_* activity, and for the
 * case's Link account picker (a page of 25 there).
 */
export const useUsersOfRole = (roleId: number | null, { page = 1, perpage = 100, enabled = true } = {}) =>
  useQuery({
    queryKey: ['users', 'of-role', roleId, page, perpage],
    enabled: enabled && roleId !== null,
    queryFn: ({ signal }) =>
      api.call(
        '/api/users/list',
        {
          page,
          perpage,
          sorting: { path: 'name', order: 1 },
          filters: { roleIds: [roleId as number], statuses: ['active'] },
        },
        signal,
      ),
  });

/** The case's fee estimate (the Fees tab's lines), to start an invoice from. */
export const useFeeEstimate = (caseId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['cases', 'fee-estimate', caseId],
    enabled,
    retry: false,
    queryFn: ({ signal }) => api.call('/api/invoices/case-fee-estimate', { caseId }, signal),
  });
