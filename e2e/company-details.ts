import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Company Details as a new tenant's administrator fills it in (the profile spec and first-time setup). */

/** A real PNG (solid colour), e.g. a 240x36 logo. */
const png = (width: number, height: number, [r, g, b]: [number, number, number]) => {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3)]);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
export const LOGO = { name: 'firm-logo.png', mimeType: 'image/png', buffer: png(240, 36, [31, 97, 141]) };
export const FAVICON = { name: 'favicon.png', mimeType: 'image/png', buffer: png(32, 32, [31, 97, 141]) };
/** An input by its accessible name (required labels carry a hidden asterisk, so not getByLabel). */
export const field = (scope: Page | Locator, name: string) =>
  scope.getByRole('textbox', { name, exact: true }).or(scope.getByRole('combobox', { name, exact: true }));

export const fileInput = (page: Page, field: string) => page.locator(`[data-field="${field}"] input[type="file"]`);
export const pick = async (page: Page, label: string, option: string, search?: string) => {
  const input = field(page, label);
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** Fills every Company Details field a first save needs. */
export const fillCompanyDetails = async (page: Page, { slug, code }: { slug: string; code: string }) => {
  await field(page, 'First name').fill('Omar');
  await field(page, 'Last name').fill('Okafor');
  await field(page, 'Phone').fill('2015550123');
  await fileInput(page, 'logo').setInputFiles(LOGO);
  await expect(page.getByAltText('Logo preview')).toBeVisible();
  await fileInput(page, 'favicon').setInputFiles(FAVICON);
  await expect(page.getByAltText('Favicon preview')).toBeVisible();
  await page.getByLabel('From Email').fill('noreply@example.com');
  await page.getByLabel('Contact Email').fill('hello@example.com');
  await page.getByLabel('Account Domain').fill(slug);
  await page.getByLabel('Company Short Code').fill(code);
  await field(page, 'Address line 1').fill('500 Congress Avenue');
  await expect(field(page, 'Country')).toHaveValue('United States');
  await pick(page, 'State', 'Texas', 'Texas');
  await pick(page, 'City', 'Austin', 'Austin');
  await field(page, 'Zip code').fill('78701');
  await page.getByRole('radiogroup', { name: 'Is the mailing address the same as above?' }).getByLabel('Yes').check();
};
