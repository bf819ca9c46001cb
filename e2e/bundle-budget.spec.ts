import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

// ARCHITECTURE "Performance budgets": the initial JavaScript of login + settings shell is at most 200 KB gzip. The
// build measures it (apps/web/build/bundle-report.ts: the entry, the sign-in page and the toast host with every
// chunk they import). The end-to-end run always serves a fresh build, so this holds the build to its budget: a
// module that drags zod or a tab's code into the first download fails the suite instead of printing a line.
test('the initial JavaScript of login + settings shell stays within 200 KB gzip', () => {
  const report = JSON.parse(readFileSync('apps/web/dist/bundle-report.json', 'utf8')) as {
    initialJsGzipBytes: number;
    initialChunks: string[];
  };
  expect(report.initialChunks.length).toBeGreaterThan(0);
  expect(report.initialJsGzipBytes).toBeLessThanOrEqual(200 * 1024);
});
