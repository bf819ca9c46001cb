import { z } from 'zod';
import type { FieldError } from './error-codes';

export { ERROR_STATUS, type ErrorCode, type FieldError, GENERIC_ERROR_MESSAGE } from './error-codes';

export const FieldErrorSchema: z.ZodType<FieldError> = z.object({ name: z.string(), message: z.string() });

export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.array(FieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Success answers that only carry the server's message (shown as a toast). */
export const MessageResponseSchema = z.object({ message: z.string() });
