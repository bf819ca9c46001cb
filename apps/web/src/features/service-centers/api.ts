import type { ServiceCenterCreateBody, ServiceCenterUpdateBody } from '@caseport/domain/service-centers/contracts';
import { US_COUNTRY_ID } from '@caseport/domain/service-centers/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useListQuery } from '../../components/use-list-query';
import { type ApiBody, api } from '../../lib/api-client';
import { useMasterData } from '../../lib/use-master-data';

export const SERVICE_CENTERS_KEY = ['service-centers'] as const;

export interface ServiceCenterListRequest {
  page: number;
  perpage: number;
  filters: { title?: string; typeIds?: number[]; createdDateRange?: [string, string] };
  sorting: { path: string; order: 1 | -1 };
}

/** R-SVC-027. */
export const useServiceCenters = (body: ServiceCenterListRequest) =>
  // The sort path is the column's sortPath, one of those the server lists.
  useListQuery(SERVICE_CENTERS_KEY, '/api/service-centers/list', body as ApiBody<'/api/service-centers/list'>);

/** R-SVC-030. */
export const useCouriers = () =>
  useQuery({
    queryKey: ['couriers'],
    queryFn: ({ signal }) => api.call('/api/tracking/courierlist', {}, signal),
    select: (d) => d.list,
    staleTime: 10 * 60_000,
  });

/** R-SVC-032: case types (petition_types) and R-SVC-031: the states of country 231. */
export const useCaseTypes = () => useMasterData('petition_types');
export const useUsStates = () => useMasterData('states', { matcher: { countryId: US_COUNTRY_ID } });
export const useCountries = () => useMasterData('countries');

export const fetchServiceCenter = (serviceCenterId: string) =>
  api.call('/api/service-centers/details', { serviceCenterId }).then((d) => d.serviceCenter);

export const useSaveServiceCenter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceCenterCreateBody | ServiceCenterUpdateBody) =>
      api.call('serviceCenterId' in body ? '/api/service-centers/update' : '/api/service-centers/create', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SERVICE_CENTERS_KEY }),
  });
};

export const useDeleteServiceCenter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceCenterId: string) => api.call('/api/service-centers/delete', { serviceCenterId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SERVICE_CENTERS_KEY }),
  });
};
