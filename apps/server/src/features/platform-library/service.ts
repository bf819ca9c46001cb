import type { Executor, Tx } from '@caseport/db/client';
import type { FieldError } from '@caseport/domain/api/errors';
import {
  EDITION_DOCUMENT_MESSAGE,
  EDITION_TAKEN,
  FORM_NUMBER_TAKEN,
  type FormEditionAddBody,
  LETTER_DOCUMENT_MESSAGE,
  type PlatformCaseConfigList,
  type PlatformCaseConfigRow,
  type PlatformCaseConfigSaveBody,
  type PlatformFormSaveBody,
  PlatformFormSaveBodySchema,
  UNKNOWN_QUESTIONNAIRE,
} from '@caseport/domain/platform-library/contracts';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { withUniqueAs } from '../../platform/db-errors';
import { duplicateField, fieldErrors, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/file-storage';
import { findFileByPath } from '../../platform/files-repository';
import { listLibrary } from '../../platform/library-offer';
import * as repo from './repository';

const invalid = (fields: FieldError[]) => fieldErrors(fields);

const formById = async (tx: Executor, id: string) => (await listLibrary(tx, {})).list.find((f) => f._id === id)!;

/** The ids of case types and sub-types must exist in the catalogue. */
const checkCatalogueIds = async (tx: Executor, typeIds: number[], subTypeIds: number[]) => {
  const types = new Set((await repo.catalogueTypes(tx)).map((t) => t.id));
  const subs = new Set((await repo.catalogueSubTypes(tx)).map((s) => s.id));
  const fields: FieldError[] = [];
  if (typeIds.some((id) => !types.has(id))) fields.push({ name: 'caseTypeIds', message: 'Unknown case type' });
  if (subTypeIds.some((id) => !subs.has(id))) fields.push({ name: 'caseSubTypeIds', message: 'Unknown case subtype' });
  if (fields.length) throw invalid(fields);
};

/** Adds or edits a library entry (a USCIS form or a shared letter); roles 1 and 2 only (the route's permission). */
export const saveForm = async (tx: Tx, ctx: RequestContext, clock: Clock, input: PlatformFormSaveBody) => {
  const body = PlatformFormSaveBodySchema.parse(input);
  const formNumber = body.kind === 'Form' ? (body.formNumber ?? null) : null;
  await checkCatalogueIds(tx, body.caseTypeIds, body.caseSubTypeIds);
  if (body.fromTenantId && !(await repo.existingTenant(tx, body.fromTenantId)))
    throw invalid([{ name: 'fromTenantId', message: 'Unknown tenant' }]);
  if (formNumber) {
    const taken = await repo.findFormByNumber(tx, formNumber);
    if (taken && taken.id !== body.formId) throw duplicateField('formNumber', FORM_NUMBER_TAKEN);
  }
  const values = {
    kind: body.kind,
    formNumber: formNumber?.toUpperCase() ?? null,
    title: body.title,
    description: body.description ?? null,
    fromTenantId: body.kind === 'Letter' ? (body.fromTenantId ?? null) : null,
    typeIds: [...new Set(body.caseTypeIds)],
    subTypeIds: [...new Set(body.caseSubTypeIds)],
    active: body.active,
    updatedOn: clock(),
  };
  return withUniqueAs(
    () => duplicateField('formNumber', FORM_NUMBER_TAKEN),
    async () => {
      if (body.formId) {
        const before = await repo.findForm(tx, body.formId);
        if (!before) throw notFound('Form or letter');
        await repo.updateForm(tx, body.formId, values);
        await recordAudit(tx, ctx, {
          entity: 'platform_form',
          entityId: body.formId,
          action: 'update',
          before,
          after: values,
        });
        return { message: 'Form updated successfully', form: await formById(tx, body.formId) };
      }
      const id = await repo.insertForm(tx, { ...values, createdBy: ctx.principal.userId });
      await recordAudit(tx, ctx, { entity: 'platform_form', entityId: id, action: 'create', after: values });
      return { message: 'Form created successfully', form: await formById(tx, id) };
    },
  );
};

const PDF = 'application/pdf';
const LETTER_TYPES = [
  PDF,
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

/** A PDF is what it says by its content: sniffed at upload, and here it must open as a PDF document. */
const isReadablePdf = async (bytes: Buffer) => {
  try {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return doc.getPageCount() > 0;
  } catch {
    return false;
  }
};

/**
 * Records a new edition of a form with its document. The newest edition date is the one new cases get;
 * cases already opened keep the edition recorded on them (case_form_editions).
 */
export const addEdition = async (tx: Tx, ctx: RequestContext, storage: FileStorage, body: FormEditionAddBody) => {
  const form = await repo.findForm(tx, body.formId);
  if (!form) throw notFound('Form or letter');
  const message = form.kind === 'Form' ? EDITION_DOCUMENT_MESSAGE : LETTER_DOCUMENT_MESSAGE;
  // The caller's own upload: a platform user's files have no tenant (RLS and the tenant check agree).
  const file = await findFileByPath(tx, ctx.tenantId, body.documentPath);
  const allowed = form.kind === 'Form' ? [PDF] : LETTER_TYPES;
  if (!file || !allowed.includes(file.mimetype)) throw invalid([{ name: 'documentPath', message }]);
  if (file.mimetype === PDF) {
    const bytes = await storage.get(file.storedName);
    if (!bytes || !(await isReadablePdf(bytes))) throw invalid([{ name: 'documentPath', message }]);
  }
  if (await repo.findEditionByDate(tx, form.id, body.editionDate)) throw duplicateField('editionDate', EDITION_TAKEN);
  const id = await withUniqueAs(
    () => duplicateField('editionDate', EDITION_TAKEN),
    () =>
      repo.insertEdition(tx, {
        formId: form.id,
        editionDate: body.editionDate,
        documentPath: file.storedName,
        documentName: file.originalName,
        createdBy: ctx.principal.userId,
      }),
  );
  await recordAudit(tx, ctx, {
    entity: 'platform_form_edition',
    entityId: id,
    action: 'create',
    after: { formId: form.id, editionDate: body.editionDate, document: file.originalName },
  });
  return { message: 'Edition added successfully', form: await formById(tx, form.id) };
};

// Platform default configurations --------------------------------------------------------------------------

export const listPlatformConfigs = async (tx: Executor, typeIds?: number[]): Promise<PlatformCaseConfigList> => {
  const [types, subs, configs, questionnaireOptions] = await Promise.all([
    repo.catalogueTypes(tx),
    repo.catalogueSubTypes(tx),
    repo.platformConfigs(tx),
    repo.publishedQuestionnaires(tx),
  ]);
  const byId = new Map(types.map((t) => [t.id, t]));
  const list: PlatformCaseConfigRow[] = subs
    .filter((s) => byId.has(s.petitionTypeId) && (!typeIds?.length || typeIds.includes(s.petitionTypeId)))
    .map((s) => {
      const t = byId.get(s.petitionTypeId)!;
      const c = configs.find((x) => x.subTypeId === s.id);
      return {
        typeId: t.id,
        typeName: t.name,
        typeCode: t.code,
        subTypeId: s.id,
        subTypeName: s.name,
        subTypeCode: s.code,
        config: c
          ? {
              questionnaireId: c.questionnaireId,
              questionnaireName: c.questionnaireName,
              linkDefaultWorkflow: c.linkDefaultWorkflow,
              formIds: c.formIds,
            }
          : null,
      };
    });
  return { list, totalCount: list.length, questionnaireOptions };
};

export const savePlatformConfig = async (
  tx: Tx,
  ctx: RequestContext,
  clock: Clock,
  body: PlatformCaseConfigSaveBody,
) => {
  const sub = await repo.findSubType(tx, body.subTypeId);
  if (!sub || sub.petitionTypeId !== body.typeId)
    throw invalid([{ name: 'subTypeId', message: 'Unknown case type or subtype' }]);
  // Issue 21: a default picks from the platform's published questionnaires, like a tenant's configuration.
  const published = await repo.publishedQuestionnaires(tx);
  if (body.questionnaireId !== null && !published.some((q) => q._id === body.questionnaireId))
    throw invalid([{ name: 'questionnaireId', message: UNKNOWN_QUESTIONNAIRE }]);
  const formIds = [...new Set(body.formIds)];
  const known = await repo.listForms(tx, { ids: formIds });
  if (known.length !== formIds.length) throw invalid([{ name: 'formIds', message: 'Unknown form or letter' }]);
  const before = await repo.findPlatformConfig(tx, body.subTypeId);
  const values = {
    subTypeId: body.subTypeId,
    typeId: body.typeId,
    questionnaireId: body.questionnaireId,
    linkDefaultWorkflow: body.linkDefaultWorkflow,
    formIds,
    updatedBy: ctx.principal.userId,
    updatedOn: clock(),
  };
  await repo.upsertPlatformConfig(tx, values);
  await recordAudit(tx, ctx, {
    entity: 'platform_case_config',
    entityId: String(body.subTypeId),
    action: before ? 'update' : 'create',
    before,
    after: values,
  });
  return { message: 'Default configuration saved successfully' };
};

export const deletePlatformConfig = async (tx: Tx, ctx: RequestContext, subTypeId: number) => {
  const before = await repo.findPlatformConfig(tx, subTypeId);
  if (!before) throw notFound('Default configuration');
  await repo.deletePlatformConfig(tx, subTypeId);
  await recordAudit(tx, ctx, { entity: 'platform_case_config', entityId: String(subTypeId), action: 'delete', before });
  return { message: 'Default configuration removed successfully' };
};
