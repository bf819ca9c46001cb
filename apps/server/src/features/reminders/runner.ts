import { type Db, inSystemTx, inTenantTx } from '@caseport/db/client';
import type { TenantTypeId } from '@caseport/domain/auth/roles';
import type { GlobalConfigInSchema } from '@caseport/domain/reminders/contracts';
import type { ReminderKey } from '@caseport/domain/reminders/days';
import {
  addDays,
  caseRecipientsFor,
  remindersDueOn,
  reminderTitle,
  timeZoneNameOf,
} from '@caseport/domain/reminders/engine';
import { reminderMail } from '@caseport/domain/reminders/recipients';
import { dayIn } from '@caseport/domain/tenants/tenant-day';
import type { z } from 'zod';
import type { Mailer } from '../../platform/mail';
import { scheduleEvery } from '../../platform/schedule';
import { engineCasesOf } from './case-sources';
import * as repo from './engine-repository';

type StoredConfig = z.output<typeof GlobalConfigInSchema>;

export interface RunOptions {
  /** The instant "today" is read at, in each tenant's time zone. */
  now: Date;
  /** One calendar date for every tenant (the command line's --date); else each tenant's today. */
  date?: string;
  /** Also each tenant's yesterday: a process that was down over midnight catches up (the hourly schedule). */
  catchUp?: boolean;
  /** SMTP delivery; null: the outbox is the only record. */
  mailer?: Mailer | null;
  /** The portal's address, for the e-mails' links (PUBLIC_URL); without it they say to sign in. */
  publicUrl?: string | null;
}

export interface RunResult {
  tenants: number;
  /** Rows this run wrote for a user (0 when the day had run already; e-mail-only and missing rows not counted). */
  written: number;
  emailed: number;
  /**
   * Issue 34: the (reminder, role) pairs due on the run's days that the case has nobody for (no linked account
   * of the role, no staff user of it, a beneficiary without an e-mail). Counted, logged and recorded in the
   * outbox as 'missing' rows (not in `written`), never sent elsewhere.
   */
  noRecipient: number;
}

/**
 * Issue 17: writes the reminders due on a day, for every tenant with a global configuration, to
 * `reminders_outbox`, each tenant in its own scope (RLS) and its own time zone. Idempotent: the unique key and
 * INSERT ... ON CONFLICT DO NOTHING write each reminder once, however often a day runs and however many server
 * processes run it at once; only the rows a run inserted are e-mailed, so nothing is sent twice.
 */
export const runReminders = async (db: Db, options: RunOptions): Promise<RunResult> => {
  // No request scope here: the run walks every tenant, one transaction each, and mails after each commit.
  const tenants = await inSystemTx(db, (tx) => repo.configuredTenants(tx));
  const result: RunResult = { tenants: tenants.length, written: 0, emailed: 0, noRecipient: 0 };
  for (const tenant of tenants) {
    const config = tenant.config as StoredConfig;
    const today = options.date ?? dayIn(options.now, timeZoneNameOf(config.tenantDefaultTZ));
    const days = options.catchUp && !options.date ? [addDays(today, -1), today] : [today];
    const mails = await inTenantTx(db, { tenantId: tenant.tenantId }, async (tx) => {
      const { cases, people } = await engineCasesOf(tx, tenant.tenantId);
      if (!cases.length) return [];
      const staff = await repo.activeUsers(tx, tenant.tenantId);
      const caseNumbers = new Map(cases.map((c) => [c.id, c.caseNumber]));
      const rows: repo.OutboxInsert[] = [];
      for (const day of days)
        for (const r of remindersDueOn(day, cases, config)) {
          const sources = { staff, ...(people.get(r.caseId) ?? { accounts: [], beneficiary: null }) };
          const base = {
            caseId: r.caseId,
            reminderKey: r.key,
            offsetDays: r.offsetDays,
            dueOn: r.dueOn,
            dateKey: r.dateKey,
            anchorOn: r.anchorOn,
          };
          // Issue 34: every recipient is a row, also the undelivered ones (the case's Reminders tab lists them).
          for (const to of caseRecipientsFor(r, sources)) {
            if (to.kind === 'missing') {
              result.noRecipient += 1;
              rows.push({ ...base, ...repo.recipientOf({ missingRole: to.roleId }) });
            } else if (to.kind === 'email') rows.push({ ...base, ...repo.recipientOf({ email: to.email }) });
            else for (const user of to.users) rows.push({ ...base, ...repo.recipientOf({ userId: user.id }) });
          }
        }
      // One user may hold two configured roles of a case (e.g. 50 and 51): one row.
      const unique = [
        ...new Map(
          rows.map((r) => [`${r.caseId}|${r.reminderKey}|${r.offsetDays}|${r.dueOn}|${r.recipientKey}`, r]),
        ).values(),
      ];
      const inserted = await repo.insertOutbox(tx, tenant.tenantId, unique);
      result.written += inserted.filter((r) => r.status === 'user').length;
      if (!options.mailer) return [];
      const accounts = new Map(
        [
          ...staff.map((x) => ({ ...x, party: false })),
          ...[...people.values()].flatMap((p) => p.accounts.map((x) => ({ ...x, party: true }))),
        ].map((x) => [x.id, x]),
      );
      // Issue 35 item 5: the reminder's kind, the case number and the recipient's own name; never the date itself.
      const mailOf = (
        row: { reminderKey: string; caseId: string },
        to: { name: string | null; party: boolean | null },
      ) => {
        const base = options.publicUrl?.replace(/\/$/, '');
        const page =
          to.party === null ? null : to.party ? `/my-cases/${row.caseId}` : `/cases/${row.caseId}?tab=reminders`;
        return reminderMail({
          name: to.name,
          title: reminderTitle(row.reminderKey as ReminderKey, tenant.type as TenantTypeId),
          caseNumber: caseNumbers.get(row.caseId) ?? '',
          link: base && page ? `${base}${page}` : null,
        });
      };
      const out: { outboxId: string | null; mailId: string; to: string; subject: string; text: string }[] = [];
      // Only the rows this run inserted are mailed: the once-only key de-duplicates users and e-mail addresses alike.
      for (const ins of inserted) {
        const account = ins.status === 'user' && ins.userId ? accounts.get(ins.userId) : undefined;
        // An address of the configuration or the beneficiary's own: the beneficiary's name when it is theirs.
        const beneficiary = people.get(ins.caseId)?.beneficiary;
        const to = account?.email ?? (ins.status === 'email' ? ins.email : null);
        if (!to) continue;
        const name = account ? account.name.trim() : beneficiary?.email === to ? beneficiary.name : null;
        const { subject, text } = mailOf(ins, { name, party: account ? account.party : null });
        const mail = await repo.insertMail(tx, tenant.tenantId, { to, subject, body: text });
        if (mail) out.push({ outboxId: ins.id, mailId: mail.id, to, subject, text });
      }
      return out;
    });
    // Sent after the commit: a row exists before its mail goes out, and a failed send stays unsent (no retry
    // storm; the bell still shows it).
    for (const m of mails) {
      try {
        await options.mailer?.send({ to: m.to, subject: m.subject, text: m.text });
      } catch {
        continue;
      }
      const now = new Date();
      await inTenantTx(db, { tenantId: tenant.tenantId }, async (tx) => {
        await repo.markMailSent(tx, tenant.tenantId, m.mailId, now);
        if (m.outboxId) await repo.markEmailed(tx, tenant.tenantId, [m.outboxId], now);
      });
      result.emailed += 1;
    }
  }
  return result;
};

/** The hourly schedule in the server (REMINDERS_SCHEDULE=off turns it off; tests leave it off). */
export const scheduleReminders = (
  db: Db,
  clock: () => Date,
  mailer: Mailer | null,
  publicUrl: string | null,
  log: { error: (o: object, msg: string) => void; info: (o: object, msg: string) => void },
  everyMs = 60 * 60_000,
) =>
  scheduleEvery(
    'reminder',
    async () => {
      const r = await runReminders(db, { now: clock(), catchUp: true, mailer, publicUrl });
      if (r.written || r.noRecipient)
        log.info({ reminders: r.written, emailed: r.emailed, noRecipient: r.noRecipient }, 'reminders written');
    },
    log,
    everyMs,
  );
