import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleReport } from './build/bundle-report';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  plugins: [react(), bundleReport()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: { proxy: { '/api': { target: 'http://127.0.0.1:3000' } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The server serves dist/ with `preCompressed`; asset hashes keep long caching safe.
    assetsInlineLimit: 2048,
    rolldownOptions: {
      treeshake: {
        // packages/domain builds zod schemas at module level next to plain constants (e.g. api/errors.ts).
        // Building a schema has no side effect, so a module that only lends a constant must not drag
        // zod (~22 KB gzip) into the initial bundle; only the login chunk needs it.
        manualPureFunctions: ['z'],
      },
      output: {
        // Vite 8 (Rolldown) replaces Rollup's manualChunks with codeSplitting groups. Only libraries
        // the login page and the shell need on first paint are grouped, so their chunks cache across
        // deploys. Mantine is deliberately not grouped: a group would pull components used only by lazy
        // tab panels into the initial download (budget: ≤ 200 KB gzip, ARCHITECTURE "Performance").
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            { name: 'vendor-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 15 },
          ],
        },
      },
    },
  },
});
