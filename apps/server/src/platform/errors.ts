import { ERROR_STATUS, type ErrorCode, type FieldError, GENERIC_ERROR_MESSAGE } from '@caseport/domain/api/errors';
import '@fastify/static';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isInvalidTextError } from './db-errors';

/** Services throw this; one handler turns it into the D-07 envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    status?: number,
  ) {
    super(message);
    this.status = status ?? ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = () => new AppError('FORBIDDEN', 'You do not have permission to do this');
export const unauthenticated = (message = 'Please sign in') => new AppError('UNAUTHENTICATED', message);

const fieldName = (instancePath: string | undefined, params: Record<string, unknown> | undefined) => {
  const path = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return path || missing || 'body';
};

/** One error envelope (D-07); never a stack trace, never a 5xx body with internals. */
export const registerErrorHandling = (app: FastifyInstance, webDist: string | null) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        name: fieldName(v.instancePath, v.params as Record<string, unknown>),
        message: v.message ?? 'Invalid value',
      }));
      return reply
        .status(400)
        .send({ code: 'VALIDATION_ERROR', message: fields[0]?.message ?? 'Invalid request', fields });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send({ code: 'FILE_REJECTED', message: 'File is too large' });
    }
    if (status === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' });
    }
    if (status === 415) {
      return reply.status(415).send({ code: 'FILE_REJECTED', message: 'Unsupported content type' });
    }
    if (isInvalidTextError(error)) {
      // PostgreSQL refuses NUL and invalid byte sequences in text: the client sent them, so 400, not 500.
      return reply
        .status(400)
        .send({ code: 'VALIDATION_ERROR', message: 'The request contains characters that cannot be stored' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, empty body, bad content length ...).
      return reply.status(400).send({ code: 'VALIDATION_ERROR', message: 'Invalid request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: GENERIC_ERROR_MESSAGE });
  });
  app.setNotFoundHandler((request, reply) => {
    // The web app owns every non-API path (client-side routes such as /settings/workflow).
    if (
      webDist &&
      typeof reply.sendFile === 'function' &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/')
    ) {
      return reply
        .type('text/html')
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html', webDist, { cacheControl: false });
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' });
  });
};
