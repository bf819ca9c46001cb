/**
 * The error vocabulary without zod: the web's first paint (api-client, toasts) needs these constants, and a module
 * that builds zod schemas would pull zod (~26 KB gzip) into the initial bundle. The wire schemas are in errors.ts.
 */

/** The closed set of error codes and their HTTP statuses (D-07). */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  DUPLICATE: 409,
  LINKED_WITH_PETITION: 409,
  /** Issue 34: a new person looks like an existing one (same name and date of birth); send allowSimilar. */
  SIMILAR_PERSON: 409,
  /** Issue 34: a change lost the race to another user's (optimistic concurrency); the caller reads again. */
  CONFLICT: 409,
  /** Issue 39: a .docx over the document limits (packages/domain/src/files/docx-limits.ts). */
  DOCUMENT_TOO_COMPLEX: 400,
  FILE_REJECTED: 415,
  FILE_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** One field's message in an error answer (`fields` of the D-07 envelope). */
export interface FieldError {
  name: string;
  message: string;
}

export const GENERIC_ERROR_MESSAGE = 'somthing went wrong';
