import type { Executor, Tx } from '@caseport/db/client';
import type { SocDocumentRow } from '@caseport/db/schema/soc-codes';
import {
  SOC_DUPLICATE_MESSAGE,
  SOC_MAX_DOCUMENTS,
  SOC_NAME_LOCKED_MESSAGE,
  type SocAddBody,
  type SocCodeConfig,
  type SocDocumentInputSchema,
  type SocListBody,
  type SocManageStatusBody,
  type SocUpdateBody,
  type SocUpdateDocumentsBody,
  WORD_ONLY_MESSAGE,
} from '@caseport/domain/soc-codes/contracts';
import type { z } from 'zod';
import { type Actor, actorOf } from '../../platform/actor';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { TenantContext } from '../../platform/context';
import { withUniqueAs } from '../../platform/db-errors';
import { duplicateField, fieldError, notFound } from '../../platform/errors';
import { isSafeStoredPath } from '../../platform/file-storage';
import { findFileByPath } from '../../platform/files-repository';
import { sanitizeRequiredRichText } from '../../platform/rich-text';
import { filterDayZone } from '../../platform/tenant-day';
import * as repo from './repository';

type DocInput = z.infer<typeof SocDocumentInputSchema>;
const duplicate = () => duplicateField('name', SOC_DUPLICATE_MESSAGE);

export const view = (r: repo.SocRow): SocCodeConfig => ({
  _id: r.id,
  socDetails: { name: r.name, designation: r.designation, description: r.description, jobTitles: r.jobTitles },
  socId: r.socId,
  document: r.documents,
  status: r.status,
  newSocCode: r.newSocCode,
  createdOn: r.createdOn.toISOString(),
  updatedOn: r.updatedOn.toISOString(),
});

/**
 * Documents are only ever the caller's own uploaded Word files (purpose `word`, content-checked at upload):
 * a path that is not a stored name (path traversal, another tenant's file, a PDF) is refused. Documents the
 * row already holds keep their uploader; new ones get the caller.
 */
const resolveDocuments = async (
  tx: Tx,
  ctx: TenantContext,
  actor: Actor,
  inputs: DocInput[],
  existing: SocDocumentRow[],
  field: string,
) => {
  const kept = new Map(existing.map((d) => [d.path, d]));
  const out = new Map<string, SocDocumentRow>();
  for (const [i, input] of inputs.entries()) {
    if (out.has(input.path)) continue;
    const previous = kept.get(input.path);
    if (previous) {
      out.set(input.path, previous);
      continue;
    }
    const file = isSafeStoredPath(input.path) ? await findFileByPath(tx, ctx.tenantId, input.path) : null;
    if (file?.purpose !== 'word') throw fieldError(`${field}.${i}.path`, WORD_ONLY_MESSAGE);
    out.set(file.storedName, {
      name: file.originalName,
      extn: file.extn,
      path: file.storedName,
      mimetype: file.mimetype,
      uploadedBy: actor.userId,
      uploadedByName: actor.name,
      uploadedByRoleId: actor.roleId,
      uploadedByRoleName: actor.roleName,
      status: true,
    });
  }
  if (out.size > SOC_MAX_DOCUMENTS) throw fieldError(field, `At most ${SOC_MAX_DOCUMENTS} templates per SOC`);
  return [...out.values()];
};

const cleanText = async (tx: Tx, body: SocAddBody) => {
  const description = sanitizeRequiredRichText(body.description);
  if (!description) throw fieldError('description', 'Description is required');
  const jobTitles = sanitizeRequiredRichText(body.jobTitles);
  if (!jobTitles) throw fieldError('jobTitles', 'Job Titles is required');
  if (body.socId && !(await repo.socCodeExists(tx, body.socId))) throw fieldError('socId', 'Unknown SOC code');
  return { designation: body.designation, description, jobTitles, socId: body.socId ?? null };
};

export const listSocConfigs = async (tx: Executor, ctx: TenantContext, q: SocListBody) => {
  const zone = await filterDayZone(tx, ctx, q.filters.createdDateRange);
  const page = await repo.listSocConfigs(tx, ctx.tenantId, q, zone);
  return { list: page.list.map((p) => view(p.row)), totalCount: page.totalCount };
};

export const addSocConfig = async (tx: Tx, ctx: TenantContext, clock: Clock, body: SocAddBody) => {
  const tenantId = ctx.tenantId;
  if (await repo.nameTaken(tx, tenantId, body.name)) throw duplicate();
  const actor = await actorOf(tx, ctx);
  const text = await cleanText(tx, body);
  const documents = await resolveDocuments(tx, ctx, actor, [...body.document, ...body.attachments], [], 'attachments');
  const now = clock();
  const row = await withUniqueAs(duplicate, () =>
    repo.insertSocConfig(tx, tenantId, {
      name: body.name,
      ...text,
      documents,
      createdBy: actor.userId,
      createdOn: now,
      updatedOn: now,
    }),
  );
  await recordAudit(tx, ctx, { entity: 'soc_code_config', entityId: row.id, action: 'create', after: view(row) });
  return { message: 'SOC code added successfully', socCodeConfigId: row.id };
};

const loadOne = async (tx: Tx, ctx: TenantContext, id: string) => {
  const [row] = await repo.findSocConfigs(tx, ctx.tenantId, [id]);
  if (!row) throw notFound('SOC configuration');
  return row;
};

export const updateSocConfig = async (tx: Tx, ctx: TenantContext, clock: Clock, body: SocUpdateBody) => {
  const before = await loadOne(tx, ctx, body.socCodeConfigId);
  // R-SOC-027: the name is locked once created.
  if (body.name !== before.name) throw fieldError('name', SOC_NAME_LOCKED_MESSAGE);
  const actor = await actorOf(tx, ctx);
  const text = await cleanText(tx, body);
  const documents = await resolveDocuments(
    tx,
    ctx,
    actor,
    [...body.document, ...body.attachments],
    before.documents,
    'attachments',
  );
  const row = await repo.updateSocConfig(tx, before.tenantId, before.id, { ...text, documents, updatedOn: clock() });
  await recordAudit(tx, ctx, {
    entity: 'soc_code_config',
    entityId: before.id,
    action: 'update',
    before: view(before),
    after: view(row!),
  });
  return { message: 'SOC code updated successfully' };
};

export const manageSocStatus = async (tx: Tx, ctx: TenantContext, clock: Clock, body: SocManageStatusBody) => {
  const before = await loadOne(tx, ctx, body.socCodeConfigId);
  const newSocCode = body.status ? null : body.newSocCode;
  const row = await repo.updateSocConfig(tx, before.tenantId, before.id, {
    status: body.status,
    newSocCode,
    updatedOn: clock(),
  });
  await recordAudit(tx, ctx, {
    entity: 'soc_code_config',
    entityId: before.id,
    action: 'status',
    before: { status: before.status, newSocCode: before.newSocCode },
    after: { status: row!.status, newSocCode: row!.newSocCode },
  });
  return { message: body.status ? 'SOC code activated successfully' : 'SOC code inactivated successfully' };
};

/** R-SOC-035: bulk upload adds the documents to every selected SOC (duplicates by path are skipped). */
export const updateSocDocuments = async (tx: Tx, ctx: TenantContext, clock: Clock, body: SocUpdateDocumentsBody) => {
  const tenantId = ctx.tenantId;
  const ids = [...new Set(body.socCodeConfigIds)];
  const rows = await repo.findSocConfigs(tx, tenantId, ids);
  if (rows.length !== ids.length) throw notFound('SOC configuration');
  const actor = await actorOf(tx, ctx);
  const added = await resolveDocuments(tx, ctx, actor, body.document, [], 'document');
  const now = clock();
  for (const row of rows) {
    const documents = await resolveDocuments(
      tx,
      ctx,
      actor,
      [...row.documents, ...added],
      [...row.documents, ...added],
      'document',
    );
    await repo.updateSocConfig(tx, tenantId, row.id, { documents, updatedOn: now });
    await recordAudit(tx, ctx, {
      entity: 'soc_code_config',
      entityId: row.id,
      action: 'update-documents',
      before: row.documents,
      after: documents,
    });
  }
  return { message: 'Documents updated successfully' };
};

export const socDetails = async (tx: Tx, ctx: TenantContext, id: string) => ({
  socCodeConfig: view(await loadOne(tx, ctx, id)),
});
