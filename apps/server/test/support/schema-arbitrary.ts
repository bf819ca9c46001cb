import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries for a route's zod schema, through its JSON Schema: requests of the right
 * shape reach the services (not only the validator), and `malformed` bends them just enough to be
 * wrong. `uuids` replaces every uuid-formatted string, which is how the isolation fuzz plants another
 * tenant's ids in every id field of every route.
 */
type Json = Record<string, unknown>;
export interface ArbitraryOptions {
  uuids?: readonly string[];
  strings?: readonly string[];
  /** Every property present and every array non-empty, so each field of the schema has a path to probe. */
  allKeys?: boolean;
}

const MAX_ARRAY = 4;

export const jsonSchemaOf = (schema: unknown): Json | null => {
  if (!schema || typeof schema !== 'object' || !('_zod' in (schema as object))) return null;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json;
  } catch {
    return null;
  }
};

const fromSchema = (node: Json, root: Json, opts: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> => {
  if (depth > 6) return fc.constant(null);
  // JSON Schema allows booleans as schemas (`true` anything, `false` nothing), e.g. for tuple items.
  if (typeof node !== 'object' || node === null) return node ? fc.jsonValue({ maxDepth: 2 }) : fc.constant(null);
  if (typeof node.$ref === 'string') {
    const key = node.$ref.replace(/^#\/(\$defs|definitions)\//, '');
    const defs = (root.$defs ?? root.definitions ?? {}) as Record<string, Json>;
    return defs[key] ? fromSchema(defs[key], root, opts, depth + 1) : fc.jsonValue();
  }
  if ('const' in node) return fc.constant(node.const);
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = node[key];
    if (Array.isArray(options) && options.length)
      return fc.oneof(...options.map((o) => fromSchema(o as Json, root, opts, depth + 1)));
  }
  if (Array.isArray(node.allOf) && node.allOf.length) return fromSchema(node.allOf[0] as Json, root, opts, depth + 1);
  const type = Array.isArray(node.type) ? (node.type as string[])[0] : (node.type as string | undefined);
  switch (type) {
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, Json>;
      const required = new Set((node.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(properties)) record[k] = fromSchema(v, root, opts, depth + 1);
      const requiredKeys = opts.allKeys ? Object.keys(properties) : [...required].filter((k) => k in properties);
      return fc.record(record, { requiredKeys });
    }
    case 'array': {
      if (Array.isArray(node.prefixItems)) {
        return fc.tuple(...(node.prefixItems as Json[]).map((item) => fromSchema(item, root, opts, depth + 1)));
      }
      const items = (node.items ?? {}) as Json;
      const min = Math.min(Math.max(Number(node.minItems ?? 0), opts.allKeys ? 1 : 0), MAX_ARRAY);
      const max = Math.max(min, Math.min(Number(node.maxItems ?? MAX_ARRAY), MAX_ARRAY));
      return fc.array(fromSchema(items, root, opts, depth + 1), { minLength: min, maxLength: max });
    }
    case 'integer':
    case 'number': {
      const min = typeof node.minimum === 'number' ? node.minimum : -1000;
      const max = typeof node.maximum === 'number' ? node.maximum : 1_000_000;
      return type === 'integer'
        ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) })
        : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      if (node.format === 'uuid')
        return opts.uuids?.length
          ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...opts.uuids) }, { weight: 1, arbitrary: fc.uuid() })
          : fc.uuid();
      if (node.format === 'email') return fc.emailAddress();
      if (node.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (node.format === 'date')
        return fc
          .date({ noInvalidDate: true, min: new Date(1900, 0, 1), max: new Date(2100, 0, 1) })
          .map((d) => d.toISOString().slice(0, 10));
      const min = Number(node.minLength ?? 0);
      const max = Math.max(min, Math.min(Number(node.maxLength ?? 40), 200));
      const text =
        typeof node.pattern === 'string'
          ? patternOrText(node.pattern, min, max)
          : fc.string({ minLength: min, maxLength: max });
      return opts.strings?.length
        ? fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom(...opts.strings) })
        : text;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};

const patternOrText = (pattern: string, min: number, max: number) => {
  try {
    return fc.stringMatching(new RegExp(pattern)).filter((s) => s.length <= Math.max(max, 200));
  } catch {
    return fc.string({ minLength: min, maxLength: max });
  }
};

/** Well-shaped values for the schema (as far as JSON Schema can say; zod refinements may still refuse). */
export const validArbitrary = (schema: unknown, opts: ArbitraryOptions = {}): fc.Arbitrary<unknown> => {
  const json = jsonSchemaOf(schema);
  return json ? fromSchema(json, json, opts, 0) : fc.constant({});
};

const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a'.repeat(70_000),
    '../../etc/passwd',
    "'; drop table tenants; --",
    '<script>alert(1)</script>',
    '{{7*7}}',
    '%00',
    -1,
    0,
    2 ** 53,
    1e308,
    -0,
    true,
    null,
    [],
    {},
    { __proto__: { admin: true } },
    { constructor: { prototype: { admin: true } } },
    '2026-02-30',
    '\uD800',
  ),
);

/** Replaces `value` at a random depth with something hostile, drops a key, or adds an unknown one. */
const bend = (value: unknown): fc.Arbitrary<unknown> => {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const obj = value as Record<string, unknown>;
    const options: fc.Arbitrary<unknown>[] = [
      fc
        .tuple(fc.string({ minLength: 1, maxLength: 12 }), hostile)
        .map(([k, v]) => ({ ...obj, [k === '__proto__' ? 'proto' : k]: v, __unknown__: v })),
    ];
    if (keys.length) {
      options.push(fc.constantFrom(...keys).chain((k) => bend(obj[k]).map((v) => ({ ...obj, [k]: v }))));
      options.push(
        fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(obj).filter(([key]) => key !== k))),
      );
      options.push(fc.tuple(fc.constantFrom(...keys), hostile).map(([k, v]) => ({ ...obj, [k]: v })));
    }
    return fc.oneof(...options);
  }
  if (Array.isArray(value)) {
    return fc.oneof(
      hostile,
      fc.array(hostile, { maxLength: 3 }).map((extra) => [...value, ...extra]),
      value.length
        ? fc.nat(value.length - 1).chain((i) => bend(value[i]).map((v) => value.map((x, j) => (j === i ? v : x))))
        : hostile,
    );
  }
  return hostile;
};

/** Bodies that are wrong in one place: the shape of the schema with one value, key or type broken. */
export const malformedArbitrary = (schema: unknown): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 5, arbitrary: validArbitrary(schema).chain(bend) }, { weight: 1, arbitrary: hostile });
