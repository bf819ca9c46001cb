import { type Db, type Executor, inSystemTx, schema, type Tx } from '@caseport/db/client';
import { SIGN_IN_SLOWED, TOO_MANY_ATTEMPTS } from '@caseport/domain/auth/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { AppError } from './errors';

// Failed sign-in steps (password, current password, one-time links) counted per address and per account,
// shared by auth and users; it lives here so neither feature imports the other. System context: it runs
// before any tenant is known. Second-step codes are counted apart (features/auth/mfa.ts, issue 39).
//
// Issue 39 (finding 9; NIST SP 800-63B-4 §3.2.2): no lock an attacker can put on someone else's account.
// - Per address: ADDRESS_LIMIT failures in ADDRESS_WINDOW_MS, whichever accounts they named → 429 from that
//   address (SECURITY 8). One stranger's address is held, not the account.
// - Per account, over every address: the first ACCOUNT_FREE_FAILURES failures in ACCOUNT_WINDOW_MS cost
//   nothing more; from then on an attempt from an address the account has not signed in from (in
//   USUAL_ADDRESS_MS) must come at least `accountDelayMs(n)` after the account's last failure (30 s, doubling,
//   at most an hour) → else 429. The owner at a usual address is not slowed; the owner is e-mailed when the
//   account reaches ACCOUNT_FREE_FAILURES (the caller sends it: it knows the user).
// A right password clears only that address's failures for the account: strangers' failures keep counting.

const lf = schema.loginFailures;
const usual = schema.signInAddresses;

export const ADDRESS_LIMIT = 10;
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const ACCOUNT_DELAY_BASE_MS = 30 * 1000;
export const ACCOUNT_DELAY_CAP_MS = 60 * 60 * 1000;
export const USUAL_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000;

/** The wait after the account's last failure once it has `failures` (≥ ACCOUNT_FREE_FAILURES) in the window. */
export const accountDelayMs = (failures: number) =>
  Math.min(ACCOUNT_DELAY_BASE_MS * 2 ** Math.max(0, failures - ACCOUNT_FREE_FAILURES), ACCOUNT_DELAY_CAP_MS);

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

const failuresOfAddress = async (tx: Executor, ip: string, now: Date) => {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(lf)
    .where(and(eq(lf.ip, ip), gt(lf.at, before(now, ADDRESS_WINDOW_MS))));
  return row?.n ?? 0;
};

const failuresOfAccount = async (tx: Executor, email: string, now: Date) => {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`, last: sql<Date | null>`max(${lf.at})`.mapWith(lf.at) })
    .from(lf)
    .where(and(eq(lf.email, email), gt(lf.at, before(now, ACCOUNT_WINDOW_MS))));
  return { n: row?.n ?? 0, last: row?.last ?? null };
};

const isUsualAddress = async (tx: Executor, email: string, ip: string, now: Date) => {
  const [row] = await tx
    .select({ ip: usual.ip })
    .from(usual)
    .where(and(eq(usual.email, email), eq(usual.ip, ip), gt(usual.lastAt, before(now, USUAL_ADDRESS_MS))));
  return !!row;
};

/** Records a failure; answers the account's failures in its window, this one included. */
export const recordFailure = async (tx: Executor, email: string, ip: string, at: Date) => {
  await tx.insert(lf).values({ email, ip, at });
  return (await failuresOfAccount(tx, email, at)).n;
};

/** The failure that brings the account to this count is the one its owner is told about. */
export const isNoticeDue = (failures: number) => failures === ACCOUNT_FREE_FAILURES;

/**
 * The password step passed from this address: it becomes (or stays) one of the account's usual addresses and
 * its own failures for the account are cleared; rows past every window are swept.
 */
export const signedInFrom = async (tx: Executor, email: string, ip: string, now: Date) => {
  await tx
    .insert(usual)
    .values({ email, ip, lastAt: now })
    .onConflictDoUpdate({ target: [usual.email, usual.ip], set: { lastAt: now } });
  await tx.delete(lf).where(and(eq(lf.email, email), eq(lf.ip, ip)));
  await tx.delete(lf).where(lt(lf.at, before(now, ACCOUNT_WINDOW_MS)));
};

/**
 * Refuses (429) an address past its limit, or (with `account`, the default) an attempt on a slowed account from
 * an address it does not use; otherwise loads the user. One-time link pages count per address only.
 */
export const unlessThrottled = <T>(
  db: Db,
  email: string,
  ip: string,
  now: Date,
  load: (tx: Tx) => Promise<T>,
  { account = true }: { account?: boolean } = {},
) =>
  inSystemTx(db, async (tx) => {
    if ((await failuresOfAddress(tx, ip, now)) >= ADDRESS_LIMIT) throw new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS);
    if (account) {
      const { n, last } = await failuresOfAccount(tx, email, now);
      if (
        n >= ACCOUNT_FREE_FAILURES &&
        last &&
        now.getTime() < last.getTime() + accountDelayMs(n) &&
        !(await isUsualAddress(tx, email, ip, now))
      )
        throw new AppError('RATE_LIMITED', SIGN_IN_SLOWED);
    }
    return load(tx);
  });
