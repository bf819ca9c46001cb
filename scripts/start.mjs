// npm start: install if needed, build if needed, migrate + seed (inside the server), serve on PORT (3000).
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, root, SERVER_NODE_ARGS } from './lib.mjs';

ensureInstalled();
ensureBuilt();
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
