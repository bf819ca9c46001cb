import { isStorableText, TEXT_NOT_STORABLE } from '@caseport/domain/api/scalars';
import type { FastifyInstance } from 'fastify';
import { fieldError } from './errors';

/** The dotted path of the first key or string PostgreSQL could not store (NUL, lone surrogate), or null. */
const firstUnstorable = (value: unknown, path: string, depth = 0): string | null => {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (depth > 32 || !value || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const at = path ? `${path}.${k}` : k;
    if (!isStorableText(k)) return path || 'body';
    const found = firstUnstorable(v, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
};

/**
 * PostgreSQL text and jsonb hold neither U+0000 nor a lone UTF-16 surrogate; either would otherwise come
 * back as a database error. The contracts refuse them field by field (text() in
 * packages/domain/src/api/scalars.ts); this guard applies the same rule, before any schema, to every key and
 * value of every body and query, so a field a schema passes through unchecked cannot carry one either.
 */
export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const value of [request.body, request.query]) {
      const at = firstUnstorable(value, '');
      if (at !== null) {
        throw fieldError(at || 'body', TEXT_NOT_STORABLE);
      }
    }
  });
};
