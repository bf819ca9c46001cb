import type { CatalogueSubTypeSaveBody, CatalogueTypeSaveBody } from '@caseport/domain/case-types/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { CATALOGUE_KEY, PLATFORM_CASE_CONFIGS_KEY as CONFIGS_KEY } from '../../lib/query-keys';

const useInvalidating = <B, A>(fn: (body: B) => Promise<A>, keys: readonly (readonly string[])[]) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};

/** The Case Types tab (caseTypes): the platform's case catalogue, served by /api/case-catalogue/*. */
export const useSaveCatalogueType = () =>
  useInvalidating(
    (body: CatalogueTypeSaveBody) => api.call('/api/case-catalogue/save-type', body),
    [CATALOGUE_KEY, CONFIGS_KEY],
  );
export const useSaveCatalogueSubType = () =>
  useInvalidating(
    (body: CatalogueSubTypeSaveBody) => api.call('/api/case-catalogue/save-sub-type', body),
    [CATALOGUE_KEY, CONFIGS_KEY],
  );
