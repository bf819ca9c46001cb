// The server build's last step (apps/server/build.mjs runs the bundled dist/pglite-template.js): the cluster
// template of the installed PGlite, made once (pglite-template.ts, issue 38 finding 11).
import { makePgliteTemplate } from './pglite-template';

const started = performance.now();
const { path, made } = await makePgliteTemplate();
console.log(
  made
    ? `PGlite cluster template: ${path} (${Math.round(performance.now() - started)} ms)`
    : `PGlite cluster template: ${path} (already made)`,
);
