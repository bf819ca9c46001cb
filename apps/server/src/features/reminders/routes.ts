import { messageResponses, responses } from '@caseport/domain/api/responses';
import {
  GlobalConfigDetailsBodySchema,
  GlobalConfigDetailsSchema,
  GlobalConfigSaveBodySchema,
  SeasonYearListBodySchema,
  SeasonYearListSchema,
} from '@caseport/domain/reminders/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
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
};
