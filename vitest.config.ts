import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite copies are cheap but each holds a WASM Postgres: keep memory bounded on 2 cores.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
        },
      },
    ],
  },
});
