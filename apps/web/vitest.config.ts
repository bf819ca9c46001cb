import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Local runner for the web unit tests; the root vitest config will include the same setup file.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // A find waits up to 5 s (test-setup.ts); under CI the web files share two cores with the API files, and a
    // test that renders a whole page (settings-shell: Company Details) passed 5 s on 29 Nov. The test's limit
    // stays above the find's, so a slow machine fails on what the test looks for, not on the clock.
    testTimeout: 20_000,
  },
});
