import { expect } from 'vitest';
import { postUpload } from './files';
import { type Caller, DEMO, login, type TestApp } from './test-app';

/** POST as the caller; anything but 200 fails the test with the route and its answer (typed as JSON.parse types it). */
export const ok = async <T = ReturnType<typeof JSON.parse>>(c: Caller, url: string, body: unknown = {}) => {
  const res = await c.post(url, body);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};

/** The demo users signed in at once, in the order named: `[a, b] = await signIn(t, 'lawAdmin', 'coAdmin')`. */
export const signIn = <K extends readonly (keyof typeof DEMO)[]>(
  t: TestApp,
  ...users: K
): Promise<{ [I in keyof K]: Caller }> =>
  Promise.all(users.map((u) => login(t, DEMO[u]))) as Promise<{ [I in keyof K]: Caller }>;

/** The upload fields most tests send besides `purpose`: a private file, answered with its details. */
export const PRIVATE_FILE = { secureType: 'private', getDetails: 'true' } as const;

/** A file as /api/common/upload answers it with getDetails. */
export type UploadedFile = { name: string; path: string; extn: string; mimetype: string; size: number };

/** Uploads one file with `fields` (purpose first); anything but 200 fails the test. Answers the stored file. */
export const uploadFile = async (
  t: TestApp,
  c: Caller,
  fields: Record<string, string>,
  file: { name: string; data: Buffer; type?: string },
): Promise<UploadedFile> => {
  const res = await postUpload(t, c, fields, [file]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.result[0];
};
