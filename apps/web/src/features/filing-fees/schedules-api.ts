import type { DatedLineEndBody, FeeSchedulePublishBody } from '@caseport/domain/filing-fees/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/use-invalidating-mutation';

/** Issue 36: the platform's fee schedule versions (roles 1 and 2). */
export const SCHEDULES_KEY = ['platform', 'fee-schedules'] as const;

export const usePlatformSchedules = () =>
  useQuery({
    queryKey: SCHEDULES_KEY,
    queryFn: ({ signal }) => api.call('/api/platform/fee-schedules/list', {}, signal),
  });

export const useCompareSchedules = (pair: { from: string; to: string }) =>
  useQuery({
    queryKey: [...SCHEDULES_KEY, 'compare', pair.from, pair.to],
    queryFn: ({ signal }) => api.call('/api/platform/fee-schedules/compare', pair, signal),
  });

/** A change of the schedules refreshes the list and every comparison. */
const useScheduleMutation = <B, R>(call: (body: B) => Promise<R>) => useInvalidatingMutation(call, [SCHEDULES_KEY]);

export const usePublishSchedule = () =>
  useScheduleMutation((body: FeeSchedulePublishBody) => api.call('/api/platform/fee-schedules/publish', body));

export const useWithdrawSchedule = () =>
  useScheduleMutation((id: string) => api.call('/api/platform/fee-schedules/withdraw', { id }));

export const useSetLineEnd = () =>
  useScheduleMutation((body: DatedLineEndBody) => api.call('/api/platform/fee-schedules/set-line-end', body));
