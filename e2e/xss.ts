import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Every corpus vector calls xss() (or alert()): this records a call instead of running anything else. */
export const installXssProbe = async (page: Page) => {
  await page.addInitScript(() => {
    const w = globalThis as unknown as { xss: () => void; __xssFired?: boolean; alert: () => void };
    w.xss = () => {
      w.__xssFired = true;
    };
    w.alert = w.xss;
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
};

/** SECURITY 14 "rendered inert": nothing ran, no dialog opened, and the rendered rich text holds only the
 *  toolbar's tags without a single attribute. */
export const expectInertRichText = async (page: Page, scope: Locator, dialogs: string[]) => {
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => (globalThis as unknown as { __xssFired?: boolean }).__xssFired ?? false)).toBe(
    false,
  );
  expect(dialogs).toEqual([]);
  const offenders = await scope
    .locator('.rich-text-view *')
    .evaluateAll((els) =>
      els
        .filter((e) => !['P', 'BR', 'STRONG', 'EM', 'OL', 'UL', 'LI'].includes(e.tagName) || e.attributes.length > 0)
        .map((e) => e.outerHTML),
    );
  expect(offenders).toEqual([]);
};
