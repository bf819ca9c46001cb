/**
 * Files written while a tenant transaction is open (storeUploads, called by a service inside runInTenant) and
 * discarded when that transaction fails. The rows that name them roll back; the bytes, on disk or in a blob
 * committed on its own, would stay behind with nothing pointing at them (a case document whose row failed after
 * its file was stored). storeUploads registers what it wrote under its transaction; runInTenant discards what was
 * registered under the transaction it ran when that fails. A transaction that commits keeps its files (the entry
 * goes with the transaction object).
 */
interface Discardable {
  discard: () => Promise<void>;
}

const writtenIn = new WeakMap<object, Discardable[]>();

/** Remembers files written inside `tx`, to be discarded if it fails. */
export const writtenDuring = (tx: object, written: Discardable) => {
  const list = writtenIn.get(tx);
  if (list) list.push(written);
  else writtenIn.set(tx, [written]);
};

/** Discards the files written inside a transaction that failed (nothing when none were). */
export const discardWrittenDuring = async (tx: object | undefined) => {
  const list = tx ? writtenIn.get(tx) : undefined;
  if (!tx || !list) return;
  writtenIn.delete(tx);
  // The transaction's own error is the one to answer with; a file that cannot be removed stays, as before.
  await Promise.all(list.map((w) => w.discard().catch(() => undefined)));
};
