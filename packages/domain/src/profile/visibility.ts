import { isPlatformRole, Role, type RoleId } from '../auth/roles';
import type { TenantProfile } from './contracts';

/**
 * What /api/tenant/details shows each role (R-PROFILE-001: only role 3 loads the Company Details form).
 * The call also serves tab activation (R-SHELL-044), the workflow editor (R-WF-080), the case-code form and
 * role 12's company data (R-PROFILE-036), so every role of the tenant gets the tenant object, with the
 * same shape, but only role 3 and the platform roles (D-02) see the administrative fields. Role 12 also sees
 * the address it edits. Everyone else gets the public identity of the firm: name, type, codes, images.
 */
export const tenantProfileFor = (roleId: RoleId, t: TenantProfile): TenantProfile => {
  if (roleId === Role.Admin || isPlatformRole(roleId)) return t;
  return {
    tenantId: t.tenantId,
    name: t.name,
    tenantType: t.tenantType,
    idPrefix: t.idPrefix,
    slug: t.slug,
    assetPath: t.assetPath,
    logo: t.logo,
    favicon: t.favicon,
    profComplted: t.profComplted,
    address: roleId === Role.AuthorizedSignatory ? t.address : null,
    adminEmail: '',
    adminFirstName: '',
    adminLastName: '',
    phone: '',
    phoneCountryCode: null,
    fromEmail: '',
    contactEmail: '',
    feiNumber: '',
    feinDocs: [],
    mailingAddressSame: null,
    mailingaddress: null,
    eVerifyClientId: null,
    isSameasAdminInformation: null,
    petitionerInfo: null,
  };
};
