import { messageResponses, responses } from '@caseport/domain/api/responses';
import {
  LETTER_VARIABLES,
  MessagesListBodySchema,
  MessagesListSchema,
  SocAddBodySchema,
  SocCodeConfigAddedSchema,
  SocCodeConfigDetailsSchema,
  SocCodeConfigListSchema,
  SocDetailsBodySchema,
  SocListBodySchema,
  SocManageStatusBodySchema,
  SocUpdateBodySchema,
  SocUpdateDocumentsBodySchema,
} from '@caseport/domain/soc-codes/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readInTenant, runInTenant, tenantContextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import * as service from './service';

const tags = ['soc-codes'];
/** The SOC tab belongs to a tenant (content roles 3 and 4): there is always one, else 404 on this. */
const SOC_TENANT = 'SOC configuration';

/** 001 §7 SOC (D-06: POST under /api). */
export const socCodeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/soc-code-config/list',
    { schema: { tags, body: SocListBodySchema, response: responses(SocCodeConfigListSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, SOC_TENANT);
      return readInTenant(db, ctx, (tx) => service.listSocConfigs(tx, ctx, request.body));
    },
  );
  app.post(
    '/api/soc-code-config/add-soc-code',
    { schema: { tags, body: SocAddBodySchema, response: responses(SocCodeConfigAddedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, SOC_TENANT);
      return runInTenant(db, ctx, (tx) => service.addSocConfig(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/soc-code-config/update',
    { schema: { tags, body: SocUpdateBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request, SOC_TENANT);
      return runInTenant(db, ctx, (tx) => service.updateSocConfig(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/soc-code-config/manage-status',
    { schema: { tags, body: SocManageStatusBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request, SOC_TENANT);
      return runInTenant(db, ctx, (tx) => service.manageSocStatus(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/soc-code-config/update-documents',
    { schema: { tags, body: SocUpdateDocumentsBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request, SOC_TENANT);
      return runInTenant(db, ctx, (tx) => service.updateSocDocuments(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/soc-code-config/details',
    { schema: { tags, body: SocDetailsBodySchema, response: responses(SocCodeConfigDetailsSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, SOC_TENANT);
      return runInTenant(db, ctx, (tx) => service.socDetails(tx, ctx, request.body.socCodeConfigId));
    },
  );
  // R-SOC-037: the placeholders a Word template may use.
  app.post(
    '/api/messages/list',
    { schema: { tags, body: MessagesListBodySchema, response: responses(MessagesListSchema) } },
    async (request) => ({
      messages: { [request.body.category]: LETTER_VARIABLES },
    }),
  );
};
