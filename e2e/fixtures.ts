import { type ChildProcess, spawn } from 'node:child_process';
import { DEMO_EMAILS } from '@caseport/db/seed/demo';
import { type Browser, test as base, expect, type Page, type Request } from '@playwright/test';

const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

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

/**
 * Each Playwright worker slot drives its own server on its own fresh database (playwright.config.ts starts one
 * per slot on E2E_PORT + the slot, the demo as `npm start` makes it): the workers share no rows, no per-IP
 * sign-in throttling and no rate-limit counters, and a worker runs its files in the suite's (alphabetical) order
 * as one worker did before. The specs that need a server of their own still start one (`ownServer`).
 */
export const test = base.extend<{ as: (account: AccountKey) => Promise<void> }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${E2E_PORT + testInfo.parallelIndex}`);
  },
  as: async ({ page }, use) => {
    await use((account) => signIn(page, account));
  },
});

/** A second browser context on the worker's server (another user signed in next to the first), at desktop size. */
export const freshPage = async (browser: Browser, baseURL: string | undefined) => {
  const page = await (await browser.newContext({ baseURL, viewport: { width: 1366, height: 860 } })).newPage();
  page.setDefaultTimeout(30_000);
  return page;
};

/**
 * Screenshots of the page, to be looked at, under test-results/screens/<folder> (a folder with a `/` in it is a path
 * of its own). By default at 1280 and 390 px wide, `<name>-<width>.png`, the page back at 1366 px after;
 * `widths: 'as-is'` takes one, `<name>.png`, at the page's current size and leaves the viewport alone.
 */
export const shooter =
  (folder: string, { widths = [1280, 390] }: { widths?: readonly number[] | 'as-is' } = {}) =>
  async (page: Page, name: string) => {
    const dir = folder.includes('/') ? folder : `test-results/screens/${folder}`;
    if (widths === 'as-is') {
      await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
      return;
    }
    for (const width of widths) {
      await page.setViewportSize({ width, height: 860 });
      await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 860 });
  };
export { expect };

/** A screen whose title is not its tab's label (the Reminders tab opens the Global Configuration, 002 §2.1). */
const SCREEN_TITLE: Record<string, string> = {
  configReminders: 'Global Configuration',
  quickbooksSettings: 'Accounting',
};
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The heading a settings tab's screen shows: the tab's label, or its screen's own title. */
export const tabTitle = (key: string, label: string) =>
  new RegExp(
    `^(${[label, SCREEN_TITLE[key]]
      .filter((n): n is string => !!n)
      .map(literal)
      .join('|')})$`,
  );

/**
 * Opens a settings tab as the sidebar's link does: through the app's router, without reloading the page. It waits
 * for that tab's own heading, so nothing after it looks at the tab before (or at the last one), and then until
 * every request the page sent meanwhile has its answer (what `networkidle` stood for after a `page.goto`,
 * without its fixed half second of quiet). A `page.goto` per tab started the whole app again (bundle,
 * /api/auth/me, the tab's chunk): half to two thirds of the time to a ready screen in the axe and phone walks
 * (docs/decisions.md "CI time").
 */
export const openTab = async (page: Page, key: string, label: string) => {
  const pending = new Set<Request>();
  const sent = (r: Request) => pending.add(r);
  const done = (r: Request) => pending.delete(r);
  page.on('request', sent);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  try {
    await page.evaluate((url) => {
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/settings/${key}`);
    await expect(
      page
        .getByRole('main')
        .getByRole('heading', { name: tabTitle(key, label) })
        .first(),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect.poll(() => pending.size, { timeout: 30_000, intervals: [25] }).toBe(0);
  } finally {
    page.off('request', sent);
    page.off('requestfinished', done);
    page.off('requestfailed', done);
  }
};

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
  const port = E2E_PORT + offset;
  const baseURL = `http://127.0.0.1:${port}`;
  const healthy = () =>
    fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  let server: ChildProcess | null = null;
  return {
    baseURL,
    async start() {
      // A server left over from an interrupted run would answer in place of a fresh one.
      if (await healthy()) throw new Error(`port ${port} is already serving: stop the leftover e2e server first`);
      let exited = false;
      server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
        env: { ...process.env, E2E_PORT: String(port), E2E_STOP_WITH_PARENT: '1' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      server.once('exit', () => {
        exited = true;
      });
      for (let i = 0; i < 240; i++) {
        if (await healthy()) return;
        if (exited) throw new Error(`e2e server on ${port} exited before it was ready`);
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

/**
 * Opens a case through the 'New case' wizard of /cases (issue 34) and waits for its case page: the type and
 * sub-type, the petitioner (a law firm's; none for a petitioner company), the beneficiary (a new person, or an
 * existing one found by name), the facts left for later. Returns the number the case page shows.
 */
export const openCaseInWizard = async (
  page: Page,
  c: {
    type: string | RegExp;
    subType: string;
    petitioner?: string;
    beneficiary: { givenName: string; familyName: string } | { existing: string };
  },
) => {
  const pickOption = async (name: string, option: string | RegExp) => {
    await dialog.getByRole('combobox', { name, exact: true }).click();
    await page
      .getByRole('option', { name: option, ...(typeof option === 'string' ? { exact: true } : {}) })
      .first()
      .click();
  };
  if (!/\/cases$/.test(new URL(page.url()).pathname)) await page.goto('/cases');
  await page.getByRole('button', { name: 'New case' }).click();
  const dialog = page.getByRole('dialog', { name: 'New case' });
  await pickOption('Case type', c.type);
  await pickOption('Case subtype', c.subType);
  await dialog.getByRole('button', { name: 'Next' }).click();
  if (c.petitioner) await pickOption('Petitioner', c.petitioner);
  if ('existing' in c.beneficiary) {
    await dialog.getByText('Existing person', { exact: true }).click();
    await dialog.getByRole('textbox', { name: /^Find the / }).fill(c.beneficiary.existing);
    await dialog.getByRole('listitem', { name: `Pick ${c.beneficiary.existing}` }).click();
  } else {
    const form = dialog.getByRole('form', { name: /^New / });
    await form.getByLabel('Given name').fill(c.beneficiary.givenName);
    await form.getByLabel('Family name').fill(c.beneficiary.familyName);
    await form.getByRole('button', { name: /^Use as / }).click();
  }
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Create case' }).click();
  await expect(page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const number = page.getByTestId('case-number');
  await expect(number).not.toBeEmpty();
  return (await number.textContent()) ?? '';
};
