import { type Db, type Executor, inSystemTx, schema, type Tx } from '@caseport/db/client';
import { TOO_MANY_ATTEMPTS } from '@caseport/domain/auth/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { AppError } from './errors';

// SECURITY 8: failed sign-in steps (password, second step, one-time links) counted per account and per IP, shared
// by auth and users; it lives here so neither feature imports the other. System context: it runs before any
// tenant is known.

/** SECURITY 8: 429 after 10 failures per account or per IP within 15 minutes. */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

const countRecentFailures = async (tx: Executor, email: string, ip: string, since: Date) => {
  const [byEmail] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.loginFailures)
    .where(and(eq(schema.loginFailures.email, email), gt(schema.loginFailures.at, since)));
  const [byIp] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.loginFailures)
    .where(and(eq(schema.loginFailures.ip, ip), gt(schema.loginFailures.at, since)));
  return { byEmail: byEmail?.n ?? 0, byIp: byIp?.n ?? 0 };
};

export const recordFailure = (tx: Executor, email: string, ip: string, at: Date) =>
  tx.insert(schema.loginFailures).values({ email, ip, at });

/** Refuses (429) once the account or the IP has 10 failures in the window; otherwise loads the user. */
export const unlessThrottled = <T>(db: Db, email: string, ip: string, since: Date, load: (tx: Tx) => Promise<T>) =>
  inSystemTx(db, async (tx) => {
    const failures = await countRecentFailures(tx, email, ip, since);
    if (failures.byEmail >= MAX_FAILURES || failures.byIp >= MAX_FAILURES) {
      throw new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS);
    }
    return load(tx);
  });
