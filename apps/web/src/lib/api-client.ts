import { type FieldError, GENERIC_ERROR_MESSAGE } from '@caseport/domain/api/error-codes';
import { displayTimeZone } from '../components/format-date';
import type { paths } from './api-types';

/** Every non-2xx answer (and a network failure, status 0) becomes this, from the D-07 error envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: FieldError[];

  constructor(status: number, code: string, message: string, fields?: FieldError[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (fields) this.fields = fields;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Check your connection and try again.';
const LOGIN_PATH = '/api/auth/login';
/**
 * Calls whose credential is a two-factor challenge, not the session: their 401 is a challenge that expired (the
 * step says so), never a lost session, also when My Profile makes them for a signed-in user (issue 38).
 */
const CHALLENGE_PATHS = new Set(['/api/auth/mfa/verify', '/api/auth/mfa/enrol-start', '/api/auth/mfa/enrol-confirm']);

type UnauthorizedHandler = (intendedUrl: string) => void;

const currentUrl = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

export const loginUrlFor = (intendedUrl: string) =>
  intendedUrl && intendedUrl !== '/' && !intendedUrl.startsWith('/login')
    ? `/login?next=${encodeURIComponent(intendedUrl)}`
    : '/login';

// Replaced by the router at start-up so the redirect is a client-side navigation; this fallback keeps the
// client usable on its own (tests, a page rendered outside the router).
let onUnauthorized: UnauthorizedHandler = (intendedUrl) => {
  if (!window.location.pathname.startsWith('/login')) window.location.assign(loginUrlFor(intendedUrl));
};

export const setUnauthorizedHandler = (handler: UnauthorizedHandler) => {
  onUnauthorized = handler;
};

const withPrefix = (path: string) =>
  path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;

const isFieldError = (f: unknown): f is FieldError =>
  typeof f === 'object' &&
  f !== null &&
  typeof (f as FieldError).name === 'string' &&
  typeof (f as FieldError).message === 'string';

/** Reads the D-07 envelope; anything else (a proxy's HTML page, an empty body) gets the generic message. */
const toApiError = (status: number, text: string): ApiError => {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      const { code, message, fields } = body as Record<string, unknown>;
      if (typeof message === 'string' && message) {
        const list = Array.isArray(fields) ? fields.filter(isFieldError) : undefined;
        return new ApiError(
          status,
          typeof code === 'string' ? code : 'INTERNAL',
          message,
          list?.length ? list : undefined,
        );
      }
    }
  } catch {
    // Not JSON: fall through to the generic message.
  }
  return new ApiError(status, status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL', GENERIC_ERROR_MESSAGE);
};

const handleFailure = (path: string, status: number, text: string): never => {
  // R-API / D-07: a lost session anywhere but the login call itself sends the user back to /login.
  if (status === 401 && path !== LOGIN_PATH && !CHALLENGE_PATHS.has(path)) onUnauthorized(currentUrl());
  throw toApiError(status, text);
};

const parseSuccess = <T>(text: string): T => (text ? (JSON.parse(text) as T) : (undefined as T));

const request = async <T>(
  method: 'GET' | 'POST',
  rawPath: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> => {
  const path = withPrefix(rawPath);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // The server refuses state changes without it (a cheap CSRF guard: forms cannot set custom headers).
    'X-Requested-With': 'XMLHttpRequest',
    // The zone this screen shows dates in: the days a platform user's date filters pick (tenant-day.ts).
    'X-Time-Zone': displayTimeZone(),
  };
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text();
  if (!response.ok) return handleFailure(path, response.status, text);
  return parseSuccess<T>(text);
};

export interface UploadOptions {
  /** 0..100, from the browser's upload progress events. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** fetch() cannot report upload progress, hence XMLHttpRequest for files. */
const upload = <T>(
  rawPath: string,
  data: FormData,
  options: UploadOptions | ((percent: number) => void) = {},
): Promise<T> => {
  const { onProgress, signal } = typeof options === 'function' ? { onProgress: options, signal: undefined } : options;
  const path = withPrefix(rawPath);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
      };
    }
    xhr.onload = () => {
      try {
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress?.(100);
          resolve(parseSuccess<T>(xhr.responseText));
        } else {
          handleFailure(path, xhr.status, xhr.responseText);
        }
      } catch (e) {
        reject(e);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(data);
  });
};

/** A file a call answers (an export): its bytes and the name of its Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

const filenameOf = (disposition: string | null): string | null => {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? null;
};

type FileMethod = 'GET' | 'POST';

/** Fetches a file (an export, a stored document); a failure answers the D-07 envelope, thrown as an ApiError. */
const fetchFile = async (
  method: FileMethod,
  path: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<DownloadedFile> => {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) return handleFailure(path, response.status, await response.text());
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) };
};

// The API as /api/docs/json declares it (lib/api-types.ts, `npm run api:types`): every call below is typed by the
// path it names, so a server contract change breaks the build rather than a screen.

type JsonOf<C> = C extends { content: { 'application/json': infer J } } ? J : never;
type PostOf<P extends keyof paths> = paths[P] extends { post: infer O } ? O : never;
type GetOf<P extends keyof paths> = paths[P] extends { get: infer O } ? O : never;

/** Every path with a POST operation. */
export type PostPath = { [P in keyof paths]: paths[P] extends { post: object } ? P : never }[keyof paths];
/** Every path with a GET operation. */
export type GetPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];

/** The JSON request body of a POST (an empty object where the operation takes none). */
export type ApiBody<P extends PostPath> = P extends PostPath
  ? PostOf<P> extends { requestBody: infer R }
    ? JsonOf<R>
    : PostOf<P> extends { requestBody?: infer R }
      ? [JsonOf<R>] extends [never]
        ? Record<string, never>
        : JsonOf<R>
      : Record<string, never>
  : never;

/** The 200 JSON answer of a POST operation. */
export type ApiResponse<P extends PostPath> = P extends PostPath
  ? PostOf<P> extends { responses: { 200: infer R } }
    ? JsonOf<R>
    : never
  : never;
/** The 200 JSON answer of a GET operation. */
export type ApiGetResponse<P extends GetPath> = P extends GetPath
  ? GetOf<P> extends { responses: { 200: infer R } }
    ? JsonOf<R>
    : never
  : never;

/** The POST paths whose body may be left out: the operation takes an empty object. */
export type BodylessPath = {
  [P in PostPath]: Record<string, never> extends ApiBody<P> ? P : never;
}[PostPath];

interface Call {
  /** A POST whose body and answer are typed by the API's own document. */
  <P extends PostPath>(path: P, body: ApiBody<P>, signal?: AbortSignal): Promise<ApiResponse<P>>;
  /** A POST of an operation that takes no body. */
  <P extends BodylessPath>(path: P): Promise<ApiResponse<P>>;
}

const call: Call = <P extends PostPath>(path: P, body?: ApiBody<P>, signal?: AbortSignal) =>
  request<ApiResponse<P>>('POST', path, body, signal);

/** Query parameters of a GET, as the document names them. */
type QueryOf<P extends GetPath> = GetOf<P> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

const withQuery = (path: string, query: Record<string, string | number | boolean | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export const api = {
  /** A GET whose answer is typed by the API's own document. */
  get: <P extends GetPath>(path: P, signal?: AbortSignal) => request<ApiGetResponse<P>>('GET', path, undefined, signal),
  call,
  /** A multipart POST (a file upload), answered as the document declares. */
  upload: <P extends PostPath>(path: P, data: FormData, options?: UploadOptions | ((percent: number) => void)) =>
    upload<ApiResponse<P>>(path, data, options),
  /** POSTs for a file (an export). */
  download: <P extends PostPath>(path: P, body: ApiBody<P>, signal?: AbortSignal) =>
    fetchFile('POST', withPrefix(path), body, signal),
  /** GETs a file (a stored document) with the query the document declares. */
  file: <P extends GetPath>(path: P, query: QueryOf<P>, signal?: AbortSignal) =>
    fetchFile('GET', withQuery(withPrefix(path), query as Record<string, string>), undefined, signal),
};

/** Field errors keyed by input name, the shape Mantine's form.setErrors expects. */
export const fieldErrors = (error: unknown): Record<string, string> =>
  isApiError(error) && error.fields ? Object.fromEntries(error.fields.map((f) => [f.name, f.message])) : {};
