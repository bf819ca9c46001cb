import { schema, type Tx } from '@caseport/db/client';
import { isAllowed, PERMISSIONS, type RouteKey } from '@caseport/domain/auth/permissions';
import { esignPrepareUrl } from '@caseport/domain/esign-fields/paths';
import {
  type AgreementCreateBody,
  type AgreementUpdateBody,
  type ContractCreateBody,
  type ContractUpdateBody,
  type EsignSaveBody,
  type EsignUpdateBody,
  ONE_AGREEMENT_MESSAGE,
  type PrepareUrlBody,
  TEMPLATE_MESSAGES,
  type TemplateKind,
} from '@caseport/domain/templates/contracts';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { withUniqueAs } from '../../platform/db-errors';
import { AppError, duplicateField, fieldError, forbidden, notFound } from '../../platform/errors';
import { findFileByPath } from '../../platform/files-repository';
import * as repo from './repository';

/** What differs between the three template lists (002 §3.5-3.7, §7.5-7.7). */
const KINDS = {
  esign: {
    table: schema.esignTemplates,
    entity: 'esign_template',
    noun: 'Template',
    documentField: 'prepareTemplateId',
    documentMessage: TEMPLATE_MESSAGES.documentRequired,
    listRoute: 'POST /api/pdf-sign/esign-template-list',
    createRoute: 'POST /api/pdf-sign/save-esign-template',
    item: (tx: Tx, ctx: RequestContext, id: string) => repo.listEsign(tx, ctx.tenantId, ONE_ROW as never, id),
  },
  contract: {
    table: schema.contractTemplates,
    entity: 'contract_template',
    noun: 'Template',
    documentField: 'templateId',
    documentMessage: TEMPLATE_MESSAGES.documentRequired,
    listRoute: 'POST /api/contract-template/list',
    createRoute: 'POST /api/contract-template/create',
    item: (tx: Tx, ctx: RequestContext, id: string) => repo.listContracts(tx, ctx.tenantId, ONE_ROW as never, id),
  },
  agreement: {
    table: schema.agreements,
    entity: 'agreement',
    noun: 'Agreement',
    documentField: 'templateId',
    documentMessage: TEMPLATE_MESSAGES.agreementDocumentRequired,
    listRoute: 'POST /api/agreement/list',
    createRoute: 'POST /api/agreement/create',
    item: (tx: Tx, ctx: RequestContext, id: string) => repo.listAgreements(tx, ctx.tenantId, ONE_ROW as never, id),
  },
} as const satisfies Record<TemplateKind, { listRoute: RouteKey; createRoute: RouteKey } & Record<string, unknown>>;
const ONE_ROW = { page: 1, perpage: 10, sorting: { path: 'createdOn', order: -1 }, filters: {} };
/** One template as its list shows it (the answer of create/update and the audit's before/after), or null. */
const itemOf = async (tx: Tx, ctx: RequestContext, kind: TemplateKind, id: string) =>
  (await KINDS[kind].item(tx, ctx, id)).list[0] ?? null;

const duplicateName = (kind: TemplateKind) => {
  return duplicateField('name', `${KINDS[kind].noun} name already exists`);
};
/** R-AGREE-006. D-07 has no CONFLICT code: a second agreement is refused as DUPLICATE (409). */
const secondAgreement = () => new AppError('DUPLICATE', ONE_AGREEMENT_MESSAGE);

/**
 * The template document must be the caller's own uploaded PDF (RLS and findFileByPath's tenant check hold the
 * first part). Saving a template names a missing or foreign path as the invalid field; the frame call answers
 * 404 for it, like any other tenant's id (D-07).
 */
const documentOf = async (tx: Tx, ctx: RequestContext, kind: TemplateKind, path: string, missing: 'field' | 404) => {
  const file = await findFileByPath(tx, ctx.tenantId, path);
  const { documentField, documentMessage } = KINDS[kind];
  if (!file && missing === 404) throw notFound('File');
  if (file?.mimetype !== 'application/pdf') throw fieldError(documentField, documentMessage);
  return { path: file.storedName, name: file.originalName };
};

const typeNameOf = async (
  tx: Tx,
  table: typeof schema.signDocTypes | typeof schema.agreementTypes,
  id: number,
  field: string,
) => {
  const name = await repo.typeName(tx, table, id);
  if (!name) throw fieldError(field, TEMPLATE_MESSAGES.typeRequired);
  return name;
};

/**
 * Create (id null) or update one template: name unique in its list, the document checked, the kind's own
 * columns, audited in the same transaction. Answers the server message (toast, R-API-015) and the row as the
 * list shows it.
 */
const save = async (
  tx: Tx,
  ctx: RequestContext,
  clock: Clock,
  kind: TemplateKind,
  id: string | null,
  input: { name: string; documentPath: string; columns: Record<string, unknown> },
) => {
  const { table, entity, noun } = KINDS[kind];
  const before = id ? await itemOf(tx, ctx, kind, id) : null;
  if (id && !before) throw notFound(noun);
  if (await repo.nameTaken(tx, ctx.tenantId, table, input.name, id ?? undefined)) throw duplicateName(kind);
  if (kind === 'agreement' && !id && (await repo.countTemplates(tx, ctx.tenantId, table)) > 0) throw secondAgreement();
  const doc = await documentOf(tx, ctx, kind, input.documentPath, 'field');
  const now = clock();
  const values = { name: input.name, documentPath: doc.path, documentName: doc.name, ...input.columns, updatedOn: now };
  const onUnique = () => (kind === 'agreement' && !id ? secondAgreement() : duplicateName(kind));
  const savedId = await withUniqueAs(onUnique, () =>
    id
      ? repo.updateTemplate(tx, ctx.tenantId, table, id, values)
      : repo.insertTemplate(tx, ctx.tenantId, table, {
          ...values,
          createdBy: ctx.principal.userId,
          createdOn: now,
        }),
  );
  if (!savedId) throw notFound(noun);
  const item = await itemOf(tx, ctx, kind, savedId);
  await recordAudit(tx, ctx, { entity, entityId: savedId, action: id ? 'update' : 'create', before, after: item });
  return { message: `${noun} ${id ? 'updated' : 'created'} successfully`, item };
};

export const saveEsign = async (tx: Tx, ctx: RequestContext, clock: Clock, body: EsignSaveBody | EsignUpdateBody) => {
  await typeNameOf(tx, schema.signDocTypes, body.tplType, 'tplType');
  return save(tx, ctx, clock, 'esign', 'templateId' in body ? body.templateId : null, {
    name: body.name,
    documentPath: body.prepareTemplateId,
    columns: { tplType: body.tplType, noOfWorkLocations: body.noOfWorkLocations },
  });
};

export const saveContract = (
  tx: Tx,
  ctx: RequestContext,
  clock: Clock,
  body: ContractCreateBody | ContractUpdateBody,
) =>
  save(tx, ctx, clock, 'contract', 'contractTemplateId' in body ? body.contractTemplateId : null, {
    name: body.name,
    documentPath: body.templateId,
    columns: {},
  });

/** serviceTypeName is stored from master data, not taken from the body. */
export const saveAgreement = async (
  tx: Tx,
  ctx: RequestContext,
  clock: Clock,
  body: AgreementCreateBody | AgreementUpdateBody,
) => {
  const serviceTypeName = await typeNameOf(tx, schema.agreementTypes, body.serviceType, 'serviceType');
  return save(tx, ctx, clock, 'agreement', 'agreementId' in body ? body.agreementId : null, {
    name: body.name,
    documentPath: body.templateId,
    columns: { serviceType: body.serviceType, serviceTypeName },
  });
};

/** Hard delete (nothing refers to a template yet), audited with the row as it was. */
export const removeTemplate = async (tx: Tx, ctx: RequestContext, kind: TemplateKind, id: string) => {
  const { table, entity, noun } = KINDS[kind];
  const before = await itemOf(tx, ctx, kind, id);
  if (!before || !(await repo.deleteTemplate(tx, ctx.tenantId, table, id))) throw notFound(noun);
  await recordAudit(tx, ctx, { entity, entityId: id, action: 'delete', before });
  return { message: `${noun} deleted successfully` };
};

/**
 * R-ESIGN-011: the frame url of a template document (docs/decisions.md, Templates). The caller must open the
 * list of that `type`, and preparing a new template (editing false) is for its editors; preparing a new
 * service agreement while one exists is refused (R-AGREE-006).
 */
export const prepareUrl = async (tx: Tx, ctx: RequestContext, body: PrepareUrlBody) => {
  const { listRoute, createRoute } = KINDS[body.type];
  const may = (route: RouteKey) => isAllowed(PERMISSIONS[route], ctx.principal);
  if (!may(listRoute) || (!body.editing && !may(createRoute))) throw forbidden();
  if (
    body.type === 'agreement' &&
    !body.editing &&
    (await repo.countTemplates(tx, ctx.tenantId, schema.agreements)) > 0
  ) {
    throw secondAgreement();
  }
  const doc = await documentOf(tx, ctx, body.type, body.templateId, 404);
  // Issue 20: an e-sign document opens our preparation page (fields placed per signer); the other kinds show
  // the PDF itself.
  const url =
    body.type === 'esign'
      ? esignPrepareUrl(doc.path)
      : `/api/common/viewfile?path=${encodeURIComponent(doc.path)}&filename=${encodeURIComponent(doc.name)}&inline=1`;
  return { url, templateId: doc.path };
};
