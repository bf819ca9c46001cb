import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDisplayTimeZone } from '../components/format-date';
import { mockApi } from '../test/render';
import {
  type ApiBody,
  ApiError,
  api,
  fieldErrors,
  loginUrlFor,
  NETWORK_ERROR_MESSAGE,
  setUnauthorizedHandler,
} from './api-client';

describe('api client', () => {
  afterEach(() => setUnauthorizedHandler(() => undefined));

  it('POSTs JSON same-origin with the X-Requested-With header the server requires', async () => {
    const { fetchMock } = mockApi({ 'POST /api/workflow/list': () => ({ list: [], totalCount: 0 }) });
    const out = await api.call('/api/workflow/list', { page: 1 });
    expect(out.totalCount).toBe(0);
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/workflow/list');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"page":1}');
  });

  it("sends the zone its dates are shown in (X-Time-Zone): the tenant's, the days a date filter picks", async () => {
    const { fetchMock } = mockApi({ 'POST /api/workflow/list': () => ({ list: [], totalCount: 0 }) });
    setDisplayTimeZone('Asia/Kolkata');
    try {
      await api.call('/api/workflow/list', { page: 1 });
    } finally {
      setDisplayTimeZone(null);
    }
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'X-Time-Zone': 'Asia/Kolkata' });
  });

  it('turns the D-07 error envelope into an ApiError with fields', async () => {
    mockApi({
      'POST /api/message-label/create': () => [
        400,
        {
          code: 'VALIDATION_ERROR',
          message: 'Check the form',
          fields: [{ name: 'name', message: 'Name is required' }],
        },
      ],
    });
    // An empty body, refused by the server: cast past the client's type for the test.
    const error = await api
      .call('/api/message-label/create', {} as ApiBody<'/api/message-label/create'>)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Check the form' });
    expect(fieldErrors(error)).toEqual({ name: 'Name is required' });
  });

  it('falls back to the generic message when the body is not the envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(api.get('/api/auth/me')).rejects.toMatchObject({
      status: 502,
      code: 'INTERNAL',
      message: 'somthing went wrong',
    });
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/auth/me')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('sends a lost session to /login with the intended URL, but not a failed login', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockApi({
      'POST /api/tenant/details': () => [401, { code: 'UNAUTHENTICATED', message: 'Session expired' }],
      'POST /api/auth/login': () => [401, { code: 'UNAUTHENTICATED', message: 'Invalid email or password' }],
    });
    window.history.pushState({}, '', '/settings/labelsList?tab=x');
    await expect(api.call('/api/tenant/details', { tenantId: 't1' })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('/settings/labelsList?tab=x');
    await expect(api.call('/api/auth/login', { email: 'a@example.com', password: 'wrong' })).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(loginUrlFor('/settings/labelsList?tab=x')).toBe('/login?next=%2Fsettings%2FlabelsList%3Ftab%3Dx');
    expect(loginUrlFor('/')).toBe('/login');
  });
  it('GETs a file with its query through the same error handling, a lost session included', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('path=ok')
        ? new Response('%PDF-1.7', {
            status: 200,
            headers: { 'Content-Disposition': 'inline; filename="doc.pdf"' },
          })
        : new Response(JSON.stringify({ code: 'UNAUTHENTICATED', message: 'Session expired' }), { status: 401 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await api.file('/api/common/viewfile', { path: 'ok/a b.pdf', inline: '1' });
    expect(await file.blob.text()).toBe('%PDF-1.7');
    expect(file.filename).toBe('doc.pdf');
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/common/viewfile?path=ok%2Fa+b.pdf&inline=1');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    window.history.pushState({}, '', '/esign-prepare?templateId=t1');
    await expect(api.file('/api/common/viewfile', { path: 'gone' })).rejects.toMatchObject({
      status: 401,
      message: 'Session expired',
    });
    expect(onUnauthorized).toHaveBeenCalledWith('/esign-prepare?templateId=t1');
  });
});
