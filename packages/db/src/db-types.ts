import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema/index';

// The driver-neutral handles, apart from client.ts so the batched readers (pglite-read.ts, read-batch.ts) that
// client.ts opens can name them without importing client.ts back (issue 40: no import circle).

export type Schema = typeof schema;
/** One type for both drivers: the PGlite driver has the same query-builder surface. */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
