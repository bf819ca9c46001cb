import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const hasNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || !value || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
};

/**
 * PostgreSQL text cannot hold U+0000; a NUL anywhere in a body or query would otherwise surface as a
 * database error (5xx). Refused up front for every route, before its own schema runs.
 */
export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.body) || hasNul(request.query)) {
      throw new AppError('VALIDATION_ERROR', 'Text must not contain NUL characters', [
        { name: 'body', message: 'Text must not contain NUL characters' },
      ]);
    }
  });
};
