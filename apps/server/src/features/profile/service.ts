import type { Tx } from '@caseport/db/client';
import type { UploadPurposeKey } from '@caseport/domain/files/purposes';
import {
  type Address,
  type CompanyDataUpdate,
  type EverifyUpdateBody,
  type FileRef,
  PETITIONER_DOCUMENT_LISTS,
  type PetitionerInfo,
  type PetitionerProfileInfo,
  type PetitionerProfileUpdate,
  type TenantProfile,
  type TenantProfileUpdate,
} from '@caseport/domain/profile/contracts';
import { PROFILE_MESSAGES as M, moreThanHalfOnH1bL1For } from '@caseport/domain/profile/rules';
import { resolveAddress } from '../../platform/address';
import { recordAudit } from '../../platform/audit';
import type { RequestContext } from '../../platform/context';
import { fieldError, fieldErrors, notFound } from '../../platform/errors';
import * as petitionerRepo from './petitioner-repository';
import * as repo from './repository';

type TenantRow = NonNullable<Awaited<ReturnType<typeof repo.findTenantRow>>>;
type Admin = Awaited<ReturnType<typeof repo.findTenantAdmin>>;
type StoredProfile = Partial<
  Omit<TenantProfile, 'tenantId' | 'name' | 'tenantType' | 'slug' | 'idPrefix' | 'profComplted'>
>;

const tenantIdOf = (ctx: RequestContext): string => {
  if (!ctx.tenantId) throw notFound('Tenant');
  return ctx.tenantId;
};

/** The tenant object of 000 §3 (R-PROFILE-028): columns plus the validated profile document. */
export const toTenantProfile = (row: TenantRow, admin: Admin): TenantProfile => {
  const p = (row.profile ?? {}) as StoredProfile;
  return {
    tenantId: row.id,
    name: row.name,
    tenantType: row.type as 1 | 2,
    adminEmail: admin?.email ?? '',
    adminFirstName: p.adminFirstName ?? admin?.firstName ?? '',
    adminLastName: p.adminLastName ?? admin?.lastName ?? '',
    phone: p.phone ?? '',
    phoneCountryCode: p.phoneCountryCode ?? null,
    logo: p.logo ?? null,
    favicon: p.favicon ?? null,
    fromEmail: p.fromEmail ?? '',
    contactEmail: p.contactEmail ?? '',
    idPrefix: row.idPrefix,
    slug: row.slug,
    assetPath: p.assetPath ?? null,
    feiNumber: p.feiNumber ?? '',
    feinDocs: p.feinDocs ?? [],
    address: p.address ?? null,
    mailingAddressSame: p.mailingAddressSame ?? null,
    mailingaddress: p.mailingaddress ?? null,
    profComplted: row.profComplted === 'Yes' ? 'Yes' : 'no',
    eVerifyClientId: p.eVerifyClientId ?? null,
    isSameasAdminInformation: p.isSameasAdminInformation ?? null,
    petitionerInfo: p.petitionerInfo ?? null,
  };
};

/** R-PROFILE-039: the get-tenant-details answer; another tenant's id is not found (SECURITY 2). */
export const loadTenantProfile = async (tx: Tx, ctx: RequestContext, tenantId: string) => {
  if (tenantId !== ctx.tenantId) throw notFound('Tenant');
  const row = await repo.findTenantRow(tx, tenantId);
  if (!row) throw notFound('Tenant');
  return toTenantProfile(row, await repo.findTenantAdmin(tx, tenantId));
};

interface WantedFile {
  field: string;
  ref: FileRef;
  purposes: readonly UploadPurposeKey[];
  message: string;
}

/**
 * Every file a profile points at must be an upload of this tenant made for that purpose (a logo field
 * cannot point at a private document, SECURITY 18). The stored record, not the body, names the file.
 */
const resolveFiles = async (tx: Tx, tenantId: string, wanted: WantedFile[]): Promise<Map<string, FileRef>> => {
  const rows = await repo.findFilesByPaths(tx, tenantId, [...new Set(wanted.map((w) => w.ref.path))]);
  const byPath = new Map(rows.map((r) => [r.storedName, r]));
  const out = new Map<string, FileRef>();
  for (const w of wanted) {
    const row = byPath.get(w.ref.path);
    if (!row || !w.purposes.includes(row.purpose as UploadPurposeKey)) throw fieldError(w.field, w.message);
    out.set(row.storedName, {
      name: row.originalName,
      extn: row.extn,
      path: row.storedName,
      mimetype: row.mimetype,
      size: row.size,
      secureType: row.secureType as 'public' | 'private',
    });
  }
  return out;
};

const canonical = (files: Map<string, FileRef>, ref: FileRef) => files.get(ref.path) as FileRef;
const canonicalList = (files: Map<string, FileRef>, refs: FileRef[] | undefined) =>
  (refs ?? []).map((r) => canonical(files, r));

const FILE_NOT_FOUND = 'File not found. Upload it again.';

const documentWants = (prefix: string, info: PetitionerInfo): WantedFile[] =>
  PETITIONER_DOCUMENT_LISTS.flatMap((d) =>
    (info.documents[d.key] ?? []).map((ref, i) => ({
      field: `${prefix}documents.${d.key}.${i}`,
      ref,
      purposes: [d.purpose] as const,
      message: FILE_NOT_FOUND,
    })),
  );

/** R-PROFILE-017/018: 'yes' means the mailing address is the address; 'no' resolves its own. */
const mailingAddressOf = async (
  tx: Tx,
  prefix: string,
  answer: { mailingAddressSame: 'yes' | 'no'; mailingaddress?: Address | null },
  address: Address,
) =>
  answer.mailingAddressSame === 'yes'
    ? { ...address }
    : await resolveAddress(tx, `${prefix}mailingaddress`, answer.mailingaddress as Address);

/** Documents with canonical records; feinDocs mirrors documents.fein (one FEIN list, both wire names). */
const withCanonicalDocuments = <I extends PetitionerInfo>(info: I, files: Map<string, FileRef>): I => {
  const documents = Object.fromEntries(
    PETITIONER_DOCUMENT_LISTS.map((d) => [d.key, canonicalList(files, info.documents[d.key])]),
  ) as PetitionerInfo['documents'];
  return {
    ...info,
    documents,
    feinDocs: documents.fein ?? [],
    // R-PETITIONER-007: the server applies the reset too.
    moreThanHalfOnH1bL1: moreThanHalfOnH1bL1For(info.fiftyOrMoreEmployeesInUS, info.moreThanHalfOnH1bL1),
  };
};

const lockedError = (fields: string[]) =>
  fieldErrors(
    fields.map((name) => ({ name, message: M.lockedAfterCompletion })),
    M.lockedAfterCompletion,
  );

/**
 * R-PROFILE-021/032/033/034: saves the Company Details. The first successful save completes the profile
 * (profComplted 'Yes'), sets assetPath to the slug and locks slug and short code from then on.
 */
export const updateTenantProfile = async (tx: Tx, ctx: RequestContext, body: TenantProfileUpdate) => {
  const tenantId = tenantIdOf(ctx);
  if (body.tenantId !== undefined && body.tenantId !== tenantId) throw notFound('Tenant');
  const row = await repo.findTenantForUpdate(tx, tenantId);
  if (!row) throw notFound('Tenant');
  const wasComplete = row.profComplted === 'Yes';
  if (wasComplete) {
    const changed = [body.slug !== row.slug ? 'slug' : null, body.idPrefix !== row.idPrefix ? 'idPrefix' : null].filter(
      (f): f is string => f !== null,
    );
    if (changed.length) throw lockedError(changed);
  }
  const isPetitionerCompany = row.type === 2;
  if (isPetitionerCompany && !body.petitionerInfo) throw fieldError('petitionerInfo', 'Petitioner profile is required');
  if (!isPetitionerCompany && body.petitionerInfo) {
    throw fieldError('petitionerInfo', 'The petitioner profile belongs to petitioner companies only');
  }

  const wanted: WantedFile[] = [
    { field: 'logo', ref: body.logo as FileRef, purposes: ['logo'], message: M.logoRequired },
    { field: 'favicon', ref: body.favicon as FileRef, purposes: ['favicon'], message: M.faviconRequired },
    ...(body.feinDocs ?? []).map((ref, i) => ({
      field: `feinDocs.${i}`,
      ref,
      purposes: ['document'] as const,
      message: FILE_NOT_FOUND,
    })),
    ...(body.petitionerInfo ? documentWants('petitionerInfo.', body.petitionerInfo) : []),
  ];
  const files = await resolveFiles(tx, tenantId, wanted);
  const address = await resolveAddress(tx, 'address', body.address);
  const mailingaddress = await mailingAddressOf(tx, '', body, address);

  const before = (row.profile ?? {}) as StoredProfile;
  const profile: StoredProfile = {
    ...before,
    adminFirstName: body.adminFirstName,
    adminLastName: body.adminLastName,
    phone: body.phone,
    phoneCountryCode: body.phoneCountryCode,
    logo: canonical(files, body.logo as FileRef),
    favicon: canonical(files, body.favicon as FileRef),
    fromEmail: body.fromEmail,
    contactEmail: body.contactEmail,
    feiNumber: body.feiNumber ?? '',
    feinDocs: isPetitionerCompany ? [] : canonicalList(files, body.feinDocs),
    address,
    mailingAddressSame: body.mailingAddressSame,
    mailingaddress,
    isSameasAdminInformation: body.isSameasAdminInformation ?? before.isSameasAdminInformation ?? null,
    petitionerInfo: body.petitionerInfo
      ? // The company's petitioner profile is at the company's address.
        { ...withCanonicalDocuments(body.petitionerInfo, files), address }
      : null,
    assetPath: wasComplete ? (before.assetPath ?? row.slug) : body.slug,
  };
  const changes = {
    slug: body.slug,
    idPrefix: body.idPrefix,
    profComplted: 'Yes',
    profile: profile as Record<string, unknown>,
    updatedOn: new Date(),
  };
  await repo.updateTenant(tx, tenantId, changes);
  await recordAudit(tx, ctx, {
    entity: 'tenant_profile',
    entityId: tenantId,
    action: wasComplete ? 'update' : 'complete',
    before: { slug: row.slug, idPrefix: row.idPrefix, profComplted: row.profComplted, profile: before },
    after: { slug: changes.slug, idPrefix: changes.idPrefix, profComplted: changes.profComplted, profile },
  });
  const saved = await repo.findTenantRow(tx, tenantId);
  return {
    message: 'Company details updated successfully',
    tenant: toTenantProfile(saved as TenantRow, await repo.findTenantAdmin(tx, tenantId)),
  };
};

/** R-PROFILE-037: the E-Verify client id of a petitioner company, saved on its own. */
export const updateEverifyClientId = async (tx: Tx, ctx: RequestContext, body: EverifyUpdateBody) => {
  const tenantId = tenantIdOf(ctx);
  if (body.tenantId !== tenantId) throw notFound('Tenant');
  const row = await repo.findTenantForUpdate(tx, tenantId);
  if (!row) throw notFound('Tenant');
  if (row.type !== 2) throw fieldError('eVerifyClientId', 'E-Verify applies to petitioner companies only');
  const before = (row.profile ?? {}) as StoredProfile;
  const profile = { ...before, eVerifyClientId: body.eVerifyClientId };
  await repo.updateTenant(tx, tenantId, { profile, updatedOn: new Date() });
  await recordAudit(tx, ctx, {
    entity: 'tenant_profile',
    entityId: tenantId,
    action: 'update-everify-client-id',
    before: { eVerifyClientId: before.eVerifyClientId ?? null },
    after: { eVerifyClientId: body.eVerifyClientId },
  });
  return { message: 'I-9 E-Verify Client ID updated successfully', eVerifyClientId: body.eVerifyClientId };
};

/** R-PROFILE-036: role 12 saves the logo and the address to the company data. */
export const updateCompanyData = async (tx: Tx, ctx: RequestContext, body: CompanyDataUpdate) => {
  const tenantId = tenantIdOf(ctx);
  const row = await repo.findTenantForUpdate(tx, tenantId);
  if (!row) throw notFound('Tenant');
  const files = await resolveFiles(tx, tenantId, [
    { field: 'logo', ref: body.logo as FileRef, purposes: ['logo'], message: M.logoRequired },
  ]);
  const address = await resolveAddress(tx, 'address', body.address);
  const before = (row.profile ?? {}) as StoredProfile;
  const profile: StoredProfile = {
    ...before,
    logo: canonical(files, body.logo as FileRef),
    address,
    ...(before.mailingAddressSame === 'yes' ? { mailingaddress: { ...address } } : {}),
    ...(before.petitionerInfo ? { petitionerInfo: { ...before.petitionerInfo, address } } : {}),
  };
  await repo.updateTenant(tx, tenantId, { profile, updatedOn: new Date() });
  await recordAudit(tx, ctx, {
    entity: 'tenant_profile',
    entityId: tenantId,
    action: 'update-company-data',
    before: { logo: before.logo ?? null, address: before.address ?? null },
    after: { logo: profile.logo, address },
  });
  return { message: 'Company details updated successfully' };
};

/** Role 50's own petitioner profile (D-04); null until first saved. */
export const loadPetitionerProfile = async (tx: Tx, ctx: RequestContext) => {
  const tenantId = tenantIdOf(ctx);
  const row = await petitionerRepo.findPetitionerProfile(tx, tenantId, ctx.principal.userId);
  return { petitionerInfo: (row?.info as PetitionerProfileInfo | undefined) ?? null };
};

export const updatePetitionerProfile = async (tx: Tx, ctx: RequestContext, body: PetitionerProfileUpdate) => {
  const tenantId = tenantIdOf(ctx);
  const info = body.petitionerInfo;
  const files = await resolveFiles(tx, tenantId, documentWants('petitionerInfo.', info));
  const address = await resolveAddress(tx, 'petitionerInfo.address', info.address);
  const mailingaddress = await mailingAddressOf(tx, 'petitionerInfo.', info, address); // R-PETITIONER-008
  const saved: PetitionerProfileInfo = { ...withCanonicalDocuments(info, files), address, mailingaddress };
  const before = await petitionerRepo.findPetitionerProfile(tx, tenantId, ctx.principal.userId);
  await petitionerRepo.upsertPetitionerProfile(tx, tenantId, ctx.principal.userId, saved);
  await recordAudit(tx, ctx, {
    entity: 'petitioner_profile',
    entityId: ctx.principal.userId,
    action: before ? 'update' : 'create',
    before: before?.info ?? null,
    after: saved,
  });
  return { message: 'Petitioner profile updated successfully', petitionerInfo: saved };
};

const withoutPath = (refs: FileRef[] | undefined, path: string) => (refs ?? []).filter((r) => r.path !== path);

const infoWithoutFile = (info: PetitionerInfo, path: string): PetitionerInfo => {
  const documents = Object.fromEntries(
    PETITIONER_DOCUMENT_LISTS.map((d) => [d.key, withoutPath(info.documents?.[d.key], path)]),
  ) as PetitionerInfo['documents'];
  return { ...info, documents, feinDocs: withoutPath(info.feinDocs, path) };
};

/**
 * R-PROFILE-046: deleting a document removes the upload record (and, after commit, the bytes) and every
 * saved reference to it. Roles 12 and 50 may delete only what they uploaded; logo and favicon are replaced,
 * not deleted. Returns the stored path to remove from storage once the transaction has committed.
 */
export const deleteDocument = async (tx: Tx, ctx: RequestContext, path: string): Promise<string> => {
  const tenantId = tenantIdOf(ctx);
  const [file] = await repo.findFilesByPaths(tx, tenantId, [path]);
  const ownsIt = file && (ctx.principal.roleId === 3 || file.createdBy === ctx.principal.userId);
  if (!file || !ownsIt || (file.purpose !== 'document' && file.purpose !== 'word')) throw notFound('File');
  const row = await repo.findTenantForUpdate(tx, tenantId);
  if (row) {
    const p = (row.profile ?? {}) as StoredProfile;
    const profile: StoredProfile = {
      ...p,
      ...(p.feinDocs ? { feinDocs: withoutPath(p.feinDocs, path) } : {}),
      ...(p.petitionerInfo ? { petitionerInfo: infoWithoutFile(p.petitionerInfo, path) } : {}),
    };
    if (JSON.stringify(profile) !== JSON.stringify(p))
      await repo.updateTenant(tx, tenantId, { profile, updatedOn: new Date() });
  }
  const own = file.createdBy ? await petitionerRepo.findPetitionerProfile(tx, tenantId, file.createdBy) : null;
  if (own)
    await petitionerRepo.upsertPetitionerProfile(
      tx,
      tenantId,
      own.userId,
      infoWithoutFile(own.info as PetitionerInfo, path),
    );
  await repo.deleteFileRow(tx, tenantId, path);
  await recordAudit(tx, ctx, {
    entity: 'file',
    entityId: path,
    action: 'delete',
    before: { name: file.originalName, purpose: file.purpose },
  });
  return path;
};
