import type { Db } from '@caseport/db/client';
import { messageResponses, responses } from '@caseport/domain/api/responses';
import { isPlatformRole } from '@caseport/domain/auth/roles';
import {
  CaseIdConfigCreateBodySchema,
  CaseIdConfigDetailsSchema,
  CaseIdConfigIdBodySchema,
  CaseIdConfigListBodySchema,
  CaseIdConfigListSchema,
  CaseIdConfigUpdateBodySchema,
  CustomCodeSavedSchema,
  SaveCustomCodeBodySchema,
} from '@caseport/domain/case-codes/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actingContextOf,
  contextOf,
  type RequestContext,
  readInTenant,
  runInTenant,
  tenantContextOf,
} from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import {
  caseIdConfigDetails,
  configTenantOf,
  createCaseIdConfigs,
  deleteCaseIdConfig,
  listCaseIdConfigs,
  saveCustomCode,
  updateCaseIdConfig,
} from './service';

const tags = ['case-codes'];

/**
 * The context that may touch a configuration: a tenant role's own; for role 1 the configuration's customer,
 * as an audited acting tenant (D-02), found by a first read of its own. An unknown or another tenant's id
 * answers 404.
 */
const contextForConfig = async (db: Db, request: FastifyRequest, configId: string): Promise<RequestContext> => {
  const ctx = contextOf(request);
  if (!isPlatformRole(ctx.principal.roleId)) return ctx;
  const tenantId = await runInTenant(db, ctx, (tx) => configTenantOf(tx, ctx, configId));
  if (!tenantId) throw notFound('Configuration');
  return actingContextOf(request, db, tenantId);
};

/** Case code configuration (001 §7 "Case codes"). */
export const caseCodeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/case-id-config/list',
    { schema: { tags, body: CaseIdConfigListBodySchema, response: responses(CaseIdConfigListSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => listCaseIdConfigs(tx, ctx, request.body));
    },
  );
  app.post(
    '/api/case-id-config/create',
    { schema: { tags, body: CaseIdConfigCreateBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = await actingContextOf(request, db, request.body.tenantId);
      return runInTenant(db, ctx, (tx) => createCaseIdConfigs(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/case-id-config/update',
    { schema: { tags, body: CaseIdConfigUpdateBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = await contextForConfig(db, request, request.body.configId);
      return runInTenant(db, ctx, (tx) => updateCaseIdConfig(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/case-id-config/delete',
    { schema: { tags, body: CaseIdConfigIdBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = await contextForConfig(db, request, request.body.configId);
      return runInTenant(db, ctx, (tx) => deleteCaseIdConfig(tx, ctx, request.body.configId));
    },
  );
  app.post(
    '/api/case-id-config/details',
    { schema: { tags, body: CaseIdConfigIdBodySchema, response: responses(CaseIdConfigDetailsSchema) } },
    async (request) => {
      const ctx = await contextForConfig(db, request, request.body.configId);
      return runInTenant(db, ctx, (tx) => caseIdConfigDetails(tx, ctx, request.body.configId));
    },
  );
  // D-06/D-23: the Custom Code popup of the case-type configuration saves here.
  app.post(
    '/api/case-type-config/save-custom-code',
    { schema: { tags, body: SaveCustomCodeBodySchema, response: responses(CustomCodeSavedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return runInTenant(db, ctx, (tx) => saveCustomCode(tx, ctx, clock, request.body));
    },
  );
};
