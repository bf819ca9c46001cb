import type { GlobalConfigDetails, GlobalConfigSaveBody } from '@caseport/domain/reminders/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { todayIso } from '../../components/format-date';
import { api } from '../../lib/api-client';

const KEY = ['global-config'] as const;

/** R-REM-075: global-config/details (role 1 names the customer it configures, D-02). */
export const useGlobalConfig = (tenantId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'details', tenantId],
    enabled,
    queryFn: () =>
      api
        .call('/api/global-config/details', tenantId ? { tenantId } : {})
        // The domain's GlobalConfig types the i140 block like the others (the answer's i140 has no roles), and
        // the form reads it through that type.
        .then((r) => r as GlobalConfigDetails),
  });

/** R-REM-029: create when no record exists, otherwise update. */
export const useSaveGlobalConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ exists, body }: { exists: boolean; body: GlobalConfigSaveBody }) =>
      api.call(exists ? '/api/global-config/update' : '/api/global-config/create', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
};

/** R-REM-070, D-22: the season years offered, with today as YYYY-MM-DD. */
export const useSeasonYears = (tenantId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'season-years', tenantId],
    enabled,
    queryFn: () =>
      api
        .call('/api/cap-registrations/get-season-year-list', {
          today: todayIso(),
          ...(tenantId ? { tenantId } : {}),
        })
        .then((r) => r.list)
        .catch(() => [] as string[]),
  });

/** R-REM-073: the couriers of the default courier picker; a failed load is an empty list (§8). */
export const useCouriers = () =>
  useQuery({
    queryKey: ['tracking', 'courierlist'],
    staleTime: 10 * 60_000,
    queryFn: () =>
      api
        .call('/api/tracking/courierlist', {})
        .then((r) => r.list)
        .catch(() => []),
  });
