import { type Executor, schema, type Tx } from '@caseport/db/client';
import { BELL_UNREAD_SHOWN } from '@caseport/domain/reminders/bell';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { orderedReads } from '../../platform/growing-list';

const k = schema.cases;
const o = schema.remindersOutbox;
const u = schema.users;

/**
 * The tenants with a saved global configuration (the runner's list; read in the system context).
 * @platformScope the hourly run walks every tenant; each one's reminders are then written in its own scope.
 */
export const configuredTenants = (tx: Executor) =>
  tx
    .select({ tenantId: schema.globalConfigs.tenantId, config: schema.globalConfigs.config, type: schema.tenants.type })
    .from(schema.globalConfigs)
    .innerJoin(schema.tenants, eq(schema.tenants.id, schema.globalConfigs.tenantId));

/** The users reminders may go to: active, with a password set (an invitation still pending receives none). */
export const activeUsers = (tx: Executor, tenantId: string) =>
  tx
    .select({ id: u.id, roleId: u.roleId, email: u.email, name: sql<string>`${u.firstName} || ' ' || ${u.lastName}` })
    .from(u)
    .where(and(eq(u.tenantId, tenantId), eq(u.isActive, true), sql`${u.passwordHash} is not null`));

export type OutboxInsert = Omit<typeof o.$inferInsert, 'tenantId'>;

/**
 * Issue 34: who an outbox row is for, with its once-only key (never null: NULLs are distinct in a unique index).
 * A user; the beneficiary at its own e-mail (no account); or nobody of a configured role.
 * @platformScope a pure mapping of the row's recipient columns: it runs no statement
 */
export const recipientOf = (
  to: { userId: string } | { email: string } | { missingRole: number },
): Pick<OutboxInsert, 'status' | 'userId' | 'email' | 'missingRole' | 'recipientKey'> =>
  'userId' in to
    ? { status: 'user', userId: to.userId, recipientKey: to.userId }
    : 'email' in to
      ? { status: 'email', email: to.email, recipientKey: `email:${to.email.trim().toLowerCase()}` }
      : { status: 'missing', missingRole: to.missingRole, recipientKey: `missing:${to.missingRole}` };

/** Writes the rows no earlier run wrote; answers only the rows this call inserted (for delivery). */
export const insertOutbox = async (tx: Tx, tenantId: string, rows: OutboxInsert[]) =>
  rows.length
    ? tx
        .insert(o)
        .values(rows.map((r) => ({ ...r, tenantId })))
        .onConflictDoNothing({ target: [o.tenantId, o.caseId, o.reminderKey, o.offsetDays, o.dueOn, o.recipientKey] })
        .returning({
          id: o.id,
          status: o.status,
          userId: o.userId,
          email: o.email,
          caseId: o.caseId,
          reminderKey: o.reminderKey,
          dateKey: o.dateKey,
          anchorOn: o.anchorOn,
          dueOn: o.dueOn,
        })
    : [];

export const markEmailed = (tx: Tx, tenantId: string, ids: string[], now: Date) =>
  ids.length
    ? tx
        .update(o)
        .set({ emailedAt: now })
        .where(and(eq(o.tenantId, tenantId), inArray(o.id, ids)))
    : Promise.resolve();

/** A reminder's e-mail, kept in the mail outbox before it is sent (sent after the commit). */
export const insertMail = async (tx: Tx, tenantId: string, mail: { to: string; subject: string; body: string }) => {
  const [row] = await tx
    .insert(schema.mailOutbox)
    .values({ tenantId, ...mail })
    .returning({ id: schema.mailOutbox.id });
  return row ?? null;
};

export const markMailSent = (tx: Tx, tenantId: string, mailId: string, now: Date) =>
  tx
    .update(schema.mailOutbox)
    .set({ sentAt: now })
    .where(and(eq(schema.mailOutbox.tenantId, tenantId), eq(schema.mailOutbox.id, mailId)));

/**
 * Issue 37: the bell's statements, each read in order from an index that holds only its rows (migration 0067;
 * ORDERED_READ, as the growing lists: under row-level security the planner cannot tell a user's share of the rows): the unread
 * count stops at BELL_UNREAD_SHOWN + 1; the list is the first `limit` unread and the first `limit` read, newest due
 * day first. A user with years of read reminders pays for the bell's 50, not for every row (list-cost.test.ts).
 */
export const bellQueries = (tx: Executor, tenantId: string, userId: string, limit: number) => {
  const mine = and(eq(o.tenantId, tenantId), eq(o.userId, userId));
  const latest = (read: boolean) =>
    tx
      .select({
        id: o.id,
        caseId: o.caseId,
        caseNumber: k.caseNumber,
        key: o.reminderKey,
        dateKey: o.dateKey,
        anchorOn: o.anchorOn,
        offsetDays: o.offsetDays,
        dueOn: o.dueOn,
        readAt: o.readAt,
      })
      .from(o)
      .innerJoin(k, and(eq(k.tenantId, o.tenantId), eq(k.id, o.caseId)))
      .where(and(mine, read ? isNotNull(o.readAt) : isNull(o.readAt)))
      .orderBy(desc(o.dueOn), desc(o.createdOn), desc(o.id))
      .limit(limit);
  const unread = tx
    .select({ one: sql`1` })
    .from(o)
    .where(and(mine, isNull(o.readAt)))
    .limit(BELL_UNREAD_SHOWN + 1)
    .as('unread');
  return {
    count: tx.select({ n: sql<number>`count(*)::int` }).from(unread),
    unread: latest(false),
    read: latest(true),
  };
};

/** The user's unread reminders, counted up to BELL_UNREAD_SHOWN + 1 (from the unread rows' index). */
export const unreadCount = async (tx: Executor, tenantId: string, userId: string) => {
  const [[row]] = await orderedReads(tx, bellQueries(tx, tenantId, userId, 0).count);
  return row?.n ?? 0;
};

/** A user's latest `limit` reminders, unread first, then by due day, newest first; and the unread count. */
export const userReminders = async (tx: Executor, tenantId: string, userId: string, limit: number) => {
  const q = bellQueries(tx, tenantId, userId, limit);
  const [unread, read, [count]] = await orderedReads(tx, q.unread, q.read, q.count);
  return { list: [...unread, ...read].slice(0, limit), unread: count?.n ?? 0 };
};

export const markRead = (tx: Tx, tenantId: string, userId: string, ids: string[] | null, now: Date) =>
  tx
    .update(o)
    .set({ readAt: now })
    .where(and(eq(o.tenantId, tenantId), eq(o.userId, userId), isNull(o.readAt), ids ? inArray(o.id, ids) : undefined))
    .returning({ id: o.id });

/** How many of these ids are the user's own reminders. */
export const ownCount = async (tx: Executor, tenantId: string, userId: string, ids: string[]) => {
  const [row] = await tx
    .select({ n: count() })
    .from(o)
    .where(and(eq(o.tenantId, tenantId), eq(o.userId, userId), inArray(o.id, ids)));
  return row?.n ?? 0;
};

/** Issue 34: what the engine wrote for one case, newest due day first (the case's Reminders tab history). */
export const caseOutbox = (tx: Executor, tenantId: string, caseId: string, limit: number) =>
  tx
    .select({
      id: o.id,
      key: o.reminderKey,
      dateKey: o.dateKey,
      anchorOn: o.anchorOn,
      offsetDays: o.offsetDays,
      dueOn: o.dueOn,
      status: o.status,
      missingRole: o.missingRole,
      email: o.email,
      userId: o.userId,
      userName: sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`,
      userEmail: u.email,
      emailedAt: o.emailedAt,
    })
    .from(o)
    .leftJoin(u, and(eq(u.tenantId, o.tenantId), eq(u.id, o.userId)))
    .where(and(eq(o.tenantId, tenantId), eq(o.caseId, caseId)))
    .orderBy(desc(o.dueOn), o.reminderKey, o.recipientKey)
    .limit(limit);
