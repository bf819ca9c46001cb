import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildAddress, buildFileRef, buildPetitionerInfo, buildProfileUpdate } from '@caseport/domain/profile/fixtures';
import { PROFILE_MESSAGES as M } from '@caseport/domain/profile/rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from './support/calls';
import { DOCM, DOCX_MIN, PDF_MIN, PNG_1X1, postUpload } from './support/files';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let otherAdmin: Caller;
let coAdmin: Caller;
/** A US state that has cities in the reference data, one of its cities, and a state of another country. */
let place: { stateId: number; cityId: number; foreignStateId: number };

interface FileRecord {
  name: string;
  extn: string;
  path: string;
  mimetype: string;
}

const upload = (caller: Caller, purpose: string, file: { name: string; data: Buffer }, secureType?: string) =>
  postUpload(t, caller, { purpose, ...(secureType ? { secureType } : {}), getDetails: 'true' }, [file]);
const uploaded = (caller: Caller, purpose: string, file: { name: string; data: Buffer }): Promise<FileRecord> =>
  uploadFile(t, caller, { purpose, getDetails: 'true' }, file);

const tenantRow = async (tenantId: string) =>
  (
    await t.database.db.execute<{
      slug: string | null;
      id_prefix: string | null;
      prof_complted: string;
      profile: Record<string, unknown>;
    }>(sql`select slug, id_prefix, prof_complted, profile from tenants where id = ${tenantId}`)
  ).rows[0]!;

const details = async (caller: Caller, tenantId: string) => {
  const res = await caller.post('/api/tenant/details', { tenantId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tenant;
};

/** A complete, valid profile body for `caller`'s tenant with fresh uploads. */
const completeBody = async (caller: Caller, overrides: Record<string, unknown> = {}) => {
  const logo = await uploaded(caller, 'logo', { name: 'logo.png', data: PNG_1X1 });
  const favicon = await uploaded(caller, 'favicon', { name: 'favicon.png', data: PNG_1X1 });
  return buildProfileUpdate({
    logo,
    favicon,
    address: buildAddress({ stateId: place.stateId, locationId: place.cityId }),
    ...overrides,
  });
};

beforeAll(async () => {
  t = await createTestApp();
  lawAdmin = await login(t, DEMO.lawAdmin);
  otherAdmin = await login(t, DEMO.otherAdmin);
  coAdmin = await login(t, DEMO.coAdmin);
  const r = await t.database.db.execute<{ state_id: number; city_id: number }>(
    sql`select s.id state_id, c.id city_id from states s join cities c on c.state_id = s.id where s.country_id = 231 order by s.id, c.id limit 1`,
  );
  const f = await t.database.db.execute<{ id: number }>(
    sql`select id from states where country_id <> 231 order by id limit 1`,
  );
  place = { stateId: r.rows[0]!.state_id, cityId: r.rows[0]!.city_id, foreignStateId: f.rows[0]?.id ?? -1 };
});
afterAll(() => t.close());

describe('tenant details (get tenant details)', () => {
  it('R-PROFILE-039: R-PROFILE-028: R-PROFILE-003: returns the tenant object with every profile field, the admin e-mail read from the account', async () => {
    const tenant = await details(otherAdmin, t.tenants.otherfirm);
    expect(Object.keys(tenant)).toEqual(
      expect.arrayContaining([
        'tenantId',
        'name',
        'adminEmail',
        'adminFirstName',
        'adminLastName',
        'phone',
        'phoneCountryCode',
        'logo',
        'favicon',
        'fromEmail',
        'contactEmail',
        'idPrefix',
        'slug',
        'assetPath',
        'feiNumber',
        'feinDocs',
        'address',
        'mailingAddressSame',
        'mailingaddress',
        'profComplted',
        'eVerifyClientId',
        'isSameasAdminInformation',
      ]),
    );
    expect(tenant).toMatchObject({
      tenantId: t.tenants.otherfirm,
      adminEmail: DEMO.otherAdmin,
      profComplted: 'no',
      tenantType: 1,
    });
  });

  it("SECURITY 2: roles 4, 12 and 50 cannot load another tenant's profile either (404)", async () => {
    for (const email of [DEMO.lawManager, DEMO.lawPetitioner, DEMO.coSignatory]) {
      const c = await login(t, email);
      const res = await c.post('/api/tenant/details', { tenantId: t.tenants.otherfirm });
      expect(res.statusCode, email).toBe(404);
      expect(res.json().code, email).toBe('NOT_FOUND');
    }
  });

  it("SECURITY 2: another tenant's id answers 404", async () => {
    expect((await lawAdmin.post('/api/tenant/details', { tenantId: t.tenants.otherfirm })).statusCode).toBe(404);
  });
});

describe('POST /api/tenant/update-profile', () => {
  it('R-PROFILE-001: only role 3 saves the tenant profile (roles 1, 2, 4, 12 and 50 get 403, nothing changes)', async () => {
    const before = await tenantRow(t.tenants.lawfirm);
    for (const email of [DEMO.lawManager, DEMO.lawPetitioner, DEMO.coSignatory, DEMO.platformAdmin, DEMO.platformOps]) {
      const c = await login(t, email);
      const res = await c.post('/api/tenant/update-profile', buildProfileUpdate());
      expect(res.statusCode, email).toBe(403);
      expect(res.json().code, email).toBe('FORBIDDEN');
    }
    expect(await tenantRow(t.tenants.lawfirm)).toEqual(before);
  });

  it('SECURITY 4: profComplted, assetPath or adminEmail in the body are refused and nothing changes', async () => {
    const before = await tenantRow(t.tenants.lawfirm);
    for (const extra of [
      { profComplted: 'Yes' },
      { assetPath: 'evil' },
      { adminEmail: 'x@y.co' },
      { eVerifyClientId: 'ABC1234' },
    ]) {
      const res = await lawAdmin.post('/api/tenant/update-profile', { ...(await completeBody(lawAdmin)), ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await tenantRow(t.tenants.lawfirm)).toEqual(before);
  });

  it('SECURITY 3: a foreign tenantId is refused with 404 and changes neither tenant', async () => {
    const own = await tenantRow(t.tenants.lawfirm);
    const other = await tenantRow(t.tenants.otherfirm);
    const res = await lawAdmin.post(
      '/api/tenant/update-profile',
      await completeBody(lawAdmin, { tenantId: t.tenants.otherfirm }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(await tenantRow(t.tenants.lawfirm)).toEqual(own);
    expect(await tenantRow(t.tenants.otherfirm)).toEqual(other);
  });

  it("R-PROFILE-023: a logo path that is not this tenant's logo upload gives '*Logo is required' (400); another tenant's logo is not found (404)", async () => {
    const doc = await uploaded(lawAdmin, 'document', { name: 'fein.pdf', data: PDF_MIN });
    const foreignLogo = await uploaded(otherAdmin, 'logo', { name: 'logo.png', data: PNG_1X1 });
    for (const [logo, field] of [
      [doc, 'logo'],
      [buildFileRef('public/0123456789abcdef0123456789abcdef.png'), 'logo.path'],
    ] as const) {
      const res = await lawAdmin.post('/api/tenant/update-profile', await completeBody(lawAdmin, { logo }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: [{ name: field, message: '*Logo is required' }],
      });
    }
    const foreign = await lawAdmin.post(
      '/api/tenant/update-profile',
      await completeBody(lawAdmin, { logo: foreignLogo }),
    );
    expect(foreign.statusCode).toBe(404);
    expect((await tenantRow(t.tenants.lawfirm)).prof_complted).toBe('no');
  });

  it('R-PROFILE-029: a state that is not in the country or a city not in the state is refused', async () => {
    const wrongCity = await lawAdmin.post(
      '/api/tenant/update-profile',
      await completeBody(lawAdmin, { address: buildAddress({ stateId: place.stateId, locationId: 999_999_999 }) }),
    );
    expect(wrongCity.statusCode).toBe(400);
    expect(wrongCity.json().fields).toEqual([{ name: 'address.locationId', message: M.cityRequired }]);
    if (place.foreignStateId > 0) {
      const wrongState = await lawAdmin.post(
        '/api/tenant/update-profile',
        await completeBody(lawAdmin, {
          address: buildAddress({ stateId: place.foreignStateId, locationId: place.cityId }),
        }),
      );
      expect(wrongState.json().fields).toEqual([{ name: 'address.stateId', message: M.stateRequired }]);
    }
  });

  it('R-PROFILE-032: R-PROFILE-034: R-PROFILE-042: R-PROFILE-017: the first save completes the profile, sets assetPath to the slug, answers a message and copies the address', async () => {
    const body = await completeBody(otherAdmin, { slug: 'Other.Firm', idPrefix: 'oth26', mailingAddressSame: 'yes' });
    const res = await otherAdmin.post('/api/tenant/update-profile', body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.message).toBe('Company details updated successfully');
    expect(answer.tenant).toMatchObject({
      profComplted: 'Yes',
      slug: 'other.firm',
      idPrefix: 'OTH26',
      assetPath: 'other.firm',
    });
    expect(answer.tenant.mailingaddress).toMatchObject({
      line1: body.address.line1,
      stateId: place.stateId,
      locationId: place.cityId,
    });
    // The address carries its detail objects from master data.
    expect(answer.tenant.address.country).toMatchObject({ id: 231, name: 'United States' });
    expect(answer.tenant.address.state.id).toBe(place.stateId);
    expect(answer.tenant.address.location.id).toBe(place.cityId);
    // Shown on the next load (and to the shell's tab activation).
    expect(await details(otherAdmin, t.tenants.otherfirm)).toMatchObject({
      profComplted: 'Yes',
      logo: { path: body.logo?.path },
    });
    const me = (await otherAdmin.get('/api/auth/me')).json();
    expect(me.tenant.profComplted).toBe('Yes');
    const audit = await t.database.db.execute<{ action: string }>(
      sql`select action from audit_log where entity = 'tenant_profile' and entity_id = ${t.tenants.otherfirm}`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['complete']);
  });

  it('R-PROFILE-033: once complete, a changed account domain or short code is refused (400) and nothing changes', async () => {
    const before = await tenantRow(t.tenants.otherfirm);
    for (const change of [{ slug: 'newdomain' }, { idPrefix: 'NEW1' }]) {
      const res = await otherAdmin.post(
        '/api/tenant/update-profile',
        await completeBody(otherAdmin, { slug: 'other.firm', idPrefix: 'OTH26', ...change }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: M.lockedAfterCompletion });
      expect(res.json().fields[0].name).toBe(Object.keys(change)[0]);
    }
    expect(await tenantRow(t.tenants.otherfirm)).toEqual(before);
  });

  it('R-PROFILE-018: R-PROFILE-033: later saves keep the locked values and the first assetPath; mailing address no keeps its own address', async () => {
    const mailing = buildAddress({ line1: 'PO Box 12', stateId: place.stateId, locationId: place.cityId });
    const res = await otherAdmin.post(
      '/api/tenant/update-profile',
      await completeBody(otherAdmin, {
        slug: 'other.firm',
        idPrefix: 'oth26',
        mailingAddressSame: 'no',
        mailingaddress: mailing,
        adminFirstName: 'Omar',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tenant).toMatchObject({
      profComplted: 'Yes',
      assetPath: 'other.firm',
      mailingAddressSame: 'no',
      mailingaddress: { line1: 'PO Box 12' },
    });
  });

  it('R-PROFILE-010: R-PROFILE-013: account domain and short code are unique across tenants: a taken one is a 409, not a 500, and nothing changes', async () => {
    const before = await tenantRow(t.tenants.lawfirm);
    const slugTaken = await lawAdmin.post(
      '/api/tenant/update-profile',
      await completeBody(lawAdmin, { slug: 'OTHER.firm', idPrefix: 'LAW1' }),
    );
    expect(slugTaken.statusCode).toBe(409);
    expect(slugTaken.json()).toEqual({
      code: 'DUPLICATE',
      message: M.accountDomainTaken,
      fields: [{ name: 'slug', message: M.accountDomainTaken }],
    });
    const codeTaken = await lawAdmin.post(
      '/api/tenant/update-profile',
      await completeBody(lawAdmin, { slug: 'lawfirm', idPrefix: 'Oth26' }),
    );
    expect(codeTaken.statusCode).toBe(409);
    expect(codeTaken.json().fields).toEqual([{ name: 'idPrefix', message: M.shortCodeTaken }]);
    expect(await tenantRow(t.tenants.lawfirm)).toEqual(before);
  });

  it('R-PROFILE-005: R-PROFILE-010: the server re-checks the field rules with the messages of the form', async () => {
    const res = await lawAdmin.post(
      '/api/tenant/update-profile',
      await completeBody(lawAdmin, { phone: '1234567890', slug: 'ab' }),
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as { name: string; message: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        { name: 'phone', message: '*Invalid phone number - Please enter a valid one' },
        { name: 'slug', message: M.accountDomainLength },
      ]),
    );
  });

  it('R-PETITIONER-001: the petitioner profile is for tenant type 2 only: a law firm sending one is refused', async () => {
    const res = await lawAdmin.post(
      '/api/tenant/update-profile',
      await completeBody(lawAdmin, { petitionerInfo: buildPetitionerInfo() }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].name).toBe('petitionerInfo');
  });
});

describe('uploads of the profile (SECURITY 18, D-19)', () => {
  const fileCount = async () =>
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from files`)).rows[0]!.n;

  it('D-19: R-PROFILE-024: a 300 KB logo, a 101 KB favicon, a PDF renamed .png and a docm renamed .docx are refused with a clear 4xx and nothing is stored', async () => {
    const before = await fileCount();
    const big = await upload(lawAdmin, 'logo', {
      name: 'logo.png',
      data: Buffer.concat([PNG_1X1, Buffer.alloc(300 * 1024)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('FILE_REJECTED');
    const pdfAsPng = await upload(lawAdmin, 'logo', { name: 'logo.png', data: PDF_MIN });
    expect(pdfAsPng.statusCode).toBe(415);
    expect(pdfAsPng.json()).toEqual({ code: 'FILE_REJECTED', message: 'Select image only' });
    const bigFavicon = await upload(lawAdmin, 'favicon', {
      name: 'favicon.png',
      data: Buffer.concat([PNG_1X1, Buffer.alloc(101 * 1024)]),
    });
    expect(bigFavicon.statusCode).toBe(413);
    const docmAsDocx = await upload(coAdmin, 'word', { name: 'letterhead.docx', data: DOCM });
    expect(docmAsDocx.statusCode).toBe(415);
    expect(docmAsDocx.json().code).toBe('FILE_REJECTED');
    expect(await fileCount()).toBe(before);
  });

  it('R-PROFILE-043: R-PROFILE-044: R-PROFILE-045: multipart files + secureType + getDetails answers data.result[]; logo and favicon public, documents private', async () => {
    const logo = await upload(lawAdmin, 'logo', { name: 'logo.png', data: PNG_1X1 }, 'public');
    expect(logo.json().data.result).toEqual([
      expect.objectContaining({ secureType: 'public', path: expect.stringMatching(/^public\//) }),
    ]);
    const favicon = await upload(lawAdmin, 'favicon', { name: 'favicon.png', data: PNG_1X1 }, 'public');
    expect(favicon.json().data.result[0].secureType).toBe('public');
    const doc = await upload(lawAdmin, 'document', { name: 'fein.pdf', data: PDF_MIN }, 'private');
    expect(doc.json().data.result[0]).toMatchObject({
      secureType: 'private',
      path: expect.stringMatching(/^private\//),
    });
    // A FEIN document asked to be public is refused.
    expect((await upload(lawAdmin, 'document', { name: 'fein.pdf', data: PDF_MIN }, 'public')).statusCode).toBe(400);
  });

  it('R-PROFILE-026: a non-image chosen as logo or favicon gives "Select image only"', async () => {
    for (const purpose of ['logo', 'favicon']) {
      const res = await upload(lawAdmin, purpose, { name: 'file.docx', data: DOCX_MIN });
      expect(res.json().message).toBe('Select image only');
    }
  });
});

describe('petitioner company (tenant type 2)', () => {
  it('R-PETITIONER-001: a petitioner company cannot save Company Details without the petitioner profile', async () => {
    const res = await coAdmin.post(
      '/api/tenant/update-profile',
      await completeBody(coAdmin, { slug: 'acmeco', idPrefix: 'ACO' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].name).toBe('petitionerInfo');
    expect((await tenantRow(t.tenants.petitioner)).prof_complted).toBe('no');
  });

  it('R-PETITIONER-005: a letterHeads entry must be a Word upload; a PDF there is refused', async () => {
    const pdf = await uploaded(coAdmin, 'document', { name: 'letterhead.pdf', data: PDF_MIN });
    const body = await completeBody(coAdmin, {
      slug: 'acmeco',
      idPrefix: 'ACO',
      petitionerInfo: buildPetitionerInfo({ documents: { letterHeads: [pdf] } }),
    });
    const res = await coAdmin.post('/api/tenant/update-profile', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].name).toBe('petitionerInfo.documents.letterHeads.0');
  });

  it('R-PETITIONER-002: R-PETITIONER-007: R-PETITIONER-004: saves the petitioner profile with its documents; no to 50+ employees resets the H1B/L1 answer', async () => {
    const letterHead = await uploaded(coAdmin, 'word', { name: 'letterhead.docx', data: DOCX_MIN });
    const fein = await uploaded(coAdmin, 'document', { name: 'fein.pdf', data: PDF_MIN });
    const body = await completeBody(coAdmin, {
      slug: 'acmeco',
      idPrefix: 'ACO',
      petitionerInfo: buildPetitionerInfo({
        fiftyOrMoreEmployeesInUS: 'no',
        moreThanHalfOnH1bL1: true,
        documents: { letterHeads: [letterHead], fein: [{ ...fein, name: 'renamed-by-client.exe' }] },
      }),
    });
    const res = await coAdmin.post('/api/tenant/update-profile', body);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().tenant.petitionerInfo;
    expect(info.moreThanHalfOnH1bL1).toBe(false);
    expect(info.documents.letterHeads).toEqual([expect.objectContaining({ path: letterHead.path, extn: 'docx' })]);
    // The stored record names the file, not the body; feinDocs mirrors the FEIN list.
    expect(info.documents.fein[0].name).toBe('fein.pdf');
    expect(info.feinDocs).toEqual(info.documents.fein);
    expect(info.documents.articleOfIncorp).toEqual([]);
    expect(info.address.location.id).toBe(place.cityId);
    expect((await tenantRow(t.tenants.petitioner)).prof_complted).toBe('Yes');
  });

  it('R-PROFILE-046: deleting a document removes the file (bytes and record) and its place in the saved profile', async () => {
    const info = (await details(coAdmin, t.tenants.petitioner)).petitionerInfo;
    const path = info.documents.fein[0].path as string;
    expect(existsSync(join(t.filesDir, path))).toBe(true);
    // Another tenant cannot delete it.
    expect((await otherAdmin.post('/api/tenant/delete-document', { path })).statusCode).toBe(404);
    const res = await coAdmin.post('/api/tenant/delete-document', { path });
    expect(res.statusCode, res.body).toBe(200);
    expect(existsSync(join(t.filesDir, path))).toBe(false);
    expect((await coAdmin.get(`/api/common/viewfile?path=${encodeURIComponent(path)}`)).statusCode).toBe(404);
    const after = (await details(coAdmin, t.tenants.petitioner)).petitionerInfo;
    expect(after.documents.fein).toEqual([]);
    expect(after.feinDocs).toEqual([]);
    expect((await coAdmin.post('/api/tenant/delete-document', { path })).statusCode).toBe(404);
  });

  it('R-PROFILE-037: R-PROFILE-020: the E-Verify client id is saved on its own call', async () => {
    const res = await coAdmin.post('/api/tenant/update-everify-client-id', {
      tenantId: t.tenants.petitioner,
      eVerifyClientId: 'AbC1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('I-9 E-Verify Client ID updated successfully');
    expect((await details(coAdmin, t.tenants.petitioner)).eVerifyClientId).toBe('AbC1234');
    for (const bad of ['ABC123', 'ABC12345', 'ABC-123']) {
      const r = await coAdmin.post('/api/tenant/update-everify-client-id', {
        tenantId: t.tenants.petitioner,
        eVerifyClientId: bad,
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().fields[0]).toEqual({ name: 'eVerifyClientId', message: M.everify });
    }
  });

  it('R-PROFILE-019: R-PROFILE-038: E-Verify is refused for a foreign tenant (404) and for a law firm (403), with a message, and nothing changes', async () => {
    const res = await coAdmin.post('/api/tenant/update-everify-client-id', {
      tenantId: t.tenants.lawfirm,
      eVerifyClientId: 'ZZZ9999',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Tenant not found');
    expect(
      (
        await lawAdmin.post('/api/tenant/update-everify-client-id', {
          tenantId: t.tenants.lawfirm,
          eVerifyClientId: 'ZZZ9999',
        })
      ).statusCode,
    ).toBe(403);
    expect((await details(coAdmin, t.tenants.petitioner)).eVerifyClientId).toBe('AbC1234');
    expect((await tenantRow(t.tenants.lawfirm)).profile).not.toHaveProperty('eVerifyClientId');
  });

  it('R-PROFILE-036: role 12 saves the logo and the address to the company data', async () => {
    const signatory = await login(t, DEMO.coSignatory);
    const logo = await uploaded(signatory, 'logo', { name: 'company.png', data: PNG_1X1 });
    const address = buildAddress({ line1: '9 Company Way', stateId: place.stateId, locationId: place.cityId });
    const res = await signatory.post('/api/tenant/update-company-data', { logo, address });
    expect(res.statusCode, res.body).toBe(200);
    const tenant = await details(signatory, t.tenants.petitioner);
    expect(tenant.logo.path).toBe(logo.path);
    expect(tenant.address.line1).toBe('9 Company Way');
    // The petitioner profile's copy of the address is the admin's to read (R-PROFILE-001).
    expect((await details(coAdmin, t.tenants.petitioner)).petitionerInfo.address.line1).toBe('9 Company Way');
    // Nothing else is accepted from role 12.
    expect((await signatory.post('/api/tenant/update-company-data', { logo, address, slug: 'x' })).statusCode).toBe(
      400,
    );
  });
});

describe('role 50 petitioner profile (D-04)', () => {
  it('R-PETITIONER-002: the petitioner saves and reloads their own petitioner profile; others cannot read it', async () => {
    const petitioner = await login(t, DEMO.lawPetitioner);
    expect((await petitioner.post('/api/petitioner/details', {})).json()).toEqual({ petitionerInfo: null });
    const letterHead = await uploaded(petitioner, 'word', { name: 'lh.docx', data: DOCX_MIN });
    const info = {
      ...buildPetitionerInfo({
        address: buildAddress({ stateId: place.stateId, locationId: place.cityId }),
        documents: { letterHeads: [letterHead] },
      }),
      mailingAddressSame: 'yes',
    };
    const res = await petitioner.post('/api/petitioner/update-profile', { petitionerInfo: info });
    expect(res.statusCode, res.body).toBe(200);
    const loaded = (await petitioner.post('/api/petitioner/details', {})).json().petitionerInfo;
    expect(loaded).toMatchObject({ naicsCode: '541511', documents: { letterHeads: [{ path: letterHead.path }] } });
    expect((await lawAdmin.post('/api/petitioner/details', {})).statusCode).toBe(403);
    // Its address is required.
    const { address: _a, ...noAddress } = info;
    expect((await petitioner.post('/api/petitioner/update-profile', { petitionerInfo: noAddress })).statusCode).toBe(
      400,
    );
  });
});

describe('role 50 mailing address (R-PETITIONER-008)', () => {
  it('R-PETITIONER-008: the petitioner must answer whether the mailing address is the same; yes copies the address, no needs its own', async () => {
    const petitioner = await login(t, DEMO.lawPetitioner);
    const address = buildAddress({ line1: '5 Petitioner Road', stateId: place.stateId, locationId: place.cityId });
    const save = (extra: Record<string, unknown>) =>
      petitioner.post('/api/petitioner/update-profile', {
        petitionerInfo: { ...buildPetitionerInfo({ address }), ...extra },
      });
    const unanswered = await save({});
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.json().fields).toContainEqual({
      name: 'petitionerInfo.mailingAddressSame',
      message: 'Please choose yes or no',
    });
    const noAddress = await save({ mailingAddressSame: 'no' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().fields).toContainEqual({
      name: 'petitionerInfo.mailingaddress.line1',
      message: 'Address is required',
    });
    const same = await save({ mailingAddressSame: 'yes' });
    expect(same.statusCode, same.body).toBe(200);
    let loaded = (await petitioner.post('/api/petitioner/details', {})).json().petitionerInfo;
    expect(loaded).toMatchObject({ mailingAddressSame: 'yes', mailingaddress: { line1: '5 Petitioner Road' } });
    const mailing = buildAddress({ line1: 'PO Box 50', stateId: place.stateId, locationId: place.cityId });
    expect((await save({ mailingAddressSame: 'no', mailingaddress: mailing })).statusCode).toBe(200);
    loaded = (await petitioner.post('/api/petitioner/details', {})).json().petitionerInfo;
    expect(loaded).toMatchObject({ mailingAddressSame: 'no', mailingaddress: { line1: 'PO Box 50' } });
  });
});

describe('master data for the address pickers', () => {
  it('R-PROFILE-047: R-PROFILE-048: R-PROFILE-049: R-PROFILE-031: countries, states by countryId and locations by stateId with page 1, perpage 1000', async () => {
    const countries = await lawAdmin.post('/api/masterdata/list', {
      matcher: {},
      page: 1,
      perpage: 1000,
      category: 'countries',
    });
    const us = countries.json().list.find((c: { id: number }) => c.id === 231);
    expect(Object.keys(us)).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'phoneCode',
        'order',
        'currencySymbol',
        'currencyCode',
        'zipcodeLength',
        'sortName',
      ]),
    );
    const states = (
      await lawAdmin.post('/api/masterdata/list', {
        matcher: { countryId: 231 },
        page: 1,
        perpage: 1000,
        category: 'states',
      })
    ).json().list;
    expect(states.length).toBeGreaterThan(49);
    expect(states.every((s: { countryId: number }) => s.countryId === 231)).toBe(true);
    const cities = (
      await lawAdmin.post('/api/masterdata/list', {
        matcher: { stateId: place.stateId },
        page: 1,
        perpage: 1000,
        category: 'locations',
      })
    ).json().list;
    expect(cities.length).toBeGreaterThan(0);
    expect(cities.every((c: { stateId: number }) => c.stateId === place.stateId)).toBe(true);
  });
});

describe('R-PROFILE-001: what each role reads of its own tenant', () => {
  it("R-PROFILE-001: the branch manager and the petitioner read the firm's identity only, not its admin, contact, FEIN or address data; role 3 reads it all", async () => {
    // A saved profile, so there is something to hide (the locked domain and code kept when already set).
    const current = await details(lawAdmin, t.tenants.lawfirm);
    const body = await completeBody(lawAdmin, current.slug ? { slug: current.slug, idPrefix: current.idPrefix } : {});
    const saved = await lawAdmin.post('/api/tenant/update-profile', body);
    expect(saved.statusCode, saved.body).toBe(200);
    const full = await details(lawAdmin, t.tenants.lawfirm);
    expect(full.adminEmail).toBe(DEMO.lawAdmin);
    expect(full.address).not.toBeNull();
    expect(full.fromEmail).not.toBe('');
    for (const email of [DEMO.lawManager, DEMO.lawPetitioner]) {
      const seen = await details(await login(t, email), t.tenants.lawfirm);
      expect(seen, email).toMatchObject({
        tenantId: full.tenantId,
        name: full.name,
        tenantType: full.tenantType,
        idPrefix: full.idPrefix,
        logo: full.logo,
        profComplted: full.profComplted,
        adminEmail: '',
        phone: '',
        fromEmail: '',
        contactEmail: '',
        feiNumber: '',
        feinDocs: [],
        address: null,
        mailingaddress: null,
        eVerifyClientId: null,
        petitionerInfo: null,
      });
    }
  });

  it('R-PROFILE-036: the signatory (role 12) reads the logo and address it edits, not the admin or petitioner data', async () => {
    const full = await details(coAdmin, t.tenants.petitioner);
    const seen = await details(await login(t, DEMO.coSignatory), t.tenants.petitioner);
    expect(seen).toMatchObject({ name: full.name, logo: full.logo, address: full.address });
    expect(seen).toMatchObject({
      adminEmail: '',
      phone: '',
      feinDocs: [],
      petitionerInfo: null,
      eVerifyClientId: null,
    });
  });
});
