import { messageResponses, responses } from '@caseport/domain/api/responses';
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import {
  caseIdConfigDetails,
  createCaseIdConfigs,
  deleteCaseIdConfig,
  listCaseIdConfigs,
  saveCustomCode,
  updateCaseIdConfig,
} from './service';

const tags = ['case-codes'];

/** Case code configuration (001 §7 "Case codes"). */
export const caseCodeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/case-id-config/list',
    { schema: { tags, body: CaseIdConfigListBodySchema, response: responses(CaseIdConfigListSchema) } },
    (request) => listCaseIdConfigs(db, request, request.body),
  );
  app.post(
    '/api/case-id-config/create',
    { schema: { tags, body: CaseIdConfigCreateBodySchema, response: messageResponses } },
    (request) => createCaseIdConfigs(db, request, clock, request.body),
  );
  app.post(
    '/api/case-id-config/update',
    { schema: { tags, body: CaseIdConfigUpdateBodySchema, response: messageResponses } },
    (request) => updateCaseIdConfig(db, request, clock, request.body),
  );
  app.post(
    '/api/case-id-config/delete',
    { schema: { tags, body: CaseIdConfigIdBodySchema, response: messageResponses } },
    (request) => deleteCaseIdConfig(db, request, request.body.configId),
  );
  app.post(
    '/api/case-id-config/details',
    { schema: { tags, body: CaseIdConfigIdBodySchema, response: responses(CaseIdConfigDetailsSchema) } },
    (request) => caseIdConfigDetails(db, request, request.body.configId),
  );
  // D-06/D-23: the Custom Code popup of the case-type configuration saves here.
  app.post(
    '/api/case-type-config/save-custom-code',
    { schema: { tags, body: SaveCustomCodeBodySchema, response: responses(CustomCodeSavedSchema) } },
    (request) => saveCustomCode(db, request, clock, request.body),
  );
};
