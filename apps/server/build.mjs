// Bundles the server and the workspace packages it uses into dist/main.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
console.log('server bundle: apps/server/dist/main.js');
