import { describe, expect, it } from 'vitest';
import type { TenantProfile } from './contracts';
import { buildAddress, buildFileRef } from './fixtures';
import { tenantProfileFor } from './visibility';

const full: TenantProfile = {
  tenantId: 't-1',
  name: 'Demo Law Firm',
  tenantType: 1,
  adminEmail: 'admin@lawfirm.test',
  adminFirstName: 'Ada',
  adminLastName: 'Admin',
  phone: '2015550123',
  phoneCountryCode: { countryCode: 'US', countryCallingCode: '1' },
  logo: buildFileRef('public/logo.png'),
  favicon: buildFileRef('public/favicon.png'),
  fromEmail: 'noreply@example.com',
  contactEmail: 'hello@example.com',
  idPrefix: 'DLF',
  slug: 'demolaw',
  assetPath: 'demolaw',
  feiNumber: '12-3456789',
  feinDocs: [buildFileRef('private/fein.pdf')],
  address: buildAddress(),
  mailingAddressSame: 'no',
  mailingaddress: buildAddress({ line1: 'PO Box 9' }),
  profComplted: 'Yes',
  eVerifyClientId: 'ABC1234',
  isSameasAdminInformation: 'no',
  petitionerInfo: null,
};

describe('tenant details per role', () => {
  it('R-PROFILE-001: role 3 and the platform roles get the whole tenant object', () => {
    for (const roleId of [1, 2, 3]) expect(tenantProfileFor(roleId, full)).toEqual(full);
  });

  it('R-PROFILE-001: roles 4 and 50 get the public identity only: no admin, contact, FEIN, E-Verify or address data', () => {
    for (const roleId of [4, 50, 51]) {
      const seen = tenantProfileFor(roleId, full);
      expect(seen).toMatchObject({ tenantId: 't-1', name: 'Demo Law Firm', tenantType: 1, idPrefix: 'DLF' });
      expect(seen.logo).toEqual(full.logo);
      expect(seen).toMatchObject({
        adminEmail: '',
        phone: '',
        feiNumber: '',
        feinDocs: [],
        eVerifyClientId: null,
        address: null,
        mailingaddress: null,
        petitionerInfo: null,
      });
      expect(Object.keys(seen).sort()).toEqual(Object.keys(full).sort());
    }
  });

  it('R-PROFILE-036: the signatory (role 12) also sees the address it edits, not the FEIN documents', () => {
    const seen = tenantProfileFor(12, full);
    expect(seen.address).toEqual(full.address);
    expect(seen.feinDocs).toEqual([]);
    expect(seen.adminEmail).toBe('');
  });
});
