import { fileResponses, messageResponses, responses } from '@caseport/domain/api/responses';
import { STORED_FILE_MIMETYPES } from '@caseport/domain/files/contracts';
import {
  FormEditionAddBodySchema,
  LibraryDocumentQuerySchema,
  PlatformCaseConfigDeleteBodySchema,
  PlatformCaseConfigListBodySchema,
  PlatformCaseConfigListSchema,
  PlatformCaseConfigSaveBodySchema,
  PlatformFormListBodySchema,
  PlatformFormListSchema,
  PlatformFormSaveBodySchema,
  PlatformFormSavedSchema,
} from '@caseport/domain/platform-library/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileHeaders } from '../../platform/content-disposition';
import { contextOf, readInTenant, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { listLibrary, offeredDocument } from '../../platform/library-offer';
import { addEdition, deletePlatformConfig, listPlatformConfigs, saveForm, savePlatformConfig } from './service';

const tags = ['platform-library'];
const MIMETYPE_OF: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * Issue 21: the platform's Forms and Letters library and its default Case Configuration (roles 1 and 2). The
 * case-type catalogue (Case Types tab) is case-types/catalogue-routes.ts.
 */
export const platformLibraryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, storage }) => {
  app.post(
    '/api/platform-library/forms/list',
    { schema: { tags, body: PlatformFormListBodySchema, response: responses(PlatformFormListSchema) } },
    (request) => readInTenant(db, contextOf(request), (tx) => listLibrary(tx, request.body)),
  );
  app.post(
    '/api/platform-library/forms/save',
    { schema: { tags, body: PlatformFormSaveBodySchema, response: responses(PlatformFormSavedSchema) } },
    (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => saveForm(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/platform-library/forms/add-edition',
    { schema: { tags, body: FormEditionAddBodySchema, response: responses(PlatformFormSavedSchema) } },
    (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => addEdition(tx, ctx, storage, request.body));
    },
  );
  // A tenant downloads an entry its checklist offers (the platform's file is not one of its own files).
  app.get(
    '/api/platform-library/forms/document',
    {
      schema: { tags, querystring: LibraryDocumentQuerySchema, response: fileResponses(STORED_FILE_MIMETYPES) },
    },
    async (request, reply) => {
      const doc = await readInTenant(db, contextOf(request), (tx) => offeredDocument(tx, request.query.formId));
      const data = doc ? await storage.get(doc.path) : null;
      if (!doc || !data) throw notFound('File');
      const extn = doc.path.split('.').pop() ?? 'pdf';
      reply.headers(fileHeaders(MIMETYPE_OF[extn] ?? 'application/pdf', 'attachment', doc.name));
      return reply.send(data);
    },
  );

  app.post(
    '/api/platform-library/case-configs/list',
    { schema: { tags, body: PlatformCaseConfigListBodySchema, response: responses(PlatformCaseConfigListSchema) } },
    (request) => readInTenant(db, contextOf(request), (tx) => listPlatformConfigs(tx, request.body.typeIds)),
  );
  app.post(
    '/api/platform-library/case-configs/save',
    { schema: { tags, body: PlatformCaseConfigSaveBodySchema, response: messageResponses } },
    (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => savePlatformConfig(tx, ctx, clock, request.body));
    },
  );
  app.post(
    '/api/platform-library/case-configs/delete',
    { schema: { tags, body: PlatformCaseConfigDeleteBodySchema, response: messageResponses } },
    (request) => {
      const ctx = contextOf(request);
      return runInTenant(db, ctx, (tx) => deletePlatformConfig(tx, ctx, request.body.subTypeId));
    },
  );
};
