import { INT4_MAX, INT4_MIN, MONEY_AMOUNT, STORABLE_TEXT } from '@caseport/domain/api/scalars';

/**
 * Walks a zod 4 schema (its `_zod.def`) and lists every input scalar that does not come from the shared
 * scalars of packages/domain/src/api/scalars.ts: a string without the STORABLE_TEXT check (unless it is
 * one of zod's ASCII formats such as uuid or email), a number that is not an integer inside PostgreSQL's
 * `integer`, and anything that accepts arbitrary values.
 */
interface Internals {
  def: {
    type: string;
    format?: string;
    checks?: unknown[];
    [key: string]: unknown;
  };
}
interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
}
const internals = (schema: unknown): Internals | null =>
  schema && typeof schema === 'object' && '_zod' in schema ? (schema as { _zod: Internals })._zod : null;

/** zod formats whose own pattern admits only ASCII: no lone surrogate or NUL can pass them. */
const ASCII_FORMATS = new Set(['uuid', 'guid', 'email', 'date', 'datetime', 'time', 'cuid', 'cuid2', 'ulid']);
const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32']);

/**
 * The input-side children of a container schema with the path segment each adds (`[]` an array item, `*` a
 * record value or catch-all key, '' a wrapper or union member); null for anything that is not a container.
 */
const childrenOf = (def: Internals['def']): [unknown, string][] | null => {
  switch (def.type) {
    case 'object': {
      const out = Object.entries(def.shape as Record<string, unknown>).map(([k, v]): [unknown, string] => [v, k]);
      if (def.catchall && internals(def.catchall)?.def.type !== 'never') out.push([def.catchall, '*']);
      return out;
    }
    case 'array':
      return [[def.element, '[]']];
    case 'tuple':
      return [
        ...(def.items as unknown[]).map((item, i): [unknown, string] => [item, `[${i}]`]),
        ...(def.rest ? [[def.rest, '[]'] as [unknown, string]] : []),
      ];
    case 'record':
      return [
        [def.keyType, '(key)'],
        [def.valueType, '*'],
      ];
    case 'union':
      return (def.options as unknown[]).map((o): [unknown, string] => [o, '']);
    case 'intersection':
      return [
        [def.left, ''],
        [def.right, ''],
      ];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return [[def.innerType, '']];
    case 'pipe':
      // The request is validated against the input side; the output side only sees what it produced.
      return [[def.in, '']];
    case 'lazy':
      return [[(def.getter as () => unknown)(), '']];
    default:
      return null;
  }
};

export const unsafeScalars = (schema: unknown, path = '', seen = new Set<unknown>()): string[] => {
  const z = internals(schema);
  if (!z) return [];
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = z.def;
  const walk = (child: unknown, suffix: string) => unsafeScalars(child, suffix ? `${path}.${suffix}` : path, seen);
  const at = path || '(root)';
  const checks = (def.checks ?? []).map((c) => (internals(c)?.def ?? {}) as unknown as CheckDef);
  const formats = [def.format, ...checks.filter((c) => c.check.endsWith('_format')).map((c) => c.format)];
  switch (def.type) {
    case 'string': {
      if (def.checks?.includes(STORABLE_TEXT)) return [];
      if (formats.some((f) => f && ASCII_FORMATS.has(f))) return [];
      return [`${at}: string without text()`];
    }
    case 'number': {
      // A decimal amount built with money() (bounded, in cents).
      if (def.checks?.includes(MONEY_AMOUNT)) return [];
      const integer = formats.some((f) => f && INTEGER_FORMATS.has(f));
      const bound = (kind: string) => checks.filter((c) => c.check === kind).map((c) => Number(c.value));
      const minimum = Math.max(-Infinity, ...bound('greater_than'));
      const maximum = Math.min(Infinity, ...bound('less_than'));
      const inRange = minimum >= INT4_MIN && maximum <= INT4_MAX;
      return integer && inRange
        ? []
        : [`${at}: number without int4()/id() (${minimum}..${maximum}, integer ${integer})`];
    }
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'literal':
    case 'enum':
    case 'never':
      return [];
    case 'transform':
      return [];
    default: {
      const children = childrenOf(def);
      if (!children) return [`${at}: ${def.type} accepts values no shared scalar checks`];
      return children.flatMap(([child, suffix]) => walk(child, suffix));
    }
  }
};

/** An id field of a request: a uuid (a record) or an integer named `id` / `…Id` / `…Ids` (master data). */
export interface IdField {
  /** The schema path, arrays as `[]`: `items.[].subTypeIds.[]`. */
  path: string;
  kind: 'uuid' | 'int';
  /** An integer's largest accepted value, so a random id can stay inside the schema. */
  max?: number;
}

/** Lists the id fields of a request schema (issue 25, finding 2; apps/server/test/nested-ids.test.ts). */
export const idFields = (schema: unknown, path = '', seen = new Set<unknown>()): IdField[] => {
  const z = internals(schema);
  if (!z || seen.has(schema)) return [];
  seen.add(schema);
  const def = z.def;
  const walk = (child: unknown, suffix: string) =>
    idFields(child, suffix ? (path ? `${path}.${suffix}` : suffix) : path, new Set(seen));
  const name =
    path
      .replace(/(\.\[\])+$/, '')
      .split('.')
      .pop() ?? '';
  switch (def.type) {
    case 'string': {
      const checks = (def.checks ?? []).map((c) => (internals(c)?.def ?? {}) as unknown as CheckDef);
      const uuid = [def.format, ...checks.map((c) => c.format)].some((f) => f === 'uuid' || f === 'guid');
      return uuid ? [{ path, kind: 'uuid' }] : [];
    }
    case 'number': {
      if (!/^id$|Ids?$/.test(name)) return [];
      const checks = (def.checks ?? []).map((c) => (internals(c)?.def ?? {}) as unknown as CheckDef);
      const max = Math.min(...checks.filter((c) => c.check === 'less_than').map((c) => Number(c.value)));
      return [{ path, kind: 'int', max }];
    }
    default: {
      const found = (childrenOf(def) ?? [])
        .filter(([, suffix]) => suffix !== '(key)')
        .flatMap(([child, suffix]) => walk(child, suffix.startsWith('[') ? '[]' : suffix));
      return found.filter((f, i) => found.findIndex((g) => g.path === f.path) === i);
    }
  }
};
