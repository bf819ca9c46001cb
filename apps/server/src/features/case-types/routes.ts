import { messageResponses, responses } from '@caseport/domain/api/responses';
import {
  FormLetterDeleteBodySchema,
  FormLetterListBodySchema,
  FormLetterListSchema,
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
  deleteFormLetter,
  listFormsAndLetters,
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
  app.post(
    '/api/form-letter/list',
    { schema: { tags, body: FormLetterListBodySchema, response: responses(FormLetterListSchema) } },
    (request) => listFormsAndLetters(db, storage, request, request.body),
  );
  // R-CASETYPE-015: the spec does not show the path.
  app.post(
    '/api/form-letter/delete',
    { schema: { tags, body: FormLetterDeleteBodySchema, response: messageResponses } },
    (request) => deleteFormLetter(db, request, request.body.formAndLetterId),
  );
};
