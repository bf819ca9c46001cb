import { responses } from '@caseport/domain/api/responses';
import { Role } from '@caseport/domain/auth/roles';
import {
  QuestionnaireCreateBodySchema,
  QuestionnaireDetailsSchema,
  QuestionnaireIdBodySchema,
  QuestionnaireLibraryListBodySchema,
  QuestionnaireLibraryListSchema,
  QuestionnairePreviewBodySchema,
  QuestionnairePreviewSchema,
  QuestionnaireSaveDraftBodySchema,
  QuestionnaireSavedSchema,
  QuestionnaireVersionBodySchema,
} from '@caseport/domain/questionnaires/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, readInTenant, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { listLibrary } from './repository';
import { createQuestionnaire, publish, publishedPreview, questionnaireDetails, saveDraft, versionOf } from './service';

const tags = ['questionnaires'];

/**
 * Questionnaire Templates (tab questionnaireTemplateList, role 1; issue 21): the platform's versioned library.
 * Every call runs in the caller's own context: role 1 has no tenant, so row-level security gives it the
 * platform's rows (app_platform); a tenant role never reaches these routes (permission matrix). Role 2 reads
 * published versions only (`/version`, the platform Case Configuration's Preview).
 */
export const questionnaireRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  app.post(
    '/api/questionnaire-template/list',
    { schema: { tags, body: QuestionnaireLibraryListBodySchema, response: responses(QuestionnaireLibraryListSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => listLibrary(tx, request.body));
    },
  );
  app.post(
    '/api/questionnaire-template/details',
    { schema: { tags, body: QuestionnaireIdBodySchema, response: responses(QuestionnaireDetailsSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => questionnaireDetails(tx, request.body.questionnaireId));
    },
  );
  app.post(
    '/api/questionnaire-template/version',
    { schema: { tags, body: QuestionnaireVersionBodySchema, response: responses(QuestionnairePreviewSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      const { questionnaireId, version } = request.body;
      const publishedOnly = ctx.principal.roleId !== Role.SuperAdmin;
      return readInTenant(db, ctx, (tx) => versionOf(tx, questionnaireId, version, publishedOnly));
    },
  );
  app.post(
    '/api/questionnaire-template/create',
    { schema: { tags, body: QuestionnaireCreateBodySchema, response: responses(QuestionnaireSavedSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => createQuestionnaire(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/questionnaire-template/save-draft',
    { schema: { tags, body: QuestionnaireSaveDraftBodySchema, response: responses(QuestionnaireSavedSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => saveDraft(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/questionnaire-template/publish',
    { schema: { tags, body: QuestionnaireIdBodySchema, response: responses(QuestionnaireSavedSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => publish(tx, ctx, clock, request.body.questionnaireId));
    },
  );
  // The case-type configuration's Preview link (tab questionnarie, roles 3 and 4): published versions only.
  app.post(
    '/api/questionnaire/preview',
    { schema: { tags, body: QuestionnairePreviewBodySchema, response: responses(QuestionnairePreviewSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      return readInTenant(db, ctx, (tx) => publishedPreview(tx, request.body.questionnaireId));
    },
  );
};
