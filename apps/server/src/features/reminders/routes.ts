import { messageResponses, responses } from '@caseport/domain/api/responses';
import {
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { bellCount, bellList, bellMarkRead, previewReminders } from './engine-service';
import { globalConfigDetails, saveGlobalConfig, seasonYearList } from './service';

const tags = ['reminders'];

/** Global configuration and reminders (002 §7.1). */
export const reminderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/global-config/details',
    { schema: { tags, body: GlobalConfigDetailsBodySchema, response: responses(GlobalConfigDetailsSchema) } },
    (request) => globalConfigDetails(db, request, request.body),
  );
  app.post(
    '/api/global-config/create',
    { schema: { tags, body: GlobalConfigSaveBodySchema, response: messageResponses } },
    (request) => saveGlobalConfig(db, request, clock, 'create', request.body),
  );
  app.post(
    '/api/global-config/update',
    { schema: { tags, body: GlobalConfigSaveBodySchema, response: messageResponses } },
    (request) => saveGlobalConfig(db, request, clock, 'update', request.body),
  );
  app.post(
    '/api/cap-registrations/get-season-year-list',
    { schema: { tags, body: SeasonYearListBodySchema, response: responses(SeasonYearListSchema) } },
    (request) => seasonYearList(db, request, request.body),
  );
  // Issue 17, beyond the spec: the engine's preview, and the bell of the signed-in user.
  app.post(
    '/api/reminders/preview',
    { schema: { tags, body: ReminderPreviewBodySchema, response: responses(ReminderPreviewSchema) } },
    (request) => previewReminders(db, request, clock, request.body),
  );
  app.post(
    '/api/reminders/bell-count',
    { schema: { tags, body: BellListBodySchema, response: responses(BellCountSchema) } },
    (request) => bellCount(db, request),
  );
  app.post(
    '/api/reminders/bell-list',
    { schema: { tags, body: BellListBodySchema, response: responses(BellListSchema) } },
    (request) => bellList(db, request),
  );
  app.post(
    '/api/reminders/mark-read',
    { schema: { tags, body: BellMarkReadBodySchema, response: responses(BellMarkedSchema) } },
    (request) => bellMarkRead(db, request, clock, request.body),
  );
};
