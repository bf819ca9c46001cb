import { messageResponses, responses } from '@caseport/domain/api/responses';
import {
  FormLetterCapabilitiesBodySchema,
  FormLetterCapabilitiesSchema,
  FormLetterCreateBodySchema,
  FormLetterDeleteBodySchema,
  FormLetterFillBodySchema,
  FormLetterFilledSchema,
  FormLetterListBodySchema,
  FormLetterListSchema,
  FormLetterSavedSchema,
  FormLetterUpdateBodySchema,
} from '@caseport/domain/letters/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runInTenant, tenantContextOf, tenantTargetOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { sofficePath } from './docx';
import {
  checkedLetterDocument,
  createFormLetter,
  deleteFormLetter,
  fillFormLetter,
  listFormLetters,
  updateFormLetter,
} from './service';

/** Forms and letters, letters and letter headers (001 §7 R-CASETYPE-014/015; 002 §7.4; issue 20). */
export const letterRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, storage }) => {
  const tags = ['letters'];
  app.post(
    '/api/form-letter/list',
    { schema: { tags, body: FormLetterListBodySchema, response: responses(FormLetterListSchema) } },
    async (request) => {
      const ctx = await tenantTargetOf(request, db, request.body.tenantId);
      // A write: the starter library is created on the tenant's first read.
      return runInTenant(db, ctx, (tx) => listFormLetters(tx, ctx, storage, request.body));
    },
  );
  // R-CASETYPE-015: the spec does not show the path.
  app.post(
    '/api/form-letter/delete',
    { schema: { tags, body: FormLetterDeleteBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request);
      return runInTenant(db, ctx, (tx) => deleteFormLetter(tx, ctx, request.body.formAndLetterId));
    },
  );
  app.post(
    '/api/form-letter/create',
    { schema: { tags, body: FormLetterCreateBodySchema, response: responses(FormLetterSavedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      const doc = await checkedLetterDocument(db, ctx, storage, request.body.templateId);
      return runInTenant(db, ctx, (tx) => createFormLetter(tx, ctx, clock, request.body, doc));
    },
  );
  app.post(
    '/api/form-letter/update',
    { schema: { tags, body: FormLetterUpdateBodySchema, response: responses(FormLetterSavedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      const doc = await checkedLetterDocument(db, ctx, storage, request.body.templateId);
      return runInTenant(db, ctx, (tx) => updateFormLetter(tx, ctx, clock, request.body, doc));
    },
  );
  // Issue 20: the letter filled for a case (not in the spec; D-06 style path).
  app.post(
    '/api/form-letter/fill',
    { schema: { tags, body: FormLetterFillBodySchema, response: responses(FormLetterFilledSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request);
      // Issue 39: its own transactions, none held while the document worker fills the letter.
      return fillFormLetter(db, ctx, storage, clock, request.body);
    },
  );
  app.post(
    '/api/form-letter/capabilities',
    { schema: { tags, body: FormLetterCapabilitiesBodySchema, response: responses(FormLetterCapabilitiesSchema) } },
    async () => ({ pdf: (await sofficePath()) !== null }),
  );
};
