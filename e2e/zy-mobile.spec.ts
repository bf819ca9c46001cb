/// <reference lib="dom" />
import type { Me } from '@caseport/domain/auth/contracts';
import type { Locator, Page } from '@playwright/test';
import { type AccountKey, expect as baseExpect, openTab, shooter, test } from './fixtures';

// Up to 19 tabs per account on a machine that is shared and slow at times: longer waits than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Issue 15: every settings screen at 390 × 844 (a phone). For each demo account and each tab in its
 * sidebar: the page itself does not scroll sideways (tables scroll inside their own frame), and every
 * row action of the first rows can be reached (scrolled to inside the table frame and clicked).
 * Screenshots land in test-results/mobile/ to be looked at.
 *
 * The demo tenants start complete (issue 15), so every tab shows its own screen.
 * Named to run after the area specs (the specs share one server): it adds a label and a SOC code, and
 * soc-codes.spec starts from the second firm's empty SOC list.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
// Each account's walk, the add forms and the setup screens are tests of their own that spread over both workers
// (each worker has its own server), not one file run serially at the end of one worker (docs/decisions.md "CI time").
// They still come after the area specs in the queue, and zz-throttling after them.
test.describe.configure({ mode: 'parallel' });

/** [account, who, whether to add a label and a SOC code first] */
const ACCOUNTS: [AccountKey, string, boolean][] = [
  ['platformAdmin', 'platform admin (1)', false],
  ['platformOps', 'platform admin (2)', false],
  ['lawAdmin', 'law-firm admin (3, type 1)', true],
  ['lawManager', 'branch manager (4, type 1)', false],
  ['coAdmin', 'petitioner-company admin (3, type 2)', true],
  ['coSignatory', 'authorized signatory (12, type 2)', false],
  ['otherAdmin', 'second law-firm admin (3, type 1)', false],
  ['lawPetitioner', 'petitioner (50)', false],
];

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** The fresh demo has no labels or SOC codes: one of each, so those lists have row actions to reach. */
const addRows = async (page: Page) => {
  const label = await page.request.post('/api/message-label/create', {
    headers: XHR,
    data: { name: `Phone check ${Date.now().toString(36)}`, color: '#1E88E5' },
  });
  expect(label.status(), await label.text()).toBe(200);
  // A second run on the same data finds the SOC code already there, which is as good.
  await page.request.post('/api/soc-code-config/add-soc-code', {
    headers: XHR,
    data: {
      name: '15-1211',
      designation: 'Computer Systems Analysts',
      description: '<p>Analyze systems</p>',
      jobTitles: '<p>Systems Analyst</p>',
    },
  });
};

/** Where the screenshots go: test-results/mobile/, or MOBILE_SHOTS_DIR. */
const SHOTS = process.env.MOBILE_SHOTS_DIR ?? 'test-results/mobile';
const shot = shooter(SHOTS.includes('/') ? SHOTS : `./${SHOTS}`, { widths: 'as-is' });

/** The page's own horizontal overflow, in CSS pixels (0 = no sideways scroll). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const el = document.scrollingElement as HTMLElement;
    return el.scrollWidth - el.clientWidth;
  });

/** The elements that stick out on the right (to say what scrolls when the check fails). */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        if (r.right <= document.documentElement.clientWidth + 0.5 || r.width === 0) return false;
        // Inside a frame that scrolls or clips on its own, an element may be wider than the screen.
        for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
          const o = getComputedStyle(p).overflowX;
          if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return false;
        }
        return true;
      })
      // The innermost ones: an outer box only sticks out because of what it holds.
      .filter((e, _, all) => !all.some((o) => o !== e && e.contains(o)))
      .slice(0, 6)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} "${(e.textContent ?? '').slice(0, 30)}" right=${Math.round(e.getBoundingClientRect().right)}`,
      )
      .join('\n'),
  );

const expectNoSidewaysScroll = async (page: Page, where: string) => {
  const over = await sidewaysOverflow(page);
  expect(
    over,
    `${where}: the page scrolls sideways by ${over}px\n${over > 0 ? await overflowing(page) : ''}`,
  ).toBeLessThanOrEqual(0);
};

/**
 * The header is fixed, so it never makes the page scroll: what does not fit is cut off instead. Every control in
 * it (menu, page links, help, bell, account) lies wholly on screen.
 */
const expectHeaderFits = async (page: Page, where: string) => {
  const controls = page.getByRole('banner').locator('a, button');
  const count = await controls.count();
  expect(count, `${where}: the header has controls`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? `control ${i + 1}`;
    expect(box, `${where}: header ${name} has a box`).not.toBeNull();
    expect(box?.x ?? -1, `${where}: header ${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 1000), `${where}: header ${name} ends on screen`).toBeLessThanOrEqual(390);
  }
};

/** Waits until the tab's screen has rendered: a heading in main and no loading skeletons or loaders. */
const settle = async (page: Page) => {
  const main = page.locator('main');
  await expect(main.getByRole('heading').first()).toBeVisible();
  await expect(main.getByTestId('skeleton-row')).toHaveCount(0);
  await expect(main.locator('.mantine-Loader-root')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
};

/**
 * Every button in the last cell of the first rows is on screen without scrolling sideways and would receive a tap
 * (no overlay, in view).
 */
const expectRowActionsReachable = async (page: Page, where: string) => {
  const rows = page.locator('main table tbody tr:not([data-testid="skeleton-row"])');
  const count = Math.min(await rows.count(), 2);
  let checked = 0;
  for (let r = 0; r < count; r++) {
    const buttons = rows.nth(r).locator('td').last().getByRole('button');
    const n = await buttons.count();
    for (let b = 0; b < n; b++) {
      const button = buttons.nth(b);
      if (!(await button.isEnabled())) continue;
      // Issue 38 finding 9: in view without scrolling sideways. Every frame is back at its left edge (as the
      // screen opens) and only the page moves down to the row; the actions column stays at the frame's right edge.
      await button.evaluate((el) => {
        for (let p = el.parentElement; p; p = p.parentElement) if (p.scrollLeft) p.scrollLeft = 0;
        const top = el.getBoundingClientRect().top;
        if (top < 80 || top > window.innerHeight - 80) window.scrollBy(0, top - window.innerHeight / 2);
      });
      const box = await button.boundingBox();
      expect(box, `${where}: row ${r + 1} action ${b + 1} has a box`).not.toBeNull();
      if (!box) continue;
      expect(box.x, `${where}: ${await button.getAttribute('aria-label')} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(
        box.x + box.width,
        `${where}: ${await button.getAttribute('aria-label')} ends on screen`,
      ).toBeLessThanOrEqual(390);
      // The hit-target check: nothing covers the button where a tap would land.
      await button.click({ trial: true });
      checked++;
    }
  }
  // The page still does not scroll sideways after the table frame scrolled to its actions.
  await expectNoSidewaysScroll(page, `${where} (after reaching the row actions)`);
  return checked;
};

test.describe('every settings screen at 390 px wide', () => {
  for (const [account, who, withRows] of ACCOUNTS) {
    test(`the ${who} meets no sideways scroll on any sidebar tab, and reaches the row actions`, async ({
      page,
      as,
    }) => {
      test.setTimeout(300_000);
      await as(account);
      if (withRows) await addRows(page);
      const me = (await (await page.request.get('/api/auth/me')).json()) as Me;
      await page.goto(me.menu.length ? `/settings/${me.menu[0]?.key}` : '/');
      await page.waitForLoadState('networkidle');
      // The guided tour (platform admins' first visit) is not what this test looks at.
      await page.keyboard.press('Escape');
      await expectHeaderFits(page, `${who}: header`);

      if (me.menu.length === 0) {
        // Role 50 and others without a sidebar: the one screen they land on.
        await settle(page);
        await expectNoSidewaysScroll(page, `${who}: landing screen`);
        await shot(page, `${account}-landing`);
        return;
      }

      // The sidebar opens from the burger at this width and fits the screen.
      await page.getByRole('button', { name: 'Open settings menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Settings' });
      await expect(nav).toBeVisible();
      await expectNoSidewaysScroll(page, `${who}: open sidebar`);
      await shot(page, `${account}-menu`);

      const summary: string[] = [];
      for (const item of me.menu) {
        const where = `${who} / ${item.label}`;
        // Inside the app, as the sidebar opens it (fixtures.ts openTab): the app itself loaded once, above.
        await openTab(page, item.key, item.label);
        await expect(page, `${where}: not moved to another tab`).toHaveURL(new RegExp(`/settings/${item.key}`));
        await settle(page);
        await expectNoSidewaysScroll(page, where);
        const reached = await expectRowActionsReachable(page, where);
        summary.push(`${item.key}:${reached}`);
        // The screenshot shows the screen as it opens: tables back at their start, no tooltip.
        await page.evaluate(() => {
          for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *')))
            if (el.scrollLeft > 0) el.scrollLeft = 0;
          window.scrollTo(0, 0);
        });
        await page.mouse.move(0, 0);
        await shot(page, `${account}-${item.key}`);
      }
      test.info().annotations.push({ type: 'row actions reached', description: summary.join(' ') });
      // Every sidebar has a list with rows (the platform's service centers at least): the check did reach some.
      expect(
        summary.some((entry) => !entry.endsWith(':0')),
        `${who}: row actions reached (${summary.join(' ')})`,
      ).toBe(true);
    });
  }
});

test.describe('the add forms at 390 px wide', () => {
  const forms: [string, string | RegExp][] = [
    ['labelsList', 'Create Label'],
    ['socSettings', 'Add SOC'],
    ['servicesCenters', 'New Service Center'],
    ['caseCodeConfig', 'Add Configuration'],
    ['contractTemplates', 'Add'],
    ['SignDocumentTemplates', 'Add'],
    // A tenant holds one agreement and the demo law firm has it (issue 15's seeded demo): its form opens by Edit.
    ['agreements', /^Edit /],
  ];
  test('a law-firm admin opens each list’s add form and it fits the screen', async ({ page, as }) => {
    test.setTimeout(180_000);
    await as('lawAdmin');
    for (const [tab, button] of forms) {
      await page.goto(`/settings/${tab}`);
      await settle(page);
      await (typeof button === 'string'
        ? page.getByRole('button', { name: button, exact: true })
        : page.getByRole('main').getByRole('button', { name: button }).first()
      ).click();
      const dialog = page.getByRole('dialog').last();
      await expect(dialog).toBeVisible();
      await page.waitForTimeout(300); // the opening transition
      const box = await dialog.boundingBox();
      expect(box, `${tab}: ${button}`).not.toBeNull();
      expect(box?.x ?? -1, `${tab}: ${button} starts on screen`).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 999), `${tab}: ${button} ends on screen`).toBeLessThanOrEqual(390);
      await expectNoSidewaysScroll(page, `${tab}: ${button}`);
      await shot(page, `lawAdmin-${tab}-add`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });
});

/**
 * A control is on the screen (scrolled to if need be) and a tap there would land on it, not on an overlay. A
 * disabled control is held to the same place on the screen; only the tap is not tried (Playwright waits for it to
 * be enabled).
 */
const expectTappable = async (page: Page, control: Locator, where: string) => {
  await expect(control, `${where}: shows`).toBeVisible();
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  expect(box, `${where}: has a box`).not.toBeNull();
  if (!box) throw new Error(`${where}: no box`);
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  expect(box.x, `${where}: starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${where}: ends on screen`).toBeLessThanOrEqual(viewport.width);
  expect(box.y, `${where}: top on screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${where}: bottom on screen`).toBeLessThanOrEqual(viewport.height);
  if (await control.isEnabled()) await control.click({ trial: true });
};

test.describe('first-time setup and holds at 390 px wide (issue 15)', () => {
  test("a new law firm's admin meets the setup footer and the held tabs without sideways scroll", async ({
    page,
    as,
  }) => {
    test.setTimeout(180_000);
    await as('newAdmin');
    const footer = page.locator('footer');
    for (const step of ['profile', 'workflow', 'questionnarie']) {
      const where = `new admin / setup ${step}`;
      await page.goto(`/basic-settings/${step}`);
      const steps = footer.getByRole('list', { name: 'Setup steps' });
      await expect(steps).toBeVisible();
      await settle(page);
      await expectNoSidewaysScroll(page, where);
      // All three steps show (the list clips what does not fit: at first only step 1 did beside 'Save and continue').
      const list = await steps.boundingBox();
      await expect(steps.getByRole('listitem')).toHaveCount(3);
      for (const item of await steps.getByRole('listitem').all()) {
        const box = await item.boundingBox();
        expect(box && list && box.x + box.width, `${where}: step ${await item.textContent()} fits`).toBeLessThanOrEqual(
          (list?.x ?? 0) + (list?.width ?? 0) + 0.5,
        );
      }
      // The footer's Back and Continue (or the wizard's own, in their place) fit the screen and take a tap.
      const controls = footer.getByRole('button');
      await expect(controls).toHaveCount(2);
      // Enabled or not (Continue waits for the step), each is on the screen: issue 38, a clipped disabled one passed.
      for (let i = 0; i < 2; i++) {
        const control = controls.nth(i);
        await expectTappable(page, control, `${where}: ${await control.textContent()}`);
      }
      // The footer does not cover the end of the page: the last thing in main can be scrolled above it.
      const last = page.locator('main :is(button, input, a, [role="status"])').last();
      await expect(last, `${where}: main has controls`).toBeVisible();
      await last.scrollIntoViewIfNeeded();
      const [box, bar] = [await last.boundingBox(), await footer.boundingBox()];
      expect(box, `${where}: the last control has a box`).not.toBeNull();
      expect(bar, `${where}: the footer has a box`).not.toBeNull();
      expect(
        (box?.y ?? Number.POSITIVE_INFINITY) + (box?.height ?? 0),
        `${where}: the end of the page clears the footer`,
      ).toBeLessThanOrEqual((bar?.y ?? Number.NEGATIVE_INFINITY) + 1);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `newAdmin-setup-${step}`);
      // A full-page shot draws the fixed footer mid-page: the footer on its own too.
      await footer.screenshot({ path: `${SHOTS}/newAdmin-setup-${step}-footer.png` });
    }

    // Tabs the setup holds: their own heading, why, and the way on, all on the screen.
    for (const tab of ['labelsList', 'caseCodeConfig', 'workflow']) {
      const where = `new admin / held ${tab}`;
      await page.goto(`/settings/${tab}`);
      const hold = page.getByRole('status', { name: /is not open yet$/ });
      await expect(hold).toBeVisible();
      await settle(page);
      await expectNoSidewaysScroll(page, where);
      // The admin can lift the hold: its link is there and on the screen (issue 38: an absent link passed).
      const lift = hold.getByRole('link');
      await expect(lift, `${where}: the way on`).toHaveCount(1);
      await expectTappable(page, lift, `${where}: ${await lift.textContent()}`);
      await shot(page, `newAdmin-hold-${tab}`);
    }
  });

  test("a new law firm's branch manager meets the hold that only the admin can lift, without sideways scroll", async ({
    page,
    as,
  }) => {
    await as('newManager');
    await page.goto('/settings/labelsList');
    const hold = page.getByRole('status', { name: /is not open yet$/ });
    await expect(hold).toBeVisible();
    await settle(page);
    await expectNoSidewaysScroll(page, 'new manager / held labelsList');
    await shot(page, 'newManager-hold-labelsList');
  });
});
