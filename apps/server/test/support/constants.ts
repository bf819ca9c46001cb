import { join } from 'node:path';

/** Password of every seeded account in the test template. */
export const TEST_PASSWORD = 'Test-password-2026';
export const TEST_ROOT = join(process.cwd(), '.test-data');
export const TEMPLATE_DIR = join(TEST_ROOT, 'template');
export const PG_TEMPLATE_DB = 'caseport_test_template';
