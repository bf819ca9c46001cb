import { fileResponses, responses } from '@caseport/domain/api/responses';
import { text } from '@caseport/domain/api/scalars';
import { STORED_FILE_MIMETYPES, UploadAnswerSchema } from '@caseport/domain/files/contracts';
import {
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  UPLOAD_PURPOSE_KEYS,
  type UploadPurposeKey,
} from '@caseport/domain/files/purposes';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileHeaders } from '../../platform/content-disposition';
import { contextOf, runInTenant } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { isSafeStoredPath } from '../../platform/file-storage';
import { downloadName, type IncomingFile, readFileForViewer, storeUploads } from '../../platform/files';

const ViewQuery = z
  .object({
    path: text().max(200),
    filename: text().max(255).optional(),
    inline: z.enum(['0', '1']).optional(),
  })
  .strict();

/** The policy of every file viewfile serves (issue 39): sandboxed, loading nothing, framed only by the app. */
export const UPLOAD_CSP = "sandbox; default-src 'none'; frame-ancestors 'self'";

const NOT_MULTIPART = 'The upload must be a complete multipart/form-data body';

export const fileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, storage }) => {
  // 000 §7 file upload: multipart `files`, `secureType`, `getDetails`, and our `purpose` that picks the
  // allowed types and size. Answers data.result[] of file records.
  app.post(
    '/api/common/upload',
    { schema: { tags: ['files'], consumes: ['multipart/form-data'], response: responses(UploadAnswerSchema) } },
    async (request) => {
      if (!request.isMultipart()) throw fieldError('files', NOT_MULTIPART);
      const ctx = contextOf(request);
      const fields: Record<string, string> = {};
      const files: IncomingFile[] = [];
      try {
        for await (const part of request.parts({
          limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 10 },
        })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'files') throw fieldError(part.fieldname, 'Unexpected file field');
            const data = await (part as MultipartFile).toBuffer();
            files.push({ filename: part.filename ?? 'file', data });
          } else {
            fields[part.fieldname] = String(part.value ?? '').slice(0, 100);
          }
        }
      } catch (error) {
        // The parser's own errors (no boundary, truncated or garbled body) are the client's: a 400, nothing
        // stored. Ours and the size limits (413) pass through as they are.
        if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
        throw fieldError('files', NOT_MULTIPART);
      }
      const purpose = (fields.purpose ?? 'document') as UploadPurposeKey;
      if (!UPLOAD_PURPOSE_KEYS.includes(purpose)) throw fieldError('purpose', 'Unknown upload purpose');
      const secureType = fields.secureType;
      if (secureType !== undefined && secureType !== 'public' && secureType !== 'private') {
        throw fieldError('secureType', 'secureType must be public or private');
      }
      const result = await runInTenant(db, ctx, (tx) => storeUploads(tx, ctx, storage, purpose, secureType, files));
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
