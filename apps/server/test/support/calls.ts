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

/** R-SHELL-048's get-selected-plan body as the web sends it (the server takes the tenant from the session). */
export const selectedPlanBody = (email: string) => ({
  subscriber: { name: 'A', email },
  plans: [],
  serviceTypeId: 1,
  methodTypeId: 1,
  today: '2026-01-01',
  timezone: 'UTC',
});

/** A card tokenized by the sandbox processor for the caller (its own tenant): the token to attach. */
export const sandboxToken = async (c: Caller, number: string): Promise<string> =>
  (
    await ok<{ id: string }>(c, '/api/payments-sandbox/tokens', {
      number,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
    })
  ).id;
