// Type tests of the typed client: `npm run typecheck` (tsc -p apps/web/tsconfig.json) checks this file, and
// each `@ts-expect-error` line fails the check if it compiles, i.e. if the client stopped refusing that
// mistake. Nothing here runs; the functions are never called.
import { type ApiBody, type ApiResponse, api } from './api-client';

/** A body and an answer follow the document of the path they name. */
export const callsAreTypedByTheDocument = async () => {
  const labels = await api.call('/api/message-label/list', { page: 1, perpage: 10 });
  const total: number = labels.totalCount;
  const name: string | undefined = labels.list[0]?.name;

  // @ts-expect-error a body field the operation does not take
  await api.call('/api/auth/login', { email: 'a@example.com', password: 'x', remember: true });
  // @ts-expect-error a required body field left out
  await api.call('/api/auth/login', { email: 'a@example.com' });
  // @ts-expect-error a body field of the wrong type
  await api.call('/api/message-label/list', { page: '1' });
  // @ts-expect-error the body left out where the operation requires one
  await api.call('/api/tenant/details');
  // @ts-expect-error a path the API does not have
  await api.call('/api/labels/list', {});

  // @ts-expect-error a misspelled field of the answer
  const misspelled = labels.totalcount;
  // @ts-expect-error a field the answer's rows lack
  const absent = labels.list[0]?.colour;

  // An operation without a body may be called without one.
  const bell = await api.call('/api/reminders/bell-count');
  const unread: number = bell.unread;
  return [total, name, misspelled, absent, unread];
};

/** GETs, uploads and file downloads are keyed by path too. */
export const otherMethodsAreTypedByTheDocument = async () => {
  const me = await api.get('/api/auth/me');
  const email: string = me.user.email;
  // @ts-expect-error a POST-only path is no GET
  await api.get('/api/auth/login');

  const uploaded = await api.upload('/api/common/upload', new FormData());
  const path: string | undefined = uploaded.data.result[0]?.path;

  const file = await api.file('/api/common/viewfile', { path: 'x', inline: '1' });
  // @ts-expect-error a query parameter the operation does not take
  await api.file('/api/common/viewfile', { path: 'x', download: '1' });
  // @ts-expect-error a required query parameter left out
  await api.file('/api/common/viewfile', { inline: '1' });
  return [email, path, file.blob];
};

/** The helper types name a body and an answer for a component's own types. */
type Label = ApiResponse<'/api/message-label/list'>['list'][number];
export const helperTypesDerive = (label: Label, body: ApiBody<'/api/message-label/create'>) => {
  const id: string = label._id;
  // @ts-expect-error a field the derived row lacks
  const wrong = label.labelColour;
  return [id, body, wrong];
};
