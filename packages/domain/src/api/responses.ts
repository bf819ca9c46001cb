import { z } from 'zod';
import { PageCursorsSchema } from '../list/seek';
import { ErrorBodySchema, MessageResponseSchema } from './errors';

/**
 * What a route may answer (ARCHITECTURE 13, issue 25 finding 8). Every route declares its success body and
 * the D-07 error envelope for the error statuses the platform can give it: 400 (validation, malformed
 * body), 401/403 (the guard), 404 (an id the caller cannot see), 409 (a duplicate or a linked record), 413
 * (body limit), 415 (content type), 429 (rate limit), 500. Fastify serializes with these schemas, so a key a
 * handler returns that the schema does not name never leaves the server (zod objects strip unknown keys).
 */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429, 500] as const;

// One component of the document (`#/components/schemas/ErrorBody`) instead of a copy in every response.
if (!z.globalRegistry.has(ErrorBodySchema)) z.globalRegistry.add(ErrorBodySchema, { id: 'ErrorBody' });

const errorResponses = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  429: ErrorBodySchema,
  500: ErrorBodySchema,
} as const satisfies Record<(typeof ERROR_STATUSES)[number], typeof ErrorBodySchema>;

/** `response` of a route answering `ok` (a JSON body) on 200, the error envelope otherwise. */
export const responses = <T extends z.ZodType>(ok: T) => ({ 200: ok, ...errorResponses });

/** `responses` of a route that charges or tokenizes a card: a decline is 402 (PAYMENT_FAILED) too. */
export const paymentResponses = <T extends z.ZodType>(ok: T) => ({ ...responses(ok), 402: ErrorBodySchema });

/** A file's bytes: the handler sends them as they are (Fastify never serializes a buffer). */
const FileBytesSchema = z.custom<Uint8Array>((v) => v instanceof Uint8Array).meta({ type: 'string', format: 'binary' });

/** `response` of a route whose success answer is a file of one of `contentTypes` (bytes, not JSON). */
export const fileResponses = (contentTypes: readonly string[]) => ({
  200: {
    description: 'The file',
    content: Object.fromEntries(contentTypes.map((type) => [type, { schema: FileBytesSchema }])) as Record<
      string,
      { schema: typeof FileBytesSchema }
    >,
  },
  ...errorResponses,
});

/** The answer of a route that only reports its outcome (shown as a toast). */
export const messageResponses = responses(MessageResponseSchema);

/**
 * Issue 37: a growing list counts at most this many rows past the page asked for (the audit trail, cases):
 * `totalCount` is then a lower bound and `totalCountCapped` says 'more than'. Counting a tenant's every row on
 * every page view costs as much as the tenant is large; 1,000 (not 10,000) because the growth bench measured what
 * the rows past a thousand cost on page 1 (docs/decisions.md, issue 37).
 */
export const LIST_COUNT_CAP = 1_000;

/**
 * `{ list, totalCount }`: every paged list (apps/web/LISTS.md); `totalCountCapped`: there are more than that;
 * `cursors`: the keys of the page's first and last rows, for the lists that page by key (list/seek.ts).
 */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    totalCount: z.number(),
    totalCountCapped: z.boolean().optional(),
    cursors: PageCursorsSchema.optional(),
  });

/**
 * A timestamp the handler hands as a Date and the body carries as ISO 8601 text: the serializer encodes
 * it, the document says `string, date-time`, and `z.input` of an answer (what the web reads) says string.
 */
const TIMESTAMP_CODECS = new WeakSet<object>();
export const timestamp = () => {
  const codec = z.codec(z.iso.datetime(), z.date(), {
    decode: (text) => new Date(text),
    encode: (date) => date.toISOString(),
  });
  TIMESTAMP_CODECS.add(codec);
  return codec;
};
/** Whether `schema` is a `timestamp()` (the server's compiled response serializer encodes it without zod). */
export const isTimestampCodec = (schema: object) => TIMESTAMP_CODECS.has(schema);

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  out?: z.ZodType;
};

/**
 * A request contract turned into the shape of an answer: the same fields, every object stripping (unknown
 * keys are dropped, never an error), input checks (lengths, refinements) and defaults left out. For answers
 * that carry what a request saved: an address, a petitioner profile, a workflow's activities.
 */
export const responseOf = <T extends z.ZodType>(schema: T): z.ZodType<z.output<T>> =>
  answerShape(schema) as z.ZodType<z.output<T>>;

const answerShape = (schema: z.ZodType): z.ZodType => {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  switch (def.type) {
    case 'object':
      return z.object(Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, answerShape(v)])));
    case 'array':
      return z.array(answerShape(def.element as z.ZodType));
    case 'optional':
      return answerShape(def.innerType as z.ZodType).optional();
    case 'nullable':
      return answerShape(def.innerType as z.ZodType).nullable();
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
      return answerShape(def.innerType as z.ZodType);
    case 'union':
      return z.union((def.options ?? []).map(answerShape) as [z.ZodType, z.ZodType]);
    case 'pipe':
      return answerShape(def.out as z.ZodType);
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    default:
      return schema;
  }
};
