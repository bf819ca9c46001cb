import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from '@caseport/domain/files/purposes';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from './errors';
import type { IncomingFile } from './files';

export const NOT_MULTIPART = 'The upload must be a complete multipart/form-data body';

/**
 * The parts of a multipart upload: the files of the `files` field and the text fields (each cut to 100
 * characters). Nothing is stored here: storeUploads checks every file by content first.
 */
export const readUploadParts = async (request: FastifyRequest, maxFiles = MAX_FILES_PER_UPLOAD) => {
  if (!request.isMultipart()) throw fieldError('files', NOT_MULTIPART);
  const fields: Record<string, string> = {};
  const files: IncomingFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: maxFiles, fields: 10 },
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
  return { fields, files };
};
