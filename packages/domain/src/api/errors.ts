import { z } from 'zod';

/** The closed set of error codes and their HTTP statuses (D-07). */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  DUPLICATE: 409,
  LINKED_WITH_PETITION: 409,
  FILE_REJECTED: 415,
  FILE_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const FieldErrorSchema = z.object({ name: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.array(FieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Success answers that only carry the server's message (shown as a toast). */
export const MessageResponseSchema = z.object({ message: z.string() });

export const GENERIC_ERROR_MESSAGE = 'somthing went wrong';
