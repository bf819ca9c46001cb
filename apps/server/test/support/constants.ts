import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** Password of every seeded account in the test template. */
export const TEST_PASSWORD = 'Test-password-2026';
/**
 * The API tests' scratch data (the template database, each test app's copy, files). The global setup empties it,
 * so two runs at once on one checkout each need their own: TEST_DATA_DIR names another.
 */
export const TEST_ROOT = process.env.TEST_DATA_DIR ?? join(process.cwd(), '.test-data');
export const TEMPLATE_DIR = join(TEST_ROOT, 'template');
/**
 * The PostgreSQL template database, named after this checkout: two checkouts running their API tests on one
 * cluster at the same time would otherwise drop each other's template.
 */
export const PG_TEMPLATE_DB = `caseport_test_template_${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 8)}`;
