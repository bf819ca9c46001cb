import type { TenantTypeId } from '@caseport/domain/auth/roles';
import { type GlobalConfig, type GlobalConfigSaveBody, validCommuEmails } from '@caseport/domain/reminders/contracts';
import {
  type DayOrder,
  dayListProblems,
  GLOBAL_STATUS_ORDER,
  REMINDER_KEY_DEFS,
  REMINDER_KEYS,
  type ReminderKey,
} from '@caseport/domain/reminders/days';

/** A block as the form edits it: role ids and days (null while an entry is empty or was cleared). */
export interface BlockState {
  roles: number[];
  days: (number | null)[];
}
export interface StatusState {
  countryId: number;
  name: string;
  days: (number | null)[];
}
export type GeneralFields = Omit<GlobalConfig, 'reminders' | 'capSeasonConfig'>;
export interface FormState {
  general: GeneralFields;
  blocks: Record<ReminderKey, BlockState>;
  statuses: StatusState[];
  seasons: { seasonYear: string; effectiveDate: string }[];
}

/** The details record as the form holds it. */
export const toFormState = (config: GlobalConfig): FormState => {
  const { reminders, capSeasonConfig, ...general } = config;
  const blocks = Object.fromEntries(
    REMINDER_KEYS.map((key) => {
      const b = reminders[key] as
        | { whoWillSendReminder?: { roleId: number }[]; config: { days: number }[] }
        | undefined;
      return [
        key,
        {
          roles: b?.whoWillSendReminder?.map((r) => r.roleId) ?? [],
          days: b?.config.length ? b.config.map((c) => c.days) : [null],
        },
      ];
    }),
  ) as Record<ReminderKey, BlockState>;
  return {
    general,
    blocks,
    statuses: reminders.globalStatus.map((s) => ({
      countryId: s.countryId,
      name: s.countryDetails.name,
      days: s.config.map((c) => c.days),
    })),
    seasons: capSeasonConfig,
  };
};

const entries = (days: (number | null)[]) => days.filter((d): d is number => d !== null).map((d) => ({ days: d }));

/**
 * R-REM-043/044/076..079: the body of create/update: ids for couriers, roles and the time zone, the season
 * year as its name, commuEmails reduced to valid e-mails, rfeCaseDeadlineDays an integer; capSeasonConfig
 * only from role 1 (R-REM-056). A block with no day entered is left out.
 */
export const toSaveBody = (state: FormState, isSuperAdmin: boolean, tenantId: string | null): GlobalConfigSaveBody => {
  const reminders: Record<string, unknown> = {};
  for (const key of REMINDER_KEYS) {
    const b = state.blocks[key];
    const config = entries(b.days);
    if (!config.length) continue;
    reminders[key] = key === 'i140' ? { config } : { whoWillSendReminder: b.roles, config };
  }
  reminders.globalStatus = state.statuses
    .map((s) => ({ countryId: s.countryId, config: entries(s.days) }))
    .filter((s) => s.config.length);
  const rfe = state.general.rfeCaseDeadlineDays;
  return {
    ...(isSuperAdmin && tenantId ? { tenantId } : {}),
    config: {
      ...state.general,
      commuEmails: validCommuEmails(state.general.commuEmails),
      rfeCaseDeadlineDays: rfe === null || rfe === undefined ? null : Math.trunc(Number(rfe)),
      reminders: reminders as GlobalConfigSaveBody['config']['reminders'],
      ...(isSuperAdmin ? { capSeasonConfig: state.seasons } : {}),
    },
  };
};

export const orderOf = (key: ReminderKey | 'globalStatus'): DayOrder =>
  key === 'globalStatus' ? GLOBAL_STATUS_ORDER : REMINDER_KEY_DEFS[key].order;

/** R-REM-045: every shown list's problems, keyed `block.index`; saving waits until there are none. */
export const formProblems = (state: FormState, shownKeys: readonly ReminderKey[]): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const key of shownKeys) {
    const days = state.blocks[key].days;
    if (days.length === 1 && days[0] === null) continue; // an untouched block is not configured
    dayListProblems(orderOf(key), days).forEach((p, i) => {
      if (p) out[`${key}.${i}`] = p;
    });
  }
  state.statuses.forEach((s, si) => {
    dayListProblems(GLOBAL_STATUS_ORDER, s.days).forEach((p, i) => {
      if (p) out[`globalStatus.${si}.${i}`] = p;
    });
  });
  return out;
};

export type { TenantTypeId };
