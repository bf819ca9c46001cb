import type { CatalogueSubTypeSaveBody, CatalogueTypeSaveBody } from '@caseport/domain/case-types/catalogue';
import { api } from '../../lib/api-client';
import { CATALOGUE_KEY, PLATFORM_CASE_CONFIGS_KEY as CONFIGS_KEY } from '../../lib/query-keys';
import { useInvalidatingMutation as useInvalidating } from '../../lib/use-invalidating-mutation';

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
