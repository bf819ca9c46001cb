import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routes } from '../app/router';
import { theme } from '../app/theme';

export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });

export function Providers({ children, client = testQueryClient() }: { children: ReactNode; client?: QueryClient }) {
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export const renderWithProviders = (ui: ReactElement) => render(<Providers>{ui}</Providers>);

export function renderApp(initialUrl: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialUrl] });
  const utils = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router };
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (body: unknown) => [number, unknown] | unknown;

/** A fake server: `handlers['POST /api/x'] = (body) => [status, json]` or just json for 200. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const handler = handlers[`${method} ${path}`];
    if (!handler)
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: `No mock for ${method} ${path}` }), {
        status: 404,
      });
    const out = handler(body);
    const [status, json] =
      Array.isArray(out) && typeof out[0] === 'number' && out.length === 2 ? (out as [number, unknown]) : [200, out];
    return new Response(json === undefined ? '' : JSON.stringify(json), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
