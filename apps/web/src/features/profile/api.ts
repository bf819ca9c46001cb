import type {
  CompanyDataUpdate,
  PetitionerProfileUpdate,
  TenantProfileUpdate,
} from '@caseport/domain/profile/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { tenantDetailsKey, useTenantDetails } from '../../lib/shell-queries';

/** The shell's /auth/me key: it carries profComplted for tab activation (R-SHELL-042). */
const ME_KEY = ['auth', 'me'] as const;

/** R-PROFILE-039: the tenant object from the get-tenant-details call (the shell's cache entry). */
export const useTenantProfile = (tenantId: string | null) => useTenantDetails(tenantId);

/** After a save the shell must see the new profile before it routes (the profile hold lifts). */
const useRefreshProfile = () => {
  const qc = useQueryClient();
  return (tenantId: string | null) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ME_KEY }),
      tenantId ? qc.invalidateQueries({ queryKey: tenantDetailsKey(tenantId) }) : null,
    ]);
};

export const useUpdateProfile = (tenantId: string | null) => {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: (body: TenantProfileUpdate) => api.call('/api/tenant/update-profile', body),
    onSuccess: () => refresh(tenantId),
  });
};

export const useUpdateEverify = (tenantId: string | null) => {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: (eVerifyClientId: string) =>
      // The profile screens are a tenant's own: its signed-in user always has a tenant.
      api.call('/api/tenant/update-everify-client-id', { tenantId: tenantId as string, eVerifyClientId }),
    onSuccess: () => refresh(tenantId),
  });
};

export const useUpdateCompanyData = (tenantId: string | null) => {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: (body: CompanyDataUpdate) => api.call('/api/tenant/update-company-data', body),
    onSuccess: () => refresh(tenantId),
  });
};

/** R-PROFILE-046: the file goes too. */
export const deleteDocument = (path: string) => api.call('/api/tenant/delete-document', { path });

const PETITIONER_KEY = ['petitioner', 'profile'] as const;

export const usePetitionerProfile = () =>
  useQuery({
    queryKey: PETITIONER_KEY,
    queryFn: ({ signal }) => api.call('/api/petitioner/details', {}, signal).then((r) => r.petitionerInfo),
  });

export const useUpdatePetitionerProfile = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PetitionerProfileUpdate) => api.call('/api/petitioner/update-profile', body),
    onSuccess: (res) => qc.setQueryData(PETITIONER_KEY, res.petitionerInfo),
  });
};
