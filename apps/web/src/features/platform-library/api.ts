import { FORM_LETTER_PER_PAGE, type PetitionConfigSaveBody } from '@caseport/domain/case-types/contracts';
import type {
  FormEditionAddBody,
  PlatformCaseConfigSaveBody,
  PlatformFormSaveBody,
} from '@caseport/domain/platform-library/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { PLATFORM_CASE_CONFIGS_KEY as CONFIGS_KEY } from '../../lib/query-keys';
import { useInvalidatingMutation as useInvalidating } from '../../lib/use-invalidating-mutation';

const LIBRARY_KEY = ['platform-library', 'forms'] as const;

/** The whole library (a few dozen entries): searched and filtered in the page. */
export const useLibrary = () =>
  useQuery({
    queryKey: LIBRARY_KEY,
    queryFn: ({ signal }) => api.call('/api/platform-library/forms/list', {}, signal),
  });

export const useSaveForm = () =>
  useInvalidating((body: PlatformFormSaveBody) => api.call('/api/platform-library/forms/save', body), [LIBRARY_KEY]);
export const useAddEdition = () =>
  useInvalidating(
    (body: FormEditionAddBody) => api.call('/api/platform-library/forms/add-edition', body),
    [LIBRARY_KEY],
  );

export const usePlatformConfigs = () =>
  useQuery({
    queryKey: CONFIGS_KEY,
    queryFn: ({ signal }) => api.call('/api/platform-library/case-configs/list', {}, signal),
  });
export const useSavePlatformConfig = () =>
  useInvalidating(
    (body: PlatformCaseConfigSaveBody) => api.call('/api/platform-library/case-configs/save', body),
    [CONFIGS_KEY],
  );
export const useDeletePlatformConfig = () =>
  useInvalidating(
    (subTypeId: number) => api.call('/api/platform-library/case-configs/delete', { subTypeId }),
    [CONFIGS_KEY],
  );

export interface TenantOption {
  _id: string;
  name: string;
  tenantType: 1 | 2;
}
/** The tenant picker of role 1 (the customer directory, D-02). */
export const useTenantOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['platform-library', 'tenants'],
    enabled,
    queryFn: ({ signal }) => api.call('/api/tenant/list', { page: 1, perpage: 100 }, signal),
  });

const TENANT_KEY = ['platform-library', 'tenant'] as const;

/** Role 1 reads a tenant's own configurations through the case-type configuration's list (D-02). */
export const useTenantConfigs = (tenantId: string | null) =>
  useQuery({
    queryKey: [...TENANT_KEY, 'configs', tenantId],
    enabled: !!tenantId,
    // Enabled only with an id, so never null here.
    queryFn: ({ signal }) =>
      api.call('/api/petition-config/list', { filters: { tenantIds: [tenantId as string] } }, signal),
  });

/** Issue 21: the tenant's checklist (its own forms and letters and the platform's), for role 1's editing. */
export const useTenantChecklist = (tenantId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: [...TENANT_KEY, 'checklist', tenantId],
    enabled: !!tenantId && enabled,
    queryFn: ({ signal }) =>
      api.call(
        '/api/form-letter/list',
        // Enabled only with a tenant.
        { page: 1, perpage: FORM_LETTER_PER_PAGE, withPlatformLibrary: true, tenantId: tenantId as string },
        signal,
      ),
  });

/** Issue 21: role 1 saves a tenant's configuration through the tenant's own routes, naming the tenant. */
export const useSaveTenantConfig = () =>
  useInvalidating(
    (body: PetitionConfigSaveBody & { tenantId: string }) =>
      api.call(body.petitionConfigId ? '/api/petition-config/update' : '/api/petition-config/create', body),
    [TENANT_KEY],
  );

/** Role 1's preview of a published questionnaire version (Questionnaire Templates is its tab). */
export const useQuestionnaireVersion = (questionnaireId: string, version: number) =>
  useQuery({
    queryKey: ['questionnaire-template', 'version', questionnaireId, version],
    queryFn: ({ signal }) => api.call('/api/questionnaire-template/version', { questionnaireId, version }, signal),
  });
