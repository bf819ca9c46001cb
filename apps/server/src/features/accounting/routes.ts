import {
  ACCOUNTING_MESSAGES,
  AccountingExportQuerySchema,
  AccountingSaveBodySchema,
  AccountingSettingsBodySchema,
  AccountingSettingsSchema,
} from '@caseport/domain/accounting/contracts';
import { fileResponses, messageResponses, responses } from '@caseport/domain/api/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileHeaders } from '../../platform/content-disposition';
import { readInTenant, runInTenant, tenantTargetOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { accountingSettings, exportAccounting, saveAccountingSettings } from './service';

const tags = ['accounting'];

/**
 * Issue 21: the quickbooksSettings tab: the accounts-and-items mapping and the QuickBooks export files. D-02: role 1
 * maps and exports for the tenant it picked; a tenant role its own (a picked id is ignored).
 */
export const accountingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/accounting/settings',
    { schema: { tags, body: AccountingSettingsBodySchema, response: responses(AccountingSettingsSchema) } },
    async (request) => {
      const ctx = await tenantTargetOf(request, db, request.body.tenantId, ACCOUNTING_MESSAGES.tenantRequired);
      return readInTenant(db, ctx, (tx) => accountingSettings(tx, ctx));
    },
  );
  app.post(
    '/api/accounting/save-settings',
    { schema: { tags, body: AccountingSaveBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = await tenantTargetOf(request, db, request.body.tenantId, ACCOUNTING_MESSAGES.tenantRequired);
      return runInTenant(db, ctx, (tx) => saveAccountingSettings(tx, ctx, clock, request.body));
    },
  );
  // R-API-001: a POST like every call; the answer is the file (the page saves it as a download).
  app.post(
    '/api/accounting/export',
    {
      schema: {
        tags,
        body: AccountingExportQuerySchema,
        response: fileResponses(['text/plain', 'text/csv']),
      },
    },
    async (request, reply) => {
      const ctx = await tenantTargetOf(request, db, request.body.tenantId, ACCOUNTING_MESSAGES.tenantRequired);
      const file = await readInTenant(db, ctx, (tx) => exportAccounting(tx, ctx, request.body));
      reply.headers(fileHeaders(file.contentType, 'attachment', file.filename));
      return reply.send(Buffer.from(file.body, 'utf8'));
    },
  );
};
