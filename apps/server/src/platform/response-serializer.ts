import { isTimestampCodec } from '@caseport/domain/api/responses';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/**
 * Issue 22: the response serializer, compiled once per route from its zod answer schema.
 *
 * fastify-type-provider-zod's serializer runs `z.encode` over the whole answer and then `JSON.stringify`: on a
 * list page that is zod's full parse machinery per row and per field (about a tenth of the server's CPU in the
 * list bench). Most answer schemas are plain objects, arrays, strings, numbers, booleans, enums, nullables and
 * timestamps: for those the compiled encoder below does what zod's encode does (keeps the keys the schema
 * names and drops the rest, checks each value's type, turns a timestamp's Date into ISO text) with a few
 * `typeof` checks. Anything else (unions, records, refinements, string formats, checks, defaults) is encoded
 * by zod itself for that part of the answer.
 *
 * Never weaker than zod: when a value does not fit (a missing field, a wrong type, an unknown key of a strict
 * object, an invalid date), the encoder gives up and the whole answer goes through zod's serializer, which
 * gives the same answer or the same ResponseSerializationError (a 500) as before. `SERIALIZER_CHECK=1` makes
 * every answer go through both and fail on a difference (the API suite runs with it in
 * response-serializer.test.ts's equivalence run).
 */

const FAIL: unique symbol = Symbol('does not fit');
type Encoder = (value: unknown) => unknown;

interface Def {
  type: string;
  checks?: unknown[];
  format?: string;
  coerce?: boolean;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
}

const defOf = (schema: $ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** zod's own encode of one part of the answer. */
const byZod =
  (schema: $ZodType): Encoder =>
  (value) => {
    const result = safeEncode(schema, value);
    return result.success ? result.data : FAIL;
  };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The encoder of `schema`; one per schema object (a schema used in several places compiles once). */
const compiled = new WeakMap<$ZodType, Encoder>();

export const compileEncoder = (schema: $ZodType): Encoder => {
  const known = compiled.get(schema);
  if (known) return known;
  // A recursive schema reaches itself through z.lazy, which byZod handles; the placeholder covers a cycle anyway.
  let self: Encoder = byZod(schema);
  compiled.set(schema, (v) => self(v));
  self = build(schema);
  compiled.set(schema, self);
  return self;
};

const build = (schema: $ZodType): Encoder => {
  if (isTimestampCodec(schema))
    return (v) => {
      if (!(v instanceof Date)) return FAIL;
      const time = v.getTime();
      // Years 0000-9999 only: the ISO text z.iso.datetime() accepts (toISOString writes ±YYYYYY outside).
      return Number.isNaN(time) || time < -62167219200000 || time > 253402300799999 ? FAIL : v.toISOString();
    };
  const def = defOf(schema);
  if (def.checks?.length || def.format || def.coerce) return byZod(schema);
  switch (def.type) {
    case 'string':
      return (v) => (typeof v === 'string' ? v : FAIL);
    case 'number':
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? v : FAIL);
    case 'boolean':
      return (v) => (typeof v === 'boolean' ? v : FAIL);
    case 'null':
      return (v) => (v === null ? null : FAIL);
    case 'unknown':
    case 'any':
      return (v) => v;
    case 'literal': {
      const values = def.values ?? [];
      if (!values.every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x))) return byZod(schema);
      return (v) => (values.includes(v) ? v : FAIL);
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return (v) => (values.has(v) ? v : FAIL);
    }
    case 'nullable': {
      const inner = compileEncoder(def.innerType as $ZodType);
      return (v) => (v === null ? null : inner(v));
    }
    case 'optional': {
      const inner = compileEncoder(def.innerType as $ZodType);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case 'array': {
      const element = compileEncoder(def.element as $ZodType);
      return (v) => {
        if (!Array.isArray(v)) return FAIL;
        const out = new Array(v.length);
        for (let i = 0; i < v.length; i++) {
          const e = element(v[i]);
          if (e === FAIL) return FAIL;
          out[i] = e;
        }
        return out;
      };
    }
    case 'object': {
      // A strict or loose object (catchall) keeps zod's own handling of the keys it does not name.
      if (def.catchall) return byZod(schema);
      const fields = Object.entries(def.shape ?? {}).map(([key, s]) => {
        const optional = (s as unknown as { _zod: { optout?: string } })._zod.optout === 'optional';
        return { key, encode: compileEncoder(s), optional };
      });
      return (v) => {
        if (!isRecord(v)) return FAIL;
        const out: Record<string, unknown> = {};
        for (const f of fields) {
          const value = v[f.key];
          if (value === undefined && f.optional) {
            if (f.key in v) out[f.key] = undefined;
            continue;
          }
          const e = f.encode(value);
          if (e === FAIL) return FAIL;
          out[f.key] = e;
        }
        return out;
      };
    }
    default:
      return byZod(schema);
  }
};

const CHECK = process.env.SERIALIZER_CHECK === '1';

/** Fastify's serializer compiler: the compiled encoder, zod's serializer whenever the answer does not fit. */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const zod = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  const maybe = route.schema as unknown;
  const schema =
    maybe instanceof $ZodType
      ? maybe
      : isRecord(maybe) && maybe.properties instanceof $ZodType
        ? maybe.properties
        : null;
  if (!schema) return zod;
  const encode = compileEncoder(schema);
  return (data: unknown) => {
    const out = encode(data);
    const text = out === FAIL ? zod(data) : JSON.stringify(out);
    if (CHECK && out !== FAIL && text !== zod(data))
      throw new Error(`fast serializer differs from zod's on ${route.method} ${route.url}`);
    return text;
  };
};
