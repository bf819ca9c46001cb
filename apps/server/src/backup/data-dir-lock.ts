import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite does not lock its data directory (ARCHITECTURE pitfalls: one process per data dir), and its own
 * postmaster.pid holds no usable pid. The server, `npm run backup` and `npm run restore` take this lock on the
 * embedded engine's data dir, so a backup refuses while the server runs instead of reading pages the server
 * is writing, and a server refuses to start on a data dir a restore is filling. A lock left by a process that
 * died (kill -9) is taken over: its pid is no longer alive.
 */
export const lockPath = (dataDir: string) => join(dataDir, 'caseport.lock');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export class DataDirBusyError extends Error {}

/** Takes the lock for `what` ('server', 'backup', 'restore'), or throws DataDirBusyError. Returns the release. */
export const lockDataDir = (dataDir: string, what: string): (() => void) => {
  mkdirSync(dataDir, { recursive: true });
  const path = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, JSON.stringify({ pid: process.pid, what, since: new Date().toISOString() }), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let holder: { pid?: number; what?: string } = {};
      try {
        holder = JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        // Half-written by a process that died between create and write: stale.
      }
      if (holder.pid && isAlive(holder.pid)) {
        throw new DataDirBusyError(
          `${dataDir} is in use by a running ${holder.what ?? 'process'} (pid ${holder.pid}); stop it first` +
            ' (the embedded database allows one process at a time)',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirBusyError(`could not lock ${dataDir}`);
};
