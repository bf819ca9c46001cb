import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite fairness (issue 22): requests served in arrival order.
 *
 * PGlite runs PostgreSQL as WebAssembly on the server's own thread, and its queries answer through promises that
 * resolve at once: a request's whole database work, and every request queued behind PGlite's mutex, runs in one
 * drain of the microtask queue without the event loop ever polling its sockets. Requests that arrived meanwhile
 * wait in the kernel's socket buffers and are read in whatever order epoll hands them over, so under load a few
 * wait several turns (list bench: p50 223 ms, p99 1,044 ms; the plain route showed the same). Measured on a bare
 * node:http server: the time a request spends between its send and the server reading it was the whole of the
 * spread.
 *
 * This queue sits in front of PGlite's single connection: `query` and `transaction` wait their turn in order of
 * call, and the queue yields to the event loop (setImmediate) between two jobs, so the requests that arrived in
 * the meantime are read and take their place in line before the next job starts. PGlite's own mutex still
 * serializes everything; the queue only decides the order.
 */
const QUEUED = Symbol.for('caseport.pglite-queue');
type Queued = <R>(fn: () => Promise<R>) => Promise<R>;

/** Runs `fn` as one job of the client's queue (the read batches of pglite-read.ts call PGlite below `query`). */
export const inTurn = <R>(client: PGlite, fn: () => Promise<R>): Promise<R> => {
  const queued = (client as PGlite & { [QUEUED]?: Queued })[QUEUED];
  return queued ? queued(fn) : fn();
};

export const servedInArrivalOrder = (client: PGlite): PGlite => {
  const marked = client as PGlite & { [QUEUED]?: Queued };
  if (marked[QUEUED]) return client;
  const jobs: (() => Promise<void>)[] = [];
  let running = false;
  const next = () => {
    const job = jobs.shift();
    if (!job) {
      running = false;
      return;
    }
    void job().finally(() => setImmediate(next));
  };
  const queued =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      new Promise<R>((resolve, reject) => {
        jobs.push(() => fn(...args).then(resolve, reject));
        if (!running) {
          running = true;
          next();
        }
      });
  marked[QUEUED] = <R>(fn: () => Promise<R>) => queued(fn)();
  // Own properties over the prototype's methods: PGlite's private state needs `this` to be the instance itself.
  client.query = queued(client.query.bind(client)) as PGlite['query'];
  client.transaction = queued(client.transaction.bind(client)) as PGlite['transaction'];
  return client;
};
