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
import type { AppDeps } from '../../platform/deps';
import { sofficePath } from './docx';
import { createFormLetter, deleteFormLetter, fillFormLetter, listFormLetters, updateFormLetter } from './service';

/** Forms and letters, letters and letter headers (001 §7 R-CASETYPE-014/015; 002 §7.4; issue 20). */
export const letterRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, storage }) => {
  const tags = ['letters'];
  app.post(
    '/api/form-letter/list',
    { schema: { tags, body: FormLetterListBodySchema, response: responses(FormLetterListSchema) } },
    (request) => listFormLetters(db, storage, request, request.body),
  );
  // R-CASETYPE-015: the spec does not show the path.
  app.post(
    '/api/form-letter/delete',
    { schema: { tags, body: FormLetterDeleteBodySchema, response: messageResponses } },
    (request) => deleteFormLetter(db, request, request.body.formAndLetterId),
  );
  app.post(
    '/api/form-letter/create',
    { schema: { tags, body: FormLetterCreateBodySchema, response: responses(FormLetterSavedSchema) } },
    (request) => createFormLetter(db, storage, request, clock, request.body),
  );
  app.post(
    '/api/form-letter/update',
    { schema: { tags, body: FormLetterUpdateBodySchema, response: responses(FormLetterSavedSchema) } },
    (request) => updateFormLetter(db, storage, request, clock, request.body),
  );
  // Issue 20: the letter filled for a case (not in the spec; D-06 style path).
  app.post(
    '/api/form-letter/fill',
    { schema: { tags, body: FormLetterFillBodySchema, response: responses(FormLetterFilledSchema) } },
    (request) => fillFormLetter(db, storage, request, clock, request.body),
  );
  app.post(
    '/api/form-letter/capabilities',
    { schema: { tags, body: FormLetterCapabilitiesBodySchema, response: responses(FormLetterCapabilitiesSchema) } },
    async () => ({ pdf: (await sofficePath()) !== null }),
  );
};
