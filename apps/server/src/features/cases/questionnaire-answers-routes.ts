import { messageResponses, responses } from '@caseport/domain/api/responses';
import { CaseIdBodySchema } from '@caseport/domain/cases/contracts';
import {
  AnsweringIdBodySchema,
  AnsweringListBodySchema,
  AnsweringListSchema,
  AnsweringOpenSchema,
  AnsweringSaveBodySchema,
  AnsweringUploadedSchema,
  CaseQuestionnaireSchema,
  QuestionnaireReviewBodySchema,
  QuestionnaireSendBodySchema,
} from '@caseport/domain/cases/questionnaire-answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readInTenant, runInTenant, tenantContextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { readUploadParts } from '../../platform/multipart';
import { originOf } from '../../platform/one-time-links';
import { deliverQueued } from '../../platform/owner-notice';
import {
  answeringList,
  caseQuestionnaire,
  openAnswering,
  reviewAnswers,
  saveAnswers,
  sendQuestionnaire,
  submitAnswers,
  uploadAnswerFile,
} from './questionnaire-answers-service';

const tags = ['cases'];

/**
 * Issue 35 item 2: questionnaires answered. The firm (3, 4) sends the case's questionnaire, reads the answers and
 * accepts or sends them back; the person it was sent to (11, 12, 50, 51) opens, saves, uploads and submits.
 */
export const questionnaireAnswerRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, clock, storage, mailer, publicUrl },
) => {
  const deliver = deliverQueued(db, mailer, clock);
  app.post(
    '/api/cases/questionnaire/status',
    { schema: { tags, body: CaseIdBodySchema, response: responses(CaseQuestionnaireSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return readInTenant(db, ctx, (tx) => caseQuestionnaire(tx, ctx, request.body.caseId));
    },
  );
  app.post(
    '/api/cases/questionnaire/send',
    { schema: { tags, body: QuestionnaireSendBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      const origin = originOf(request, publicUrl);
      return deliver(await runInTenant(db, ctx, (tx) => sendQuestionnaire(tx, ctx, request.body, origin)));
    },
  );
  app.post(
    '/api/cases/questionnaire/review',
    { schema: { tags, body: QuestionnaireReviewBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Questionnaire');
      const origin = originOf(request, publicUrl);
      return deliver(await runInTenant(db, ctx, (tx) => reviewAnswers(tx, ctx, clock, request.body, origin)));
    },
  );

  // The person's side.
  app.post(
    '/api/answering/list',
    { schema: { tags, body: AnsweringListBodySchema, response: responses(AnsweringListSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return readInTenant(db, ctx, (tx) => answeringList(tx, ctx));
    },
  );
  app.post(
    '/api/answering/open',
    { schema: { tags, body: AnsweringIdBodySchema, response: responses(AnsweringOpenSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Questionnaire');
      return readInTenant(db, ctx, (tx) => openAnswering(tx, ctx, request.body.responseId));
    },
  );
  app.post(
    '/api/answering/save',
    { schema: { tags, body: AnsweringSaveBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Questionnaire');
      return runInTenant(db, ctx, (tx) => saveAnswers(tx, ctx, request.body));
    },
  );
  app.post(
    '/api/answering/submit',
    { schema: { tags, body: AnsweringSaveBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Questionnaire');
      return runInTenant(db, ctx, (tx) => submitAnswers(tx, ctx, clock, request.body));
    },
  );
  // Multipart: `responseId` and one `files` part, checked by content (files/purposes.ts caseDocument) before storing.
  app.post(
    '/api/answering/upload',
    { schema: { tags, consumes: ['multipart/form-data'], response: responses(AnsweringUploadedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Questionnaire');
      const { fields, files } = await readUploadParts(request);
      const responseId = z.uuid().safeParse(fields.responseId);
      if (!responseId.success) throw fieldError('responseId', 'Choose the questionnaire');
      return runInTenant(db, ctx, (tx) => uploadAnswerFile(tx, ctx, storage, responseId.data, files));
    },
  );
};
