// Issue 40: the boundaries of ARCHITECTURE conventions 10 and 17, and no import circle anywhere.
//
//   server  a file under apps/server/src/features/<a>/ imports nothing under features/<b>/ (b != a);
//           apps/server/src/platform/** imports no feature.
//   web     a file under apps/web/src/features/<a>/ imports no other feature and nothing under apps/web/src/app/;
//           apps/web/src/lib/** and apps/web/src/components/** import no feature and nothing of app/.
//   circles no import circle in apps/*/src, packages/*/src or scripts (test files left out). Static imports,
//           `export … from`, type-only imports and dynamic import() all count: a type-only circle still ties the
//           modules together for whoever reads or moves them.
//
// Biome's noRestrictedImports cannot say "a feature other than mine" nor find circles, hence this script.
// `node scripts/checks/boundaries.mjs` prints one line per violation and each circle's files, and exits 1 on any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const TEST = /\.(test|spec)\.(ts|tsx|mts|js|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build-output', 'coverage', 'test-results', '.git']);
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.d.ts'];

/** Every source file under `dir` (absolute paths), or none when it does not exist. */
function walk(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) out.push(...walk(join(dir, entry.name)));
    } else if (SOURCE.test(entry.name)) out.push(join(dir, entry.name));
  }
  return out;
}

function isFile(path) {
  return existsSync(path) && statSync(path).isFile();
}

/** The file a specifier names, the way tsc (bundler resolution) and Vite find it, or null for a package. */
function resolveSpecifier(root, from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else {
    const alias = /^@caseport\/(domain|db)\/(.+)$/.exec(specifier);
    if (!alias) return null;
    // packages/<name>/package.json exports "./*" -> "./src/*.ts".
    base = join(root, 'packages', alias[1], 'src', alias[2]);
  }
  base = base.split('?')[0];
  const candidates = [base];
  const js = /\.(js|jsx|mjs)$/.exec(base);
  if (js) {
    const stem = base.slice(0, -js[0].length);
    candidates.push(`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`);
  }
  for (const ext of EXTENSIONS) candidates.push(base + ext);
  for (const ext of EXTENSIONS) candidates.push(join(base, `index${ext}`));
  return candidates.find(isFile) ?? null;
}

/** Every module specifier a file names: import, import type, export … from, import(), require(). */
function specifiersOf(file) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** Where a repo-relative path sits in the layout: { app, zone, feature }. */
function placeOf(rel) {
  const parts = rel.split('/');
  if (parts[0] !== 'apps' || parts[2] !== 'src') return null;
  const app = parts[1];
  const zone = parts[3];
  return { app, zone, feature: zone === 'features' ? parts[4] : undefined };
}

/** The rule a single import breaks, or null. */
function ruleBroken(from, to) {
  const a = placeOf(from);
  const b = placeOf(to);
  if (!a || !b || a.app !== b.app) return null;
  if (a.app === 'server') {
    if (a.zone === 'features' && b.zone === 'features' && a.feature !== b.feature)
      return 'server: a feature imports another feature';
    if (a.zone === 'platform' && b.zone === 'features') return 'server: platform imports a feature';
    return null;
  }
  if (a.app === 'web') {
    if (a.zone === 'features') {
      if (b.zone === 'features' && a.feature !== b.feature) return 'web: a feature imports another feature';
      if (b.zone === 'app') return 'web: a feature imports app/';
      return null;
    }
    if (a.zone === 'lib' || a.zone === 'components') {
      if (b.zone === 'features') return `web: ${a.zone}/ imports a feature`;
      if (b.zone === 'app') return `web: ${a.zone}/ imports app/`;
    }
  }
  return null;
}

/** Strongly connected components of more than one file (or a file importing itself), by Tarjan's algorithm. */
function circlesOf(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const connect = (start) => {
    // Iterative, so a deep import chain cannot overflow the call stack.
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const next = [...(graph.get(node) ?? [])];
      if (i < next.length) {
        frame[1]++;
        const to = next[i];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || graph.get(node)?.has(node)) circles.push(component.sort());
      }
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return circles;
}

/**
 * Checks the repository at `root`. Returns { violations: [{ from, to, rule }], circles: [[file, ...]] } with
 * repo-relative paths.
 */
export function checkBoundaries(root) {
  root = resolve(root);
  const rel = (path) => relative(root, path).split(sep).join('/');
  const dirs = ['scripts'];
  for (const group of ['apps', 'packages']) {
    const parent = join(root, group);
    if (!existsSync(parent)) continue;
    for (const name of readdirSync(parent).sort()) dirs.push(`${group}/${name}/src`);
  }
  const files = dirs.flatMap((dir) => walk(join(root, dir)));
  const violations = [];
  const graph = new Map();
  for (const file of files) {
    const from = rel(file);
    const inCircleCheck = !TEST.test(from);
    if (inCircleCheck) graph.set(from, graph.get(from) ?? new Set());
    for (const specifier of specifiersOf(file)) {
      const target = resolveSpecifier(root, file, specifier);
      if (!target) continue;
      const to = rel(target);
      const rule = ruleBroken(from, to);
      if (rule) violations.push({ from, to, rule });
      if (inCircleCheck && !TEST.test(to) && !to.startsWith('..')) graph.get(from).add(to);
    }
  }
  for (const to of [...graph.values()].flatMap((set) => [...set])) if (!graph.has(to)) graph.set(to, new Set());
  return { violations, circles: circlesOf(graph) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const { violations, circles } = checkBoundaries(root);
  for (const v of violations) console.log(`${v.from} -> ${v.to}  (${v.rule})`);
  for (const circle of circles) console.log(`import circle (${circle.length} files): ${circle.join(', ')}`);
  if (violations.length === 0 && circles.length === 0) {
    console.log('boundaries: no cross-feature import, no app/ import from a feature, no import circle');
    process.exit(0);
  }
  const counts = new Map();
  for (const v of violations) counts.set(v.rule, (counts.get(v.rule) ?? 0) + 1);
  if (circles.length > 0) counts.set('import circle', circles.length);
  console.log(
    `\nboundaries: ${[...counts].map(([rule, n]) => `${n} × ${rule}`).join('; ')} (ARCHITECTURE conventions 10, 17)`,
  );
  process.exit(1);
}
