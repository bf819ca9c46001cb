import { fileResponses, responses } from '@caseport/domain/api/responses';
import { text } from '@caseport/domain/api/scalars';
import { STORED_FILE_MIMETYPES, UploadAnswerSchema } from '@caseport/domain/files/contracts';
import { UPLOAD_PURPOSE_KEYS, type UploadPurposeKey } from '@caseport/domain/files/purposes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileHeaders, UPLOAD_CSP } from '../../platform/content-disposition';
import { contextOf, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { isSafeStoredPath } from '../../platform/file-storage';
import { downloadName, keepingUploads, readFileForViewer, recordUploads, writeUploads } from '../../platform/files';
import { readUploadParts } from '../../platform/multipart';

const ViewQuery = z
  .object({
    path: text().max(200),
    filename: text().max(255).optional(),
    inline: z.enum(['0', '1']).optional(),
  })
  .strict();

export const fileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, storage }) => {
  // 000 §7 file upload: multipart `files`, `secureType`, `getDetails`, and our `purpose` that picks the
  // allowed types and size. Answers data.result[] of file records.
  app.post(
    '/api/common/upload',
    { schema: { tags: ['files'], consumes: ['multipart/form-data'], response: responses(UploadAnswerSchema) } },
    async (request) => {
      const ctx = contextOf(request);
      const { fields, files } = await readUploadParts(request);
      const purpose = (fields.purpose ?? 'document') as UploadPurposeKey;
      if (!UPLOAD_PURPOSE_KEYS.includes(purpose)) throw fieldError('purpose', 'Unknown upload purpose');
      const secureType = fields.secureType;
      if (secureType !== undefined && secureType !== 'public' && secureType !== 'private') {
        throw fieldError('secureType', 'secureType must be public or private');
      }
      // The bytes written before the transaction (issue 39: none held while the disk works), removed if it fails.
      const written = await writeUploads(storage, purpose, secureType, files);
      const result = await keepingUploads(written, () => runInTenant(db, ctx, (tx) => recordUploads(tx, ctx, written)));
      return { message: 'File uploaded successfully', data: { result } };
    },
  );

  // R-API-019: GET /common/viewfile?path=&filename= — only the owner tenant's files (SECURITY 18).
  app.get(
    '/api/common/viewfile',
    { schema: { tags: ['files'], querystring: ViewQuery, response: fileResponses(STORED_FILE_MIMETYPES) } },
    async (request, reply) => {
      const { path, filename, inline } = request.query;
      if (!isSafeStoredPath(path)) throw new AppError('NOT_FOUND', 'File not found');
      const ctx = contextOf(request);
      const { record, data } = await runInTenant(db, ctx, (tx) => readFileForViewer(tx, ctx, storage, path));
      // Images and PDFs (template previews) may show in the page; the type was sniffed from the bytes at upload
      // and nosniff holds the browser to it. Anything else is always a download.
      const showInline =
        inline === '1' && (record.mimetype.startsWith('image/') || record.mimetype === 'application/pdf');
      reply.headers(fileHeaders(record.mimetype, showInline ? 'inline' : 'attachment', downloadName(filename, record)));
      // Issue 39: an uploaded file is the tenant's content, not ours. Served in a sandbox (a unique origin, no
      // scripts, no forms), a PDF's /OpenAction JavaScript or an image's payload cannot act in the app's origin.
      reply.header('Content-Security-Policy', UPLOAD_CSP);
      return reply.send(data);
    },
  );
};
