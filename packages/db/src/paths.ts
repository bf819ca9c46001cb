import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The packages/db folder, found by walking up from this module. Works both from source and from the
 * bundled server (apps/server/dist), which no longer sits next to the migrations.
 */
export const dbPackageDir = (): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'migrations', 'meta', '_journal.json'))) return dir;
    const nested = join(dir, 'packages', 'db');
    if (existsSync(join(nested, 'migrations', 'meta', '_journal.json'))) return nested;
    dir = dirname(dir);
  }
  throw new Error('packages/db not found');
};

export const migrationsDir = () => join(dbPackageDir(), 'migrations');
export const seedDataDir = () => join(dbPackageDir(), 'src', 'seed', 'data');
