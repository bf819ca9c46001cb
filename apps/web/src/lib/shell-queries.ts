import type { Me } from '@caseport/domain/auth/contracts';
import { useQuery } from '@tanstack/react-query';
import { displayTimeZone, todayIso } from '../components/format-date';
import { type ApiBody, api } from './api-client';

/** POST /api/workflow/details (002 §7.8): only the flags tab activation reads (R-SHELL-045). */
export interface WorkflowSummary {
  _id: string;
  name: string;
  configCompleted: boolean;
  active: boolean;
}

export const workflowDetailsKey = (workflowId: string) => ['workflow', 'details', workflowId] as const;

export const useWorkflowDetails = (workflowId: string | null | undefined, enabled: boolean) =>
  useQuery({
    queryKey: workflowDetailsKey(workflowId ?? ''),
    queryFn: ({ signal }) =>
      // Enabled only with an id.
      api.call('/api/workflow/details', { workflowId: workflowId as string }, signal).then((r) => r.workflow),
    enabled: enabled && !!workflowId,
  });

export const tenantDetailsKey = (tenantId: string) => ['tenant', 'details', tenantId] as const;

/**
 * POST /api/tenant/details {tenantId}: the tenant object of 000 §3, one cache entry per tenant for every
 * reader — the shell's tab activation (R-SHELL-044), the profile forms (R-PROFILE-039), the workflow
 * editor (R-WF-080) and the case-code form.
 */
export const useTenantDetails = (tenantId: string | null | undefined, enabled = true) =>
  useQuery({
    queryKey: tenantDetailsKey(tenantId ?? ''),
    queryFn: ({ signal }) =>
      // Enabled only with an id.
      api.call('/api/tenant/details', { tenantId: tenantId as string }, signal).then((r) => r.tenant),
    enabled: enabled && !!tenantId,
    staleTime: 30_000,
    retry: false,
  });

/** The R-SHELL-048 body. `Me.user` carries no phone yet; the optional fields are read when the server adds them. */
export const selectedPlanBody = (me: Me, now = new Date()): ApiBody<'/api/billing/selected-plan'> => {
  const user = me.user;
  return {
    subscriber: {
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      phone: user.phone ?? '',
      phoneCode: user.phoneCode ?? '',
    },
    plans: [],
    serviceTypeId: 1,
    methodTypeId: 1,
    // The tenant's day and zone (issue 38 finding 2), as every date the product shows.
    today: todayIso(now),
    timezone: displayTimeZone(),
  };
};

export const selectedPlanKey = (tenantId: string) => ['billing', 'selected-plan', tenantId] as const;

export const useSelectedPlan = (me: Me | null | undefined, enabled: boolean) =>
  useQuery({
    queryKey: selectedPlanKey(me?.tenantId ?? ''),
    queryFn: ({ signal }) => api.call('/api/billing/selected-plan', selectedPlanBody(me as Me), signal),
    enabled: enabled && !!me?.tenantId,
    staleTime: 5 * 60_000,
  });

export const SETUP_PROGRESS_KEY = ['tenant', 'setup-progress'] as const;

/** POST /api/tenant/setup-progress: where first-time setup stands (D-01, issue 15), judged by the server. */
export const setupProgressQuery = {
  queryKey: SETUP_PROGRESS_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) => api.call('/api/tenant/setup-progress', {}, signal),
  staleTime: 0,
};

export const useSetupProgress = (enabled: boolean) => useQuery({ ...setupProgressQuery, enabled });
