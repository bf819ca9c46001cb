import { messageResponses, responses } from '@caseport/domain/api/responses';
import {
  CaseRemindersBodySchema,
  CaseRemindersSchema,
  GlobalConfigDetailsBodySchema,
  GlobalConfigDetailsSchema,
  GlobalConfigSaveBodySchema,
  SeasonYearListBodySchema,
  SeasonYearListSchema,
} from '@caseport/domain/reminders/contracts';
import {
  BellCountSchema,
  BellListBodySchema,
  BellListSchema,
  BellMarkedSchema,
  BellMarkReadBodySchema,
  ReminderPreviewBodySchema,
  ReminderPreviewSchema,
} from '@caseport/domain/reminders/engine';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, readInTenant, runInTenant, tenantContextOf, tenantTargetOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { bellCount, bellList, bellMarkRead, caseReminders, previewReminders } from './engine-service';
import { globalConfigDetails, saveGlobalConfig, seasonYearList, TENANT_REQUIRED } from './service';

const tags = ['reminders'];

/** Global configuration and reminders (002 §7.1). */
export const reminderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  /** D-02: role 1 configures the tenant it picked; a tenant role its own. */
  const target = (request: FastifyRequest, tenantId: string | undefined) =>
    tenantTargetOf(request, db, tenantId, TENANT_REQUIRED);
  app.post(
    '/api/global-config/details',
    { schema: { tags, body: GlobalConfigDetailsBodySchema, response: responses(GlobalConfigDetailsSchema) } },
    async (request) => {
      const ctx = await target(request, request.body.tenantId);
      return readInTenant(db, ctx, (tx) => globalConfigDetails(tx, ctx));
    },
  );
  app.post(
    '/api/global-config/create',
    { schema: { tags, body: GlobalConfigSaveBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = await target(request, request.body.tenantId);
      return runInTenant(db, ctx, (tx) => saveGlobalConfig(tx, ctx, clock, 'create', request.body));
    },
  );
  app.post(
    '/api/global-config/update',
    { schema: { tags, body: GlobalConfigSaveBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = await target(request, request.body.tenantId);
      return runInTenant(db, ctx, (tx) => saveGlobalConfig(tx, ctx, clock, 'update', request.body));
    },
  );
  app.post(
    '/api/cap-registrations/get-season-year-list',
    { schema: { tags, body: SeasonYearListBodySchema, response: responses(SeasonYearListSchema) } },
    async (request) => {
      const ctx = await target(request, request.body.tenantId);
      return readInTenant(db, ctx, (tx) => seasonYearList(tx, ctx));
    },
  );
  // Issue 17, beyond the spec: the engine's preview, and the bell of the signed-in user.
  app.post(
    '/api/reminders/preview',
    { schema: { tags, body: ReminderPreviewBodySchema, response: responses(ReminderPreviewSchema) } },
    async (request) => {
      const ctx = await target(request, request.body.tenantId);
      return readInTenant(db, ctx, (tx) => previewReminders(tx, ctx, clock, request.body));
    },
  );
  // Issue 34: one case's reminders of the next 60 days and who receives them (the case page's Reminders tab).
  app.post(
    '/api/reminders/case',
    { schema: { tags, body: CaseRemindersBodySchema, response: responses(CaseRemindersSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return readInTenant(db, ctx, (tx) => caseReminders(tx, ctx, clock, request.body.caseId));
    },
  );
  app.post(
    '/api/reminders/bell-count',
    { schema: { tags, body: BellListBodySchema, response: responses(BellCountSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => bellCount(tx, ctx));
    },
  );
  app.post(
    '/api/reminders/bell-list',
    { schema: { tags, body: BellListBodySchema, response: responses(BellListSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => bellList(tx, ctx));
    },
  );
  app.post(
    '/api/reminders/mark-read',
    { schema: { tags, body: BellMarkReadBodySchema, response: responses(BellMarkedSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => bellMarkRead(tx, ctx, clock, request.body));
    },
  );
};
