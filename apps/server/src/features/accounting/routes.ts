import {
  AccountingExportQuerySchema,
  AccountingSaveBodySchema,
  AccountingSettingsBodySchema,
  AccountingSettingsSchema,
} from '@caseport/domain/accounting/contracts';
import { fileResponses, messageResponses, responses } from '@caseport/domain/api/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileHeaders } from '../../platform/content-disposition';
import type { AppDeps } from '../../platform/deps';
import { accountingSettings, exportAccounting, saveAccountingSettings } from './service';

const tags = ['accounting'];

/** Issue 21: the quickbooksSettings tab: the accounts-and-items mapping and the QuickBooks export files. */
export const accountingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/accounting/settings',
    { schema: { tags, body: AccountingSettingsBodySchema, response: responses(AccountingSettingsSchema) } },
    (request) => accountingSettings(db, request, request.body),
  );
  app.post(
    '/api/accounting/save-settings',
    { schema: { tags, body: AccountingSaveBodySchema, response: messageResponses } },
    (request) => saveAccountingSettings(db, request, clock, request.body),
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
      const file = await exportAccounting(db, request, request.body);
      reply.headers(fileHeaders(file.contentType, 'attachment', file.filename));
      return reply.send(Buffer.from(file.body, 'utf8'));
    },
  );
};
