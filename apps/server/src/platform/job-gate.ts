/**
 * Issue 39: who may start a document job, and when. `slots` jobs at a time, at most `queueMax` waiting (past that,
 * `acquire` answers false at once). While jobs keep coming, the work takes at most `share` of each slot's time:
 * a job that ran d ms leaves its slot resting d × (1 − share) / share ms before the next job takes it, so on a
 * small machine the request thread and the database keep their core even when one tenant fills letters back to
 * back (a rest is at most `maxRestMs`). A job that finds its slot rested starts at once: a single letter never
 * waits.
 */
export interface JobGate {
  /** True once a slot is the caller's; false when the queue is full (nothing was taken). */
  acquire(): Promise<boolean>;
  /** The slot back, after a job that ran `busyMs`. */
  release(busyMs: number): void;
}

export const jobGate = ({
  slots,
  queueMax,
  share,
  maxRestMs,
  later = (fn, ms) => setTimeout(fn, ms).unref(),
}: {
  slots: number;
  queueMax: number;
  /** (0, 1]: 1 is no rest. */
  share: number;
  /** The longest rest after one job. */
  maxRestMs: number;
  /** setTimeout, the timer not keeping the process alive (tests pass their own). */
  later?: (fn: () => void, ms: number) => void;
}): JobGate => {
  let taken = 0;
  const waiting: (() => void)[] = [];
  const handOver = () => {
    const next = waiting.shift();
    if (next) next();
    else taken--;
  };
  return {
    acquire: async () => {
      if (taken < slots) {
        taken++;
        return true;
      }
      if (waiting.length >= queueMax) return false;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return true;
    },
    release: (busyMs) => {
      const rest = share >= 1 ? 0 : Math.min(maxRestMs, (Math.max(0, busyMs) * (1 - share)) / share);
      if (rest > 0) later(handOver, rest);
      else handOver();
    },
  };
};
