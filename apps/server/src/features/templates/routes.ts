import { messageResponses, responses } from '@caseport/domain/api/responses';
import {
  AgreementCreateBodySchema,
  AgreementDeleteBodySchema,
  AgreementListBodySchema,
  AgreementListSchema,
  AgreementUpdateBodySchema,
  ContractCreateBodySchema,
  ContractDeleteBodySchema,
  ContractListBodySchema,
  ContractTemplateListSchema,
  ContractUpdateBodySchema,
  EsignDeleteBodySchema,
  EsignListBodySchema,
  EsignSaveBodySchema,
  EsignTemplateListSchema,
  EsignUpdateBodySchema,
  PrepareUrlAnswerSchema,
  PrepareUrlBodySchema,
  TemplateSavedSchema,
} from '@caseport/domain/templates/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, readInTenant, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { listAgreements, listContracts, listEsign } from './repository';
import { prepareUrl, removeTemplate, saveAgreement, saveContract, saveEsign } from './service';

/** E-sign templates, contract templates and the service agreement (002 §7.5-7.7; D-06 paths). */
export const templateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  const tags = ['templates'];
  const inTenant = <T>(request: Parameters<typeof contextOf>[0], fn: Parameters<typeof runInTenant<T>>[2]) =>
    runInTenant(db, contextOf(request), fn);
  const readIn = <T>(request: Parameters<typeof contextOf>[0], fn: Parameters<typeof readInTenant<T>>[2]) =>
    readInTenant(db, contextOf(request), fn);

  app.post(
    '/api/pdf-sign/get-tpl-prepare-iframe-url',
    { schema: { tags, body: PrepareUrlBodySchema, response: responses(PrepareUrlAnswerSchema) } },
    (r) => inTenant(r, (tx, ctx) => prepareUrl(tx, ctx, r.body)),
  );

  app.post(
    '/api/pdf-sign/esign-template-list',
    { schema: { tags, body: EsignListBodySchema, response: responses(EsignTemplateListSchema) } },
    (r) => readIn(r, (tx, ctx) => listEsign(tx, ctx.tenantId, r.body)),
  );
  app.post(
    '/api/pdf-sign/save-esign-template',
    { schema: { tags, body: EsignSaveBodySchema, response: responses(TemplateSavedSchema) } },
    (r) => inTenant(r, (tx, ctx) => saveEsign(tx, ctx, clock, r.body)),
  );
  app.post(
    '/api/pdf-sign/update-esign-template',
    { schema: { tags, body: EsignUpdateBodySchema, response: responses(TemplateSavedSchema) } },
    (r) => inTenant(r, (tx, ctx) => saveEsign(tx, ctx, clock, r.body)),
  );
  app.post(
    '/api/pdf-sign/delete-esign-template',
    { schema: { tags, body: EsignDeleteBodySchema, response: messageResponses } },
    (r) => inTenant(r, (tx, ctx) => removeTemplate(tx, ctx, 'esign', r.body.templateId)),
  );

  app.post(
    '/api/contract-template/list',
    { schema: { tags, body: ContractListBodySchema, response: responses(ContractTemplateListSchema) } },
    (r) => readIn(r, (tx, ctx) => listContracts(tx, ctx.tenantId, r.body)),
  );
  app.post(
    '/api/contract-template/create',
    { schema: { tags, body: ContractCreateBodySchema, response: responses(TemplateSavedSchema) } },
    (r) => inTenant(r, (tx, ctx) => saveContract(tx, ctx, clock, r.body)),
  );
  app.post(
    '/api/contract-template/update',
    { schema: { tags, body: ContractUpdateBodySchema, response: responses(TemplateSavedSchema) } },
    (r) => inTenant(r, (tx, ctx) => saveContract(tx, ctx, clock, r.body)),
  );
  app.post(
    '/api/contract-template/delete',
    { schema: { tags, body: ContractDeleteBodySchema, response: messageResponses } },
    (r) => inTenant(r, (tx, ctx) => removeTemplate(tx, ctx, 'contract', r.body.contractTemplateId)),
  );

  app.post(
    '/api/agreement/list',
    { schema: { tags, body: AgreementListBodySchema, response: responses(AgreementListSchema) } },
    (r) => readIn(r, (tx, ctx) => listAgreements(tx, ctx.tenantId, r.body)),
  );
  app.post(
    '/api/agreement/create',
    { schema: { tags, body: AgreementCreateBodySchema, response: responses(TemplateSavedSchema) } },
    (r) => inTenant(r, (tx, ctx) => saveAgreement(tx, ctx, clock, r.body)),
  );
  app.post(
    '/api/agreement/update',
    { schema: { tags, body: AgreementUpdateBodySchema, response: responses(TemplateSavedSchema) } },
    (r) => inTenant(r, (tx, ctx) => saveAgreement(tx, ctx, clock, r.body)),
  );
  app.post(
    '/api/agreement/delete',
    { schema: { tags, body: AgreementDeleteBodySchema, response: messageResponses } },
    (r) => inTenant(r, (tx, ctx) => removeTemplate(tx, ctx, 'agreement', r.body.agreementId)),
  );
};
