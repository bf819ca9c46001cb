import { listOf, timestamp } from '@caseport/domain/api/responses';
import fc from 'fast-check';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastSerializerCompiler } from './response-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'POST', url: '/api/x', httpStatus: '200' });
const fast = (schema: z.ZodType) => fastSerializerCompiler(route(schema) as never) as (data: unknown) => string;
const zods = (schema: z.ZodType) => serializerCompiler(route(schema) as never) as (data: unknown) => string;
/** What zod's own serializer answers: its text, or the error's name. */
const outcome = (serialize: (data: unknown) => string, data: unknown) => {
  try {
    return serialize(data);
  } catch (e) {
    return `throws ${(e as Error).name}`;
  }
};

const Item = z.object({
  _id: z.string(),
  name: z.string(),
  count: z.number(),
  active: z.boolean(),
  kind: z.enum(['a', 'b']),
  one: z.literal(1),
  note: z.string().nullable(),
  extra: z.string().optional(),
  createdOn: timestamp(),
  updatedOn: timestamp().nullable(),
  tags: z.array(z.string()),
  either: z.union([z.string(), z.number()]),
  email: z.email().optional(),
  strict: z.object({ a: z.string() }).strict().optional(),
});
const List = listOf(Item);

const item = {
  _id: 'x1',
  name: 'Label',
  count: 3,
  active: true,
  kind: 'a',
  one: 1,
  note: null,
  createdOn: new Date('2026-11-26T12:00:00.000Z'),
  updatedOn: null,
  tags: ['t'],
  either: 2,
  secret: 'held back',
};

describe('compiled response serializer (issue 22)', () => {
  it('answers what zod answers: keys it names, timestamps as ISO text, unknown keys dropped', () => {
    const data = { list: [item, { ...item, extra: 'e', email: 'a@b.co', strict: { a: 'x' } }], totalCount: 2 };
    const text = fast(List)(data);
    expect(text).toBe(zods(List)(data));
    expect(text).not.toContain('held back');
    expect(JSON.parse(text).list[0].createdOn).toBe('2026-11-26T12:00:00.000Z');
  });

  it('gives the same error as zod when an answer does not fit (missing field, wrong type, invalid date, strict key)', () => {
    const bad = [
      { list: [{ ...item, name: undefined }], totalCount: 1 },
      { list: [{ ...item, count: '3' }], totalCount: 1 },
      { list: [{ ...item, count: Number.NaN }], totalCount: 1 },
      { list: [{ ...item, createdOn: new Date('nope') }], totalCount: 1 },
      { list: [{ ...item, createdOn: '2026-11-26T12:00:00.000Z' }], totalCount: 1 },
      { list: [{ ...item, kind: 'c' }], totalCount: 1 },
      { list: [{ ...item, strict: { a: 'x', b: 'y' } }], totalCount: 1 },
      { list: [{ ...item, email: 'not an e-mail' }], totalCount: 1 },
      { list: 'nope', totalCount: 1 },
    ];
    for (const data of bad) {
      expect(outcome(fast(List), data)).toBe(outcome(zods(List), data));
      expect(outcome(fast(List), data)).toMatch(/^throws/);
    }
  });

  it('matches zod on arbitrary values of each supported kind (property run)', () => {
    const Small = z.object({
      s: z.string(),
      n: z.number().nullable(),
      b: z.boolean().optional(),
      e: z.enum(['x', 'y']),
      t: timestamp().optional(),
      a: z.array(z.object({ k: z.string() })),
    });
    const any = fc.anything({ withDate: true, withNullPrototype: false });
    const value = fc.record(
      {
        s: fc.oneof(fc.string(), any),
        n: fc.oneof(fc.double(), fc.constant(null), any),
        b: fc.oneof(fc.boolean(), any),
        e: fc.oneof(fc.constantFrom('x', 'y', 'z'), any),
        t: fc.oneof(fc.date({ noInvalidDate: false }), any),
        a: fc.oneof(fc.array(fc.record({ k: fc.oneof(fc.string(), any), j: any })), any),
        junk: any,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(value, (data) => {
        expect(outcome(fast(Small), data)).toBe(outcome(zods(Small), data));
      }),
      { numRuns: 2000 },
    );
  });
});
