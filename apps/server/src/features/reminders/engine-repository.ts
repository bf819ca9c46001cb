import { type Executor, schema, type Tx } from '@caseport/db/client';
import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';

const k = schema.cases;
const pt = schema.petitionTypes;
const o = schema.remindersOutbox;
const u = schema.users;

/** The tenants with a saved global configuration (the runner's list; read in the system context). */
export const configuredTenants = (tx: Executor) =>
  tx
    .select({ tenantId: schema.globalConfigs.tenantId, config: schema.globalConfigs.config, type: schema.tenants.type })
    .from(schema.globalConfigs)
    .innerJoin(schema.tenants, eq(schema.tenants.id, schema.globalConfigs.tenantId));

/** The tenant's cases that carry at least one date, with their case type's code. */
export const casesWithDates = (tx: Executor, tenantId: string) =>
  tx
    .select({ id: k.id, caseNumber: k.caseNumber, typeCode: pt.code, dates: k.dates })
    .from(k)
    .innerJoin(pt, eq(pt.id, k.typeId))
    .where(and(eq(k.tenantId, tenantId), ne(k.dates, sql`'{}'::jsonb`)));

/** The users reminders may go to: active, with a password set (an invitation still pending receives none). */
export const activeUsers = (tx: Executor, tenantId: string) =>
  tx
    .select({ id: u.id, roleId: u.roleId, email: u.email })
    .from(u)
    .where(and(eq(u.tenantId, tenantId), eq(u.isActive, true), sql`${u.passwordHash} is not null`));

export type OutboxInsert = typeof o.$inferInsert;

/** Writes the rows no earlier run wrote; answers only the rows this call inserted (for delivery). */
export const insertOutbox = async (tx: Tx, rows: OutboxInsert[]) =>
  rows.length
    ? tx
        .insert(o)
        .values(rows)
        .onConflictDoNothing({ target: [o.tenantId, o.caseId, o.reminderKey, o.offsetDays, o.dueOn, o.userId] })
        .returning({ id: o.id, userId: o.userId, caseId: o.caseId, reminderKey: o.reminderKey, dueOn: o.dueOn })
    : [];

export const markEmailed = (tx: Tx, ids: string[], now: Date) =>
  ids.length ? tx.update(o).set({ emailedAt: now }).where(inArray(o.id, ids)) : Promise.resolve();

export const unreadCount = async (tx: Executor, tenantId: string, userId: string) => {
  const [row] = await tx
    .select({ n: count() })
    .from(o)
    .where(and(eq(o.tenantId, tenantId), eq(o.userId, userId), isNull(o.readAt)));
  return row?.n ?? 0;
};

/** A user's latest reminders, unread first. */
export const userReminders = (tx: Executor, tenantId: string, userId: string, limit: number) =>
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
    .where(and(eq(o.tenantId, tenantId), eq(o.userId, userId)))
    .orderBy(sql`${o.readAt} is not null`, desc(o.dueOn), desc(o.createdOn), o.id)
    .limit(limit);

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
