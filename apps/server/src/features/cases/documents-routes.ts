import { fileResponses, messageResponses, responses } from '@caseport/domain/api/responses';
import {
  CASE_DOCUMENT_MESSAGES,
  CaseDocumentIdBodySchema,
  CaseDocumentListSchema,
  CaseDocumentSavedSchema,
  CaseDocumentsBodySchema,
} from '@caseport/domain/cases/documents-contracts';
import { STORED_FILE_MIMETYPES } from '@caseport/domain/files/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileHeaders, UPLOAD_CSP } from '../../platform/content-disposition';
import { readInTenant, runInTenant, tenantContextOf } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { readUploadParts } from '../../platform/multipart';
import { deleteCaseDocument, listCaseDocuments, readCaseDocument, uploadCaseDocument } from './documents-service';

const tags = ['cases'];

/** Issue 34 item 4: a case's documents (its Documents tab), for roles 3 and 4 like the cases. */
export const caseDocumentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock, storage }) => {
  app.post(
    '/api/cases/documents/list',
    { schema: { tags, body: CaseDocumentsBodySchema, response: responses(CaseDocumentListSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      return readInTenant(db, ctx, (tx) => listCaseDocuments(tx, ctx, request.body.caseId));
    },
  );
  // Multipart: `caseId` and one `files` part, checked by content (files/purposes.ts caseDocument) before storing.
  app.post(
    '/api/cases/documents/upload',
    { schema: { tags, consumes: ['multipart/form-data'], response: responses(CaseDocumentSavedSchema) } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Case');
      const { fields, files } = await readUploadParts(request);
      const caseId = z.uuid().safeParse(fields.caseId);
      if (!caseId.success) throw fieldError('caseId', CASE_DOCUMENT_MESSAGES.caseRequired);
      return runInTenant(db, ctx, (tx) => uploadCaseDocument(tx, ctx, storage, caseId.data, files));
    },
  );
  app.post(
    '/api/cases/documents/download',
    { schema: { tags, body: CaseDocumentIdBodySchema, response: fileResponses(STORED_FILE_MIMETYPES) } },
    async (request, reply) => {
      const ctx = tenantContextOf(request, 'Document');
      const file = await readInTenant(db, ctx, (tx) => readCaseDocument(tx, ctx, storage, request.body.caseDocumentId));
      reply.headers(fileHeaders(file.mimetype, 'attachment', file.filename));
      reply.header('Content-Security-Policy', UPLOAD_CSP);
      return reply.send(file.data);
    },
  );
  app.post(
    '/api/cases/documents/delete',
    { schema: { tags, body: CaseDocumentIdBodySchema, response: messageResponses } },
    async (request) => {
      const ctx = tenantContextOf(request, 'Document');
      return runInTenant(db, ctx, (tx) => deleteCaseDocument(tx, ctx, clock, request.body.caseDocumentId));
    },
  );
};
