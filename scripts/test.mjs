// npm test: the whole suite — Biome and tsc, domain unit tests, API tests (PGlite, or PostgreSQL when TEST_DATABASE_URL
// is set), web component tests, then Playwright end-to-end tests in Debian's Chromium.
//
// `npm test -- --database-only` runs only what touches a database (the API tests and the end-to-end tests). CI's
// second pass on PostgreSQL uses it: Biome, tsc, the domain unit tests and the web component tests never open a
// database, so running them a second time on the same commit would only repeat the first pass's answer.
//
// `npm test -- --no-e2e` leaves the Playwright run out. CI's second pass (PostgreSQL) uses it: the end-to-end suite
// runs once, in the first pass; every route the browser reaches is still answered on both engines by the API tests
// (docs/decisions.md "CI time", stop 43). A plain `npm test` runs everything.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root, run } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';

ensureInstalled();
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log('Installing Debian chromium for the end-to-end tests ...');
    run('apt-get', ['update', '-q']);
    run('apt-get', ['install', '-y', '-q', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } else {
    console.error('The end-to-end tests need Debian chromium. Run:  sudo apt-get install -y chromium');
    process.exit(1);
  }
}
const databaseOnly = process.argv.includes('--database-only');
const endToEnd = !process.argv.includes('--no-e2e');
if (!databaseOnly) {
  console.log('\n== format, lint and import boundaries (Biome, scripts/checks/boundaries.mjs), types (tsc) ==');
  run('npx', ['biome', 'ci', '.']);
  run('node', ['scripts/checks/boundaries.mjs']);
  run('node', ['scripts/checks/repository-tenant.mjs']);
  run('npm', ['run', 'typecheck']);
}
ensureBuilt();
mkdirSync(join(root, 'test-results'), { recursive: true });

// Issue 4: the workflow rule engine keeps at least 95 % line coverage. This run is the domain unit tests' only run
// (the next one leaves the domain project out: running them twice repeated the same answer).
if (!databaseOnly) {
  console.log('\n== domain unit tests, and the workflow rule engine coverage (at least 95 % of lines) ==');
  run('npx', [
    'vitest',
    'run',
    '--project=domain',
    '--reporter=dot',
    '--reporter=json',
    '--outputFile.json=test-results/vitest-domain.json',
    '--coverage.enabled',
    '--coverage.provider=v8',
    '--coverage.include=packages/domain/src/workflows/**',
    '--coverage.exclude=**/*.test.ts',
    '--coverage.reporter=text-summary',
    '--coverage.reportsDirectory=test-results/coverage-workflows',
    '--coverage.thresholds.lines=95',
  ]);
}

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`\n== ${databaseOnly ? 'API tests' : 'API and component tests'} (${engine}) ==`);
run('npx', [
  'vitest',
  'run',
  ...(databaseOnly ? ['--project=api'] : ['--project=api', '--project=web']),
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
const report = (name) => JSON.parse(readFileSync(join(root, 'test-results', name), 'utf8'));
if (!databaseOnly) {
  // One vitest report, as before the domain tests ran apart: the domain run's files and counts join it.
  const vitest = report('vitest.json');
  const domain = report('vitest-domain.json');
  for (const [key, value] of Object.entries(domain))
    if (key.startsWith('num') && typeof value === 'number') vitest[key] = (vitest[key] ?? 0) + value;
  vitest.testResults = [...domain.testResults, ...vitest.testResults];
  vitest.success = vitest.success && domain.success;
  writeFileSync(join(root, 'test-results/vitest.json'), JSON.stringify(vitest));
  rmSync(join(root, 'test-results/vitest-domain.json'));
}
if (endToEnd) {
  console.log(`\n== end-to-end tests in Chromium (${engine}) ==`);
  run('npx', ['playwright', 'test']);
} else {
  console.log(`\n== end-to-end tests: left out (--no-e2e) ==`);
}

// One closing line for whoever reads the log.
const vitest = report('vitest.json');
const pw = endToEnd ? report('playwright.json') : {};
const passed = vitest.numPassedTests + (pw.stats?.expected ?? 0);
const failed = vitest.numFailedTests + (pw.stats?.unexpected ?? 0);
console.log(`\n${passed} passed, ${failed} failed`);
