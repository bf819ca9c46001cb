import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each API test file holds a WASM Postgres: two workers fit the 2-core machine.
    maxWorkers: 2,
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
