import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { CATALOGUE_KEY } from './query-keys';

/** The case catalogue: the Case Types tab (case-types) edits it, the platform library's forms pick from it. */
export const useCatalogue = () =>
  useQuery({
    queryKey: CATALOGUE_KEY,
    queryFn: ({ signal }) => api.call('/api/case-catalogue/list', {}, signal),
  });
