import { messageResponses, responses } from '@caseport/domain/api/responses';
import {
  ManageSelectionBodySchema,
  PetitionConfigListBodySchema,
  PetitionConfigListResponseSchema,
  PetitionConfigSaveBodySchema,
  PetitionConfigSavedSchema,
  QuestionnaireListBodySchema,
  QuestionnaireListSchema,
} from '@caseport/domain/case-types/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import {
  listPetitionConfigs,
  listQuestionnaires,
  manageCaseSubTypes,
  manageCaseTypes,
  savePetitionConfig,
} from './service';

const tags = ['case-types'];

/** Case-type configuration (001 §7 "Case-type configuration"). */
export const caseTypeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, storage }) => {
  app.post(
    '/api/petition-config/list',
    { schema: { tags, body: PetitionConfigListBodySchema, response: responses(PetitionConfigListResponseSchema) } },
    (request) => listPetitionConfigs(db, storage, request, request.body),
  );
  app.post(
    '/api/petition-config/manage-case-types',
    { schema: { tags, body: ManageSelectionBodySchema, response: messageResponses } },
    (request) => manageCaseTypes(db, request, clock, request.body),
  );
  app.post(
    '/api/petition-config/manage-case-sub-types',
    { schema: { tags, body: ManageSelectionBodySchema, response: messageResponses } },
    (request) => manageCaseSubTypes(db, request, clock, request.body),
  );
  app.post(
    '/api/petition-config/create',
    { schema: { tags, body: PetitionConfigSaveBodySchema, response: responses(PetitionConfigSavedSchema) } },
    (request) => savePetitionConfig(db, storage, request, clock, 'create', request.body),
  );
  app.post(
    '/api/petition-config/update',
    { schema: { tags, body: PetitionConfigSaveBodySchema, response: responses(PetitionConfigSavedSchema) } },
    (request) => savePetitionConfig(db, storage, request, clock, 'update', request.body),
  );
  app.post(
    '/api/questionnaire/list',
    { schema: { tags, body: QuestionnaireListBodySchema, response: responses(QuestionnaireListSchema) } },
    (request) => listQuestionnaires(db, storage, request, request.body),
  );
};
