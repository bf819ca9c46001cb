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
import { actingContextOf, runInTenant, tenantContextOf, tenantTargetOf } from '../../platform/context';
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
    async (request) => {
      const ctx = await actingContextOf(request, db, request.body.filters.tenantIds?.[0]);
      // A write: a tenant's first read creates its starter library.
      return runInTenant(db, ctx, (tx) => listPetitionConfigs(tx, ctx, storage, request.body));
    },
  );
  app.post(
    '/api/petition-config/manage-case-types',
    { schema: { tags, body: ManageSelectionBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return runInTenant(db, ctx, (tx) => manageCaseTypes(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/petition-config/manage-case-sub-types',
    { schema: { tags, body: ManageSelectionBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return runInTenant(db, ctx, (tx) => manageCaseSubTypes(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/petition-config/create',
    { schema: { tags, body: PetitionConfigSaveBodySchema, response: responses(PetitionConfigSavedSchema) } },
    async (request) => {
      // Issue 21: role 1 saves a tenant's configuration through the same rules, audited as the acting tenant.
      const ctx = await tenantTargetOf(request, db, request.body.tenantId);
      return runInTenant(db, ctx, (tx) => savePetitionConfig(tx, ctx, storage, clock, 'create', request.body));
    },
  );
  app.post(
    '/api/petition-config/update',
    { schema: { tags, body: PetitionConfigSaveBodySchema, response: responses(PetitionConfigSavedSchema) } },
    async (request) => {
      const ctx = await tenantTargetOf(request, db, request.body.tenantId);
      return runInTenant(db, ctx, (tx) => savePetitionConfig(tx, ctx, storage, clock, 'update', request.body));
    },
  );
  app.post(
    '/api/questionnaire/list',
    { schema: { tags, body: QuestionnaireListBodySchema, response: responses(QuestionnaireListSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return runInTenant(db, ctx, (tx) => listQuestionnaires(tx, ctx, storage, request.body));
    },
  );
};
