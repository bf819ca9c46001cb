import { INT4_MAX, INT4_MIN, STORABLE_TEXT } from '@caseport/domain/api/scalars';

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
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const out = Object.entries(shape).flatMap(([k, v]) => walk(v, k));
      if (def.catchall && internals(def.catchall)?.def.type !== 'never') out.push(...walk(def.catchall, '*'));
      return out;
    }
    case 'array':
      return walk(def.element, '[]');
    case 'tuple':
      return [
        ...(def.items as unknown[]).flatMap((item, i) => walk(item, `[${i}]`)),
        ...(def.rest ? walk(def.rest, '[]') : []),
      ];
    case 'record':
      return [...walk(def.keyType, '(key)'), ...walk(def.valueType, '*')];
    case 'union':
      return (def.options as unknown[]).flatMap((o) => walk(o, ''));
    case 'intersection':
      return [...walk(def.left, ''), ...walk(def.right, '')];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType, '');
    case 'pipe':
      // The request is validated against the input side; the output side only sees what it produced.
      return walk(def.in, '');
    case 'lazy':
      return walk((def.getter as () => unknown)(), '');
    case 'transform':
      return [];
    default:
      return [`${at}: ${def.type} accepts values no shared scalar checks`];
  }
};
