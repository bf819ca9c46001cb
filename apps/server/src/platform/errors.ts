import { ERROR_STATUS, type ErrorCode, type FieldError, GENERIC_ERROR_MESSAGE } from '@caseport/domain/api/errors';
import '@fastify/static';
import type { IncomingMessage } from 'node:http';
import { SessionInvalidError } from '@caseport/db/client';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { requestDataErrorCode } from './db-errors';

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

/** D-07's refusal of one field's value: its message on the field and, unless the form has its own, on top. */
export const fieldError = (name: string, message: string, formMessage = message) =>
  new AppError('VALIDATION_ERROR', formMessage, [{ name, message }]);

/** A refusal of several fields at once: on top the form's message, else the first field's. */
export const fieldErrors = (fields: FieldError[], formMessage = fields[0]?.message ?? 'Invalid request') =>
  new AppError('VALIDATION_ERROR', formMessage, fields);

/** A value another row of the tenant already holds (409): its message on the field and on top. */
export const duplicateField = (name: string, message: string) =>
  new AppError('DUPLICATE', message, [{ name, message }]);

/** A refusal that names no field: the request is valid in form, but not in the state it meets. */
export const formError = (message: string) => new AppError('VALIDATION_ERROR', message);

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Please sign in') => new AppError('UNAUTHENTICATED', message);

const fieldName = (instancePath: string | undefined, params: Record<string, unknown> | undefined) => {
  const path = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return path || missing || 'body';
};

/** The most a refused request's remaining body is read for before the answer (then the socket closes). */
const DRAIN_LIMIT = { bytes: 64 * 1024 * 1024, ms: 10_000 };

/** Reads and discards what is left of a request body, within DRAIN_LIMIT. */
const drain = (raw: IncomingMessage): Promise<void> =>
  new Promise((resolve) => {
    if (raw.readableEnded || raw.destroyed) return resolve();
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_LIMIT.bytes) done();
    };
    const timer = setTimeout(done, DRAIN_LIMIT.ms);
    raw.on('data', count).once('end', done).once('close', done).once('error', done);
    raw.resume();
  });

const bodyLimitMb = (request: FastifyRequest) =>
  Math.round((request.routeOptions.bodyLimit ?? 1024 * 1024) / (1024 * 1024));

/** An error and the errors it wraps (`cause`), at most four. */
const causes = (error: unknown) => {
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 4; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
};

/**
 * What an unhandled error may put in the log (issue 25, SECURITY 20): the route, the error's class and code,
 * the database's SQLSTATE and the stack's frames. Never its message: a database error's message carries the
 * failed statement with its parameters ('Failed query … params: …') or the offending value ('Key (name)=(…)'),
 * i.e. names, e-mails and FEINs a user submitted. The request id comes with every line of request.log.
 */
export const faultLogOf = (error: unknown, request: FastifyRequest) => {
  const chain = causes(error);
  const codes = chain.map((e) => (e as { code?: unknown }).code).filter((c): c is string => typeof c === 'string');
  const sqlState = codes.find((c) => /^[0-9A-Z]{5}$/.test(c));
  const stack = String((error as { stack?: unknown })?.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 15)
    .join('\n');
  return {
    route: `${request.method} ${request.routeOptions.url ?? '(no route)'}`,
    errorClass: chain.map((e) => (e as object)?.constructor?.name ?? typeof e).join(' <- '),
    ...(codes[0] && codes[0] !== sqlState ? { code: codes[0] } : {}),
    ...(sqlState ? { sqlState } : {}),
    stack,
  };
};

/** One error envelope (D-07); never a stack trace, never a 5xx body with internals. */
export const registerErrorHandling = (app: FastifyInstance, webDist: string | null) => {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    // The session re-checked inside a read or a transaction is dead (issue 22, guard.ts): the guard's onSend
    // hook looks the session up again and answers 401 or 403.
    // drizzle wraps a failed query's error (DrizzleQueryError, the original as its cause).
    if (causes(error).some((e) => e instanceof SessionInvalidError)) error = unauthenticated();
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
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Read the rest of the body first: closing on a client that is still sending makes it fail with EPIPE
      // before it can read the answer (issue 23).
      await drain(request.raw);
      return reply
        .status(413)
        .header('Connection', 'close')
        .send({ code: 'FILE_REJECTED', message: `The request is too large (at most ${bodyLimitMb(request)} MB)` });
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      await drain(request.raw);
      return reply.status(413).send({ code: 'FILE_REJECTED', message: 'File is too large' });
    }
    if (status === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' });
    }
    if (status === 415) {
      return reply.status(415).send({ code: 'FILE_REJECTED', message: 'Unsupported content type' });
    }
    const sqlState = requestDataErrorCode(error);
    if (sqlState) {
      // The database refused a value the client sent (issue 23): a 400, not a 500. Logged by its SQLSTATE
      // only; the failed statement and its parameters would put the submitted data in the log.
      request.log.warn({ sqlState, route: request.routeOptions.url }, 'request data refused by the database');
      return reply.status(400).send({
        code: 'VALIDATION_ERROR',
        message: 'The request contains a value that cannot be stored',
        fields: [{ name: 'body', message: 'The request contains a value that cannot be stored' }],
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, empty body, bad content length ...).
      return reply.status(400).send({ code: 'VALIDATION_ERROR', message: 'Invalid request' });
    }
    request.log.error(faultLogOf(error, request), 'unhandled error');
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

/** Issue 34: a new person looks like an existing one (409 SIMILAR_PERSON); the caller offers the existing one. */
export const similarPerson = (name: string, message: string) =>
  new AppError('SIMILAR_PERSON', message, [{ name, message }]);
