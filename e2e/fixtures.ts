import { type ChildProcess, spawn } from 'node:child_process';
import { DEMO_EMAILS } from '@caseport/db/seed/demo';
import { type Browser, test as base, expect, type Page } from '@playwright/test';

export const E2E_PASSWORD = 'E2e-password-2026';

export const ACCOUNTS = DEMO_EMAILS;
export type AccountKey = keyof typeof ACCOUNTS;

/** Signs in through the API (the login screen has its own spec) so each test starts where a user lands. */
export const signIn = async (page: Page, account: AccountKey) => {
  const res = await page.request.post('/api/auth/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email: ACCOUNTS[account], password: E2E_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
};

export const test = base.extend<{ as: (account: AccountKey) => Promise<void> }>({
  as: async ({ page }, use) => {
    await use((account) => signIn(page, account));
  },
});
export { expect };

/** The server answers `path` with a D-07 error envelope (`seen` collects the request bodies). */
export const failWith = (page: Page, path: string, status: number, body: object, seen?: unknown[]) =>
  page.route(`**${path}`, (route) => {
    seen?.push(route.request().postDataJSON());
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });

/**
 * A server of the spec's own on a fresh data directory (scripts/e2e-server.mjs, the demo as `npm start` makes
 * it), for specs that change what the shared server's other specs rely on, or that must see the demo untouched.
 * Each spec picks its own `offset` from E2E_PORT.
 */
export const ownServer = (offset: number) => {
  const port = Number(process.env.E2E_PORT ?? 3100) + offset;
  const baseURL = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  return {
    baseURL,
    async start() {
      server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
        env: { ...process.env, E2E_PORT: String(port) },
        stdio: 'ignore',
      });
      for (let i = 0; i < 240; i++) {
        const ok = await fetch(`${baseURL}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error(`e2e server on ${port} did not start`);
    },
    async stop() {
      if (server && server.exitCode === null) {
        const exited = new Promise((r) => server?.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
    },
    /** A new browser context on this server, signed in as `account`. */
    async signedIn(browser: Browser, account: AccountKey) {
      const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 860 } });
      const res = await context.request.post('/api/auth/login', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        data: { email: ACCOUNTS[account], password: E2E_PASSWORD },
      });
      expect(res.status()).toBe(200);
      return context.newPage();
    },
  };
};
