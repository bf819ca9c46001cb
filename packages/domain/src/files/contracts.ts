import { z } from 'zod';

/** The content types an upload is stored with: what the server's sniffing recognizes (SECURITY 18). */
export const STORED_FILE_MIMETYPES = [
  'image/jpeg',
  'image/png',
  'image/x-icon',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

/** 000 §7: an uploaded file's record, as the upload answers it and as forms send it back. */
export const UploadedFileSchema = z.object({
  name: z.string(),
  extn: z.string(),
  path: z.string(),
  mimetype: z.string(),
  size: z.number(),
  secureType: z.enum(['public', 'private']),
});

/** POST /api/common/upload: `data.result[]`, one record per file. */
export const UploadAnswerSchema = z.object({
  message: z.string(),
  data: z.object({ result: z.array(UploadedFileSchema) }),
});
