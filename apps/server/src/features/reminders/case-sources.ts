import type { Executor } from '@caseport/db/client';
import { reminderDatesOf } from '@caseport/domain/cases/sources';
import { personFullName } from '@caseport/domain/people/contracts';
import type { CaseRecipientSources, EngineCase, RecipientUser } from '@caseport/domain/reminders/engine';
import { caseRecipientsOf, caseReminderSources } from '../../platform/case-view';

export interface CasePeople {
  accounts: RecipientUser[];
  beneficiary: CaseRecipientSources['beneficiary'];
}

/**
 * Issue 34: the cases the engine counts from, their dates read from the beneficiary's own record and the case's
 * facts (reminderDatesOf, not the retired cases.dates), and each case's people for its recipients.
 */
export const engineCasesOf = async (tx: Executor, tenantId: string, caseId?: string) => {
  const rows = await caseReminderSources(tx, tenantId, caseId);
  const cases: EngineCase[] = [];
  const people = new Map<string, CasePeople>();
  for (const r of rows) {
    const beneficiary = r.beneficiaryId
      ? {
          givenName: r.givenName ?? '',
          familyName: r.familyName ?? '',
          passportExpiry: r.passportExpiry,
          i94Expiry: r.i94Expiry,
          statusExpiry: r.statusExpiry,
        }
      : null;
    const dates = reminderDatesOf({ beneficiary, facts: (r.facts ?? {}) as Record<string, unknown> });
    if (!caseId && !Object.keys(dates).length) continue;
    cases.push({ id: r.id, caseNumber: r.caseNumber, typeCode: r.typeCode, dates });
    people.set(r.id, {
      accounts: [],
      beneficiary: beneficiary ? { name: personFullName(beneficiary) ?? '', email: r.email ?? null } : null,
    });
  }
  for (const a of await caseRecipientsOf(
    tx,
    tenantId,
    cases.map((c) => c.id),
  ))
    people.get(a.caseId)?.accounts.push({ id: a.id, roleId: a.roleId, email: a.email, name: a.name.trim() });
  return { cases, people };
};
