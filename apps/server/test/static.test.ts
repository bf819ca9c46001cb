import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ROOT } from './support/constants';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let webDist: string;
const script = `console.log(${JSON.stringify('caseport '.repeat(200))});`;
beforeAll(async () => {
  webDist = mkdtempSync(join(TEST_ROOT, 'web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('static web assets (ARCHITECTURE performance budgets)', () => {
  it('serves the pre-compressed brotli or gzip file the browser accepts, cached as immutable', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode, br.body).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers client routes with index.html, revalidated on every visit (D-01 deep links)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/settings/workflow?tab=x' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });
});
