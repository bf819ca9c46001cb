import { readFileSync } from 'node:fs';
import { ERROR_STATUSES, responses } from '@caseport/domain/api/responses';
import swagger from '@fastify/swagger';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_TYPES_FILE, apiTypesOf } from '../../../scripts/api-types';
import { type OpenApiDocument, responseChecker } from './support/conformance';
import { checkEveryResponse, createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let doc: OpenApiDocument & { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, responses: op.responses ?? {} })),
  );

describe('the OpenAPI document says what every operation returns (issue 25 finding 8)', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('every operation declares its success answer and the error envelope for every error status', () => {
    const api = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    const ops = operations();
    // /api/health is hidden from the document; every other API route is an operation.
    expect(ops).toHaveLength(api.length - 1);
    const documented = ops.filter(
      (op) => op.responses['200'] && ERROR_STATUSES.every((status) => op.responses[String(status)]),
    );
    expect(documented.map((op) => `${op.method} ${op.path}`)).toEqual(ops.map((op) => `${op.method} ${op.path}`));
    console.log(`${documented.length} of ${ops.length} operations document their responses`);
    expect(documented.length).toBeGreaterThanOrEqual(77);
  });

  it('the conformance check refuses a wrong answer: a missing field, an extra one, a wrong type, an undeclared status or type', () => {
    const check = responseChecker(doc);
    const ok = { method: 'POST', url: '/api/auth/logout', status: 200, contentType: 'application/json' };
    expect(check({ ...ok, body: JSON.stringify({ message: 'Signed out' }) })).toEqual([]);
    expect(check({ ...ok, body: JSON.stringify({}) })?.length).toBeGreaterThan(0);
    expect(check({ ...ok, body: JSON.stringify({ message: 'Signed out', token: 'x' }) })?.length).toBeGreaterThan(0);
    expect(check({ ...ok, body: JSON.stringify({ message: 1 }) })?.length).toBeGreaterThan(0);
    expect(check({ ...ok, status: 418, body: '{}' })).toEqual(['POST /api/auth/logout 418: status not declared']);
    expect(check({ ...ok, contentType: 'text/html', body: '<p>' })).toEqual([
      'POST /api/auth/logout 200: content type text/html not declared',
    ]);
    const error = { ...ok, status: 404, body: JSON.stringify({ code: 'NOT_FOUND' }) };
    expect(check(error)?.length).toBeGreaterThan(0);
    // A path that is no operation is not judged.
    expect(check({ ...ok, url: '/api/nothing-here', body: '' })).toBeNull();
  });

  it('a response the document does not allow fails the test that receives it', async () => {
    // A route whose handler sends text its schema forbids (a string is sent as it is, never serialized).
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(swagger, {
      openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } },
      transform: jsonSchemaTransform,
    });
    app.post(
      '/api/wrong',
      { schema: { response: responses(z.object({ ok: z.boolean() })) } },
      async (_request, reply) => reply.type('application/json').send('{"ok":"yes"}' as unknown as { ok: boolean }),
    );
    app.post('/api/right', { schema: { response: responses(z.object({ ok: z.boolean() })) } }, async () => ({
      ok: true,
    }));
    await app.ready();
    const checked = checkEveryResponse(app);
    expect((await app.inject({ method: 'POST', url: '/api/right' })).json()).toEqual({ ok: true });
    await expect(app.inject({ method: 'POST', url: '/api/wrong' })).rejects.toThrow(
      'POST /api/wrong 200: /ok must be boolean',
    );
    expect(checked.count).toBe(2);
    await app.close();
  });

  it('the committed client types are what the document generates, and they type-check (npm run typecheck)', async () => {
    expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(await apiTypesOf(doc));
  });
});
