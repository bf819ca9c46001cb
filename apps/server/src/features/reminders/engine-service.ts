import type { Executor, Tx } from '@caseport/db/client';
import { Role } from '@caseport/domain/auth/roles';
import { fieldRefParam, REMINDER_DATE_SOURCES } from '@caseport/domain/cases/sources';
import { CASE_DATE_LABELS, type CaseDateKey } from '@caseport/domain/reminders/case-dates';
import {
  CASE_REMINDER_DAYS,
  CASE_REMINDERS_WRITTEN_MAX,
  type CaseReminders,
  defaultGlobalConfig,
  type GlobalConfigInSchema,
} from '@caseport/domain/reminders/contracts';
import { REMINDER_KEY_DEFS, type ReminderKey } from '@caseport/domain/reminders/days';
import {
  addDays,
  type BellItem,
  caseRecipientsFor,
  directionOf,
  type EngineConfig,
  missingRecipientsOf,
  PREVIEW_MAX_ITEMS,
  type Reminder,
  type ReminderPreview,
  type ReminderPreviewBody,
  remindersDueWithin,
  reminderTitle,
  timeZoneNameOf,
} from '@caseport/domain/reminders/engine';
import { SYNTHETIC_PETITIONER } from '@caseport/domain/reminders/recipients';
import { dayIn } from '@caseport/domain/tenants/tenant-day';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext, TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { engineCasesOf } from './case-sources';
import * as engineRepo from './engine-repository';
import * as repo from './repository';

type StoredConfig = z.output<typeof GlobalConfigInSchema>;

/**
 * POST /api/reminders/preview: what the engine would write in the next `days` days, from the form's unsaved
 * values when it sends them (else the saved configuration, else the defaults), for the tenant's cases.
 * Computed by the same functions as the runner; nothing is written.
 */
export const previewReminders = async (
  tx: Executor,
  ctx: TenantContext,
  clock: Clock,
  body: ReminderPreviewBody,
): Promise<ReminderPreview> => {
  const stored = body.config
    ? null
    : (((await repo.findConfig(tx, ctx.tenantId))?.config as StoredConfig | undefined) ??
      defaultGlobalConfig(ctx.tenantType));
  const config: EngineConfig & { tenantDefaultTZ: number } = (body.config ?? stored) as EngineConfig & {
    tenantDefaultTZ: number;
  };
  const timeZone = timeZoneNameOf(config.tenantDefaultTZ);
  const from = dayIn(clock(), timeZone);
  const { cases, people } = await engineCasesOf(tx, ctx.tenantId);
  const numbers = new Map(cases.map((c) => [c.id, c.caseNumber]));
  const due = remindersDueWithin(from, body.days, cases, config);
  const roleName = await roleNamer(tx, due);
  const staff = await engineRepo.activeUsers(tx, ctx.tenantId);
  // Issue 35 item 4: who each role reaches on its case, by the runner's own rule, over every due reminder (the
  // missing summary counts them all; the list shows the first PREVIEW_MAX_ITEMS).
  const withRoles = due.map((r) => ({
    ...r,
    roles: caseRecipientsFor(r, { staff, ...(people.get(r.caseId) ?? { accounts: [], beneficiary: null }) }).map(
      (to) => ({
        roleId: to.roleId,
        roleName: roleName(r.key, to.roleId),
        status: to.kind,
        names: to.kind === 'users' ? to.users.map((u) => u.name.trim()) : to.kind === 'email' ? [to.name] : [],
      }),
    ),
  }));
  return {
    from,
    to: addDays(from, body.days - 1),
    timeZone,
    totalCount: due.length,
    missing: missingRecipientsOf(withRoles),
    list: withRoles.slice(0, PREVIEW_MAX_ITEMS).map((r) => ({
      dueOn: r.dueOn,
      caseId: r.caseId,
      caseNumber: numbers.get(r.caseId) ?? '',
      key: r.key,
      title: reminderTitle(r.key, ctx.tenantType),
      dateKey: r.dateKey,
      dateLabel: CASE_DATE_LABELS[r.dateKey],
      anchorOn: r.anchorOn,
      offsetDays: r.offsetDays,
      direction: directionOf(r.key),
      roles: r.roles,
    })),
  };
};

/** The role names a list of reminders shows (D-15: 51 is 'Petitioner' in the family and employment lists). */
const roleNamer = async (tx: Executor, reminders: readonly Pick<Reminder, 'key' | 'roleIds'>[]) => {
  const roleIds = [...new Set(reminders.flatMap((r) => r.roleIds))];
  const names = new Map((await repo.roleNames(tx, roleIds)).map((x) => [x.id, x.name]));
  return (key: ReminderKey, roleId: number) => {
    const list = REMINDER_KEY_DEFS[key].roles;
    if (roleId === Role.Sponsor && (list === 'family' || list === 'employment')) return SYNTHETIC_PETITIONER.name;
    return names.get(roleId) ?? `Role ${roleId}`;
  };
};

/**
 * POST /api/reminders/case (issue 34 item 4): what falls due for one case in the next 60 days under the saved
 * configuration (else the defaults), and who receives each: the case's linked accounts, the staff of the role,
 * the beneficiary's e-mail, or 'missing'. Computed by the runner's functions; nothing is written.
 */
export const caseReminders = async (
  tx: Executor,
  ctx: TenantContext,
  clock: Clock,
  caseId: string,
): Promise<CaseReminders> => {
  const config = (((await repo.findConfig(tx, ctx.tenantId))?.config as StoredConfig | undefined) ??
    defaultGlobalConfig(ctx.tenantType)) as EngineConfig & { tenantDefaultTZ: number };
  const { cases, people } = await engineCasesOf(tx, ctx.tenantId, caseId);
  const kase = cases[0];
  if (!kase) throw notFound('Case');
  const timeZone = timeZoneNameOf(config.tenantDefaultTZ);
  const from = dayIn(clock(), timeZone);
  const due = remindersDueWithin(from, CASE_REMINDER_DAYS, [kase], config);
  const written = await engineRepo.caseOutbox(tx, ctx.tenantId, kase.id, CASE_REMINDERS_WRITTEN_MAX);
  const roleName = await roleNamer(tx, [
    ...due,
    ...written.flatMap((w) => (w.missingRole ? [{ key: w.key as ReminderKey, roleIds: [w.missingRole] }] : [])),
  ]);
  const sources = {
    staff: await engineRepo.activeUsers(tx, ctx.tenantId),
    ...(people.get(kase.id) ?? { accounts: [], beneficiary: null }),
  };
  return {
    caseId: kase.id,
    caseNumber: kase.caseNumber,
    from,
    to: addDays(from, CASE_REMINDER_DAYS - 1),
    timeZone,
    list: due.map((r) => ({
      key: r.key,
      title: reminderTitle(r.key, ctx.tenantType),
      dateKey: r.dateKey,
      dateLabel: CASE_DATE_LABELS[r.dateKey],
      field: fieldRefParam(REMINDER_DATE_SOURCES[r.dateKey]),
      anchorOn: r.anchorOn,
      offsetDays: r.offsetDays,
      direction: directionOf(r.key),
      dueOn: r.dueOn,
      recipients: caseRecipientsFor(r, sources).map((to) => ({
        roleId: to.roleId,
        roleName: roleName(r.key, to.roleId),
        status: to.kind,
        recipients:
          to.kind === 'users'
            ? to.users.map((u) => ({ userId: u.id, name: u.name.trim(), email: u.email }))
            : to.kind === 'email'
              ? [{ userId: null, name: to.name, email: to.email }]
              : [],
      })),
    })),
    written: written.map((w) => ({
      _id: w.id,
      key: w.key,
      title: reminderTitle(w.key as ReminderKey, ctx.tenantType),
      dateLabel: CASE_DATE_LABELS[w.dateKey as CaseDateKey] ?? w.dateKey,
      anchorOn: w.anchorOn,
      offsetDays: w.offsetDays,
      direction: directionOf(w.key as ReminderKey),
      dueOn: w.dueOn,
      status: w.status,
      roleName: w.missingRole ? roleName(w.key as ReminderKey, w.missingRole) : null,
      recipient:
        w.status === 'user'
          ? { name: (w.userName ?? '').trim(), email: w.userEmail ?? '' }
          : w.status === 'email'
            ? { name: people.get(kase.id)?.beneficiary?.name ?? '', email: w.email ?? '' }
            : null,
      emailed: w.emailedAt !== null,
    })),
  };
};

const BELL_LIMIT = 50;

/** The bell: the signed-in user's unread count (platform roles have no tenant, hence none). */
export const bellCount = async (tx: Executor, ctx: RequestContext) => {
  const tenantId = ctx.tenantId;
  if (!tenantId) return { unread: 0 };
  return { unread: await engineRepo.unreadCount(tx, tenantId, ctx.principal.userId) };
};

export const bellList = async (tx: Executor, ctx: RequestContext) => {
  const tenantId = ctx.tenantId;
  if (!tenantId || !ctx.tenantType) return { list: [], unread: 0 };
  const tenantType = ctx.tenantType;
  const { list: rows, unread } = await engineRepo.userReminders(tx, tenantId, ctx.principal.userId, BELL_LIMIT);
  const list: BellItem[] = rows.map((r) => ({
    _id: r.id,
    caseId: r.caseId,
    caseNumber: r.caseNumber,
    key: r.key,
    title: reminderTitle(r.key as ReminderKey, tenantType),
    dateLabel: CASE_DATE_LABELS[r.dateKey as CaseDateKey] ?? r.dateKey,
    anchorOn: r.anchorOn,
    offsetDays: r.offsetDays,
    direction: directionOf(r.key as ReminderKey),
    dueOn: r.dueOn,
    read: r.readAt !== null,
  }));
  return { list, unread };
};

/** Marks the user's own reminders read (others' ids, or another tenant's, match nothing). */
export const bellMarkRead = async (
  tx: Tx,
  ctx: RequestContext,
  clock: Clock,
  body: { ids?: string[] | undefined; all?: true | undefined },
) => {
  const tenantId = ctx.tenantId;
  if (!tenantId) return { message: 'Nothing to mark', unread: 0 };
  // Another user's reminder, or another tenant's, is not found (SECURITY 2: ids name the caller's records).
  const ids = body.ids ? [...new Set(body.ids)] : null;
  if (ids && (await engineRepo.ownCount(tx, tenantId, ctx.principal.userId, ids)) !== ids.length)
    throw notFound('Reminder');
  const marked = await engineRepo.markRead(tx, tenantId, ctx.principal.userId, body.ids ?? null, clock());
  const unread = await engineRepo.unreadCount(tx, tenantId, ctx.principal.userId);
  if (marked.length)
    await recordAudit(tx, ctx, { entity: 'reminder', action: 'read', after: { ids: marked.map((m) => m.id) } });
  return {
    message: marked.length === 1 ? '1 reminder marked read' : `${marked.length} reminders marked read`,
    unread,
  };
};
