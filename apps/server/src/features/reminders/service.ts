import type { Executor, Tx } from '@caseport/db/client';
import { Role } from '@caseport/domain/auth/roles';
import {
  defaultGlobalConfig,
  type GlobalConfig,
  type GlobalConfigDetails,
  type GlobalConfigInSchema,
  type GlobalConfigSaveBodySchema,
  globalConfigProblems,
  reassignRolesOrDefault,
  seasonYearsOffered,
  validCommuEmails,
} from '@caseport/domain/reminders/contracts';
import { REMINDER_KEY_DEFS, REMINDER_KEYS, type ReminderKey } from '@caseport/domain/reminders/days';
import { SYNTHETIC_PETITIONER } from '@caseport/domain/reminders/recipients';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { TenantContext } from '../../platform/context';
import { fieldErrors, notFound } from '../../platform/errors';
import * as repo from './repository';

/**
 * The configuration as stored in global_configs: every §3.1 field but `mfaRequired`, which is the tenant's
 * two-factor rule (tenants.mfa_required, with the roles picked on User Roles): one setting, not two.
 */
type StoredConfig = Omit<z.output<typeof GlobalConfigInSchema>, 'mfaRequired'>;
type SaveBody = z.output<typeof GlobalConfigSaveBodySchema>;

const ENTITY = 'global_config';
/** The 400 of roles 1/2 naming no tenant (routes.ts: tenantTargetOf). */
export const TENANT_REQUIRED = 'Customer is required';

/** R-REM-066/068/077: the stored ids answered with their names (role 51 is 'Petitioner' in D-15's lists). */
const view = async (tx: Executor, stored: StoredConfig, mfaRequired: boolean): Promise<GlobalConfig> => {
  const r = stored.reminders;
  const roleIds = REMINDER_KEYS.flatMap(
    (k) => (r[k] as { whoWillSendReminder?: number[] } | undefined)?.whoWillSendReminder ?? [],
  );
  const roles = new Map((await repo.roleNames(tx, [...new Set(roleIds)])).map((x) => [x.id, x.name]));
  const statuses = r.globalStatus ?? [];
  const countries = new Map(
    (await repo.countryNames(tx, [...new Set(statuses.map((s) => s.countryId))])).map((x) => [x.id, x.name]),
  );
  const reminders: Record<string, unknown> = {};
  for (const key of REMINDER_KEYS) {
    const b = r[key] as { whoWillSendReminder?: number[]; config: { days: number }[] } | undefined;
    if (!b) continue;
    const list = REMINDER_KEY_DEFS[key as ReminderKey].roles;
    reminders[key] =
      key === 'i140'
        ? { config: b.config }
        : {
            config: b.config,
            whoWillSendReminder: (b.whoWillSendReminder ?? []).map((roleId) => ({
              roleId,
              roleName:
                roleId === Role.Sponsor && (list === 'family' || list === 'employment')
                  ? SYNTHETIC_PETITIONER.name
                  : (roles.get(roleId) ?? `Role ${roleId}`),
            })),
          };
  }
  return {
    ...stored,
    mfaRequired,
    capSeasonConfig: stored.capSeasonConfig ?? [],
    whoWillReassignCase: reassignRolesOrDefault(stored.whoWillReassignCase),
    reminders: {
      ...reminders,
      globalStatus: statuses.map((s) => ({
        countryId: s.countryId,
        countryDetails: { id: s.countryId, name: countries.get(s.countryId) ?? '' },
        config: s.config,
      })),
    } as GlobalConfig['reminders'],
  };
};

/** R-REM-075: global-config/details; a tenant without a record gets the spec's defaults and `_id` null. */
export const globalConfigDetails = async (tx: Executor, ctx: TenantContext): Promise<GlobalConfigDetails> => {
  const row = await repo.findConfig(tx, ctx.tenantId);
  const stored = (row?.config as StoredConfig | undefined) ?? defaultGlobalConfig(ctx.tenantType);
  const commuEmails = row?.commuEmails ?? '';
  const mfaRequired = await repo.tenantMfaRequired(tx, ctx.tenantId);
  return { _id: row?.id ?? null, config: { ...(await view(tx, stored, mfaRequired)), commuEmails }, commuEmails };
};

/**
 * R-REM-029: create when the tenant has none, else update; every rule of the form re-checked first
 * (R-REM-033..041, R-REM-056, §6) and the body refused whole on any failure: nothing is written.
 */
export const saveGlobalConfig = async (
  tx: Tx,
  ctx: TenantContext,
  clock: Clock,
  mode: 'create' | 'update',
  body: SaveBody,
) => {
  const problems = globalConfigProblems(body.config, ctx.tenantType, ctx.principal.roleId);
  if (problems.length) throw fieldErrors(problems);
  const { commuEmails, mfaRequired, ...fields } = body.config;
  const before = await repo.findConfig(tx, ctx.tenantId);
  // A create that meets a record (two admins saving their first configuration at once) updates it: the
  // tenant has one configuration, and the later save wins as an update would (docs/decisions.md).
  if (mode === 'update' && !before) throw notFound('Global configuration');
  const previous = before?.config as StoredConfig | undefined;
  const mfaBefore = await repo.tenantMfaRequired(tx, ctx.tenantId);
  const config: StoredConfig = {
    ...fields,
    commuEmails: validCommuEmails(commuEmails),
    whoWillReassignCase: reassignRolesOrDefault(fields.whoWillReassignCase),
    // R-REM-056: only role 1 sets cap seasons; another role's save keeps the stored ones.
    ...(ctx.principal.roleId === Role.SuperAdmin
      ? { capSeasonConfig: fields.capSeasonConfig ?? previous?.capSeasonConfig ?? [] }
      : { capSeasonConfig: previous?.capSeasonConfig ?? [] }),
  };
  const values = { config, commuEmails: config.commuEmails };
  const now = clock();
  if (mfaRequired !== mfaBefore) await repo.setTenantMfaRequired(tx, ctx.tenantId, mfaRequired, now);
  const row = before
    ? await repo.updateConfig(tx, ctx.tenantId, values, now)
    : ((await repo.insertConfig(tx, ctx.tenantId, { ...values, createdBy: ctx.principal.userId }, now)) ??
      (await repo.updateConfig(tx, ctx.tenantId, values, now)));
  if (!row) throw notFound('Global configuration');
  await recordAudit(tx, ctx, {
    entity: ENTITY,
    entityId: row.id,
    action: before ? 'update' : 'create',
    before: previous && { ...previous, mfaRequired: mfaBefore },
    after: { ...config, mfaRequired },
  });
  return {
    message:
      mode === 'create' ? 'Global configuration saved successfully' : 'Global configuration updated successfully',
  };
};

/** R-REM-070, D-22: the season years offered, 2023-2123 minus the tenant's configured ones. */
export const seasonYearList = async (tx: Executor, ctx: TenantContext) => {
  const row = await repo.findConfig(tx, ctx.tenantId);
  const seasons = (row?.config as StoredConfig | undefined)?.capSeasonConfig ?? [];
  return { list: seasonYearsOffered(seasons.map((s) => s.seasonYear)) };
};
