// Bundles the server and the workspace packages it uses into dist/main.js; npm packages stay external.
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

// Issue 39: the document worker's script is its own bundle next to main.js (platform/docx-worker.ts starts it).
await build({
  entryPoints: {
    main: 'src/main.ts',
    'docx-job': 'src/platform/docx-job.ts',
    'pglite-template': '../../packages/db/src/pglite-template-main.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@caseport/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log('server bundle: apps/server/dist/main.js (and dist/docx-job.js, the document worker)');
// Issue 38 finding 11: the empty PGlite cluster a new data directory starts from, made once per PGlite version
// (packages/db/src/pglite-template.ts; a few seconds the first time, nothing after).
execFileSync(process.execPath, ['dist/pglite-template.js'], { stdio: 'inherit' });
