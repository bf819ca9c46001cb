import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { TEST_ROOT } from './constants';

// ajv-formats is CommonJS: its default export arrives as the module object under Node's ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

interface MediaType {
  schema?: object;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, object> };
}

export interface ObservedResponse {
  method: string;
  /** The request URL; its query string is ignored. */
  url: string;
  status: number;
  contentType: string | undefined;
  body: string;
}

/**
 * Checks real responses against the responses /api/docs/json declares (issue 25 finding 8): the status must
 * be declared for the operation, the content type must be one it declares, and a JSON body must validate
 * against that content's schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses). `check` answers null for a
 * request that is no operation of the document (an unknown path, the docs themselves), else the mismatches.
 */
export const responseChecker = (document: OpenApiDocument) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (key: string, schema: object) => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(key, validate);
    }
    return validate;
  };
  return (r: ObservedResponse): string[] | null => {
    const path = r.url.split('?')[0] as string;
    const method = r.method.toLowerCase();
    const operation = document.paths[path]?.[method];
    if (!operation) return null;
    const where = `${r.method} ${path} ${r.status}`;
    const declared = operation.responses?.[String(r.status)] ?? operation.responses?.default;
    if (!declared) return [`${where}: status not declared`];
    const content = declared.content ?? {};
    if (Object.keys(content).length === 0) return r.body === '' ? [] : [`${where}: a body where none is declared`];
    const mediaType = (r.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const media = content[mediaType];
    if (!media) return [`${where}: content type ${mediaType || '(none)'} not declared`];
    if (mediaType !== 'application/json' || !media.schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(r.body);
    } catch {
      return [`${where}: the body is not JSON`];
    }
    // The document's components ride along, so `#/components/schemas/...` references resolve.
    const validate = validatorOf(`${method} ${path} ${r.status} ${mediaType}`, {
      ...media.schema,
      components: document.components,
    });
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${where}: ${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}`);
  };
};

/** Where each test worker adds its count of checked responses; the global teardown sums them. */
export const CONFORMANCE_DIR = join(TEST_ROOT, 'conformance');

export const recordConformanceCount = (checked: number) => {
  if (checked === 0) return;
  mkdirSync(CONFORMANCE_DIR, { recursive: true });
  appendFileSync(join(CONFORMANCE_DIR, `${process.pid}.log`), `${checked}\n`);
};

/**
 * The fields a handler returned that the response schema held back (the allow-list at work), as paths like
 * `list[].createdBy`. Reported by the global teardown, never a failure: the schema decides what leaves.
 */
export const heldBackPaths = (returned: unknown, sent: unknown, path = ''): string[] => {
  if (Array.isArray(returned)) {
    if (!Array.isArray(sent)) return [];
    return [
      ...new Set(returned.flatMap((item, i) => (i < sent.length ? heldBackPaths(item, sent[i], `${path}[]`) : []))),
    ];
  }
  if (!returned || typeof returned !== 'object' || returned instanceof Date || ArrayBuffer.isView(returned)) return [];
  if (!sent || typeof sent !== 'object') return [];
  return Object.entries(returned).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    if (value === undefined || typeof value === 'function') return [];
    if (!(key in sent)) return [at];
    return heldBackPaths(value, (sent as Record<string, unknown>)[key], at);
  });
};

export const recordHeldBack = (route: string, paths: string[]) => {
  if (paths.length === 0) return;
  mkdirSync(CONFORMANCE_DIR, { recursive: true });
  appendFileSync(
    join(CONFORMANCE_DIR, `held-back-${process.pid}.txt`),
    `${paths.map((p) => `${route} ${p}`).join('\n')}\n`,
  );
};
