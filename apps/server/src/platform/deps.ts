import type { Db } from '@caseport/db/client';
import type { Clock } from './clock';
import type { FileStorage } from './file-storage';

/** What every feature plugin receives. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}
