import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** Password of every seeded account in the test template. */
export const TEST_PASSWORD = 'Test-password-2026';
export const TEST_ROOT = join(process.cwd(), '.test-data');
export const TEMPLATE_DIR = join(TEST_ROOT, 'template');
/**
 * The PostgreSQL template database, named after this checkout: two checkouts running their API tests on one
 * cluster at the same time would otherwise drop each other's template.
 */
export const PG_TEMPLATE_DB = `caseport_test_template_${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 8)}`;
