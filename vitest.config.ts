import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files first (seconds of one file on PGlite, measured 29 Nov on a quiet machine), then vitest's own
 * order. On a fresh clone vitest has no timings and starts the biggest files first: fuzz-outside (300 s, a small
 * file) started last and ran alone for minutes at the end. Longest first keeps both workers busy to the end.
 */
const LONGEST: Record<string, number> = {
  'apps/server/test/fuzz-outside.test.ts': 300,
  'apps/server/test/fuzz-isolation.test.ts': 160,
  'apps/web/src/features/workflows/workflows-page.test.tsx': 130,
  'apps/web/src/features/reminders/reminders-page.test.tsx': 90,
  'apps/server/test/fuzz-malformed.test.ts': 70,
  'apps/server/test/audit-every-mutation.test.ts': 60,
  'apps/server/test/nested-ids.test.ts': 40,
  'apps/server/test/letters.test.ts': 30,
  'apps/web/src/features/workflows/workflow-list.test.tsx': 30,
  'apps/web/src/app/settings-shell.test.tsx': 27,
};
const ROOT = fileURLToPath(new URL('.', import.meta.url));
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const weight = (f: TestSpecification) => LONGEST[relative(ROOT, f.moduleId)] ?? 0;
    // A stable sort: files of equal weight keep vitest's order.
    return (await super.sort(files)).sort((a, b) => weight(b) - weight(a));
  }
}

export default defineConfig({
  test: {
    // Each API test file holds a WASM Postgres: two workers fit the 2-core machine.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    // Reporters and report files come from the command line (scripts/test.mjs): a json reporter with its own
    // outputFile here would win over the command line's under CI and make two runs write one file.
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts', 'scripts/checks/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // Every answer of the API tests also goes through zod's serializer and must match the compiled one
          // (apps/server/src/platform/response-serializer.ts). Every select kept per query shape is built again
          // and must give the kept SQL text (apps/server/src/platform/list.ts, QueryShapes).
          env: { SERIALIZER_CHECK: '1', SHAPE_CHECK: '1' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The web project keeps its own config (React plugin, jsdom, Mantine stubs).
      'apps/web/vitest.config.ts',
    ],
  },
});
