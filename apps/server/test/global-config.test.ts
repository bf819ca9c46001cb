import { defaultGlobalConfig } from '@caseport/domain/reminders/contracts';
import { DAY_MESSAGES, REMINDER_KEY_DEFS, REMINDER_KEYS } from '@caseport/domain/reminders/days';
import { reminderRecipientRoleIds } from '@caseport/domain/reminders/recipients';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { type Caller, createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let coAdmin: Caller;
let otherAdmin: Caller;
let platformAdmin: Caller;

type Json = Record<string, unknown>;
const details = (c: Caller, body: Json = {}) => c.post('/api/global-config/details', body);
const save = (c: Caller, route: 'create' | 'update', config: Json, more: Json = {}) =>
  c.post(`/api/global-config/${route}`, { config, ...more });

/** The saved record of a tenant and the audit row count: what "nothing changed" compares. */
const snapshot = async (tenantId: string) => {
  const row = await t.database.db.execute<{ config: unknown; commu_emails: string; updated_on: unknown }>(
    sql`select config, commu_emails, updated_on from global_configs where tenant_id = ${tenantId}`,
  );
  const audit = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`);
  return { rows: row.rows.map((r) => JSON.stringify(r)), audit: audit.rows[0]?.n };
};

const lawDefaults = () => structuredClone(defaultGlobalConfig(1)) as unknown as Json & { reminders: Json };

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, lawManager, coAdmin, otherAdmin, platformAdmin] = await signIn(
    t,
    'lawAdmin',
    'lawManager',
    'coAdmin',
    'otherAdmin',
    'platformAdmin',
  );
});
afterAll(() => t.close());

describe('global-config/details', () => {
  it('R-REM-065: R-REM-075: answers _id, config and commuEmails; a tenant without a record gets _id null and the defaults', async () => {
    const seeded = (await details(lawAdmin)).json();
    expect(Object.keys(seeded).sort()).toEqual(['_id', 'commuEmails', 'config']);
    expect(typeof seeded._id).toBe('string');
    const none = await details(otherAdmin);
    expect(none.statusCode).toBe(200);
    expect(none.json()._id).toBeNull();
  });

  it('R-REM-057: R-REM-058: R-REM-059: R-REM-060: R-REM-061: R-REM-031: the config carries every §3.1 field with the spec defaults', async () => {
    const { config } = (await details(otherAdmin)).json();
    for (const field of [
      'mfaRequired',
      'mfaConfig',
      'currentSeasonYear',
      'manageCapRegistrations',
      'remindPtnrInfoUpdateDays',
      'ptnrBriefDays',
      'benfSubQuestBriefDays',
      'allowCustonCaseNo',
      'showCaseDeadLineDateforPetitioner',
      'prefillCountryInQuestionnaire',
      'usePtnrAddrAsMailingAddrInUSCISForms',
      'acceptCompayDocsForPtnr',
      'isAllowExternalCases',
      'requiredPinForQuesSubmit',
      'petiApprovReqPWDDoc',
      'procefilPERMCoolNotMet',
      'isPtnrActAsUSCISFormsPreparer',
      'allowToAddLCALayers',
      'addressEntityIOrHomeForLCA',
      'multipleJobDutiesForLCA',
      'multiEduDetailsForLCA',
      'defaultCourierIds',
      'filingFeeCategoryType',
      'ptnrAttorneySignByInternal',
      'preSOCCodeMandatoryLCA',
      'yearsOfExpRequiredForLCA',
      'taskApprovalRequired',
      'commuEmails',
      'caseDeadlineDays',
      'rfeCaseDeadlineDays',
      'priorI94DeadlineDays',
      'advCoolingPeriod',
      'advMinDuration',
      'priorFormsEffectiveDays',
      'tenantDefaultTZ',
      'requiredQBForInvoice',
      'permFileDaysAfterLastAdv',
      'handlePwdActivityUsers',
      'whoWillReassignCase',
      'contactInfoOfG28Form',
      'isI94DSExpiryDate',
      'enableI9Requests',
      'enablePAFRequests',
      'acceptConsentAndTAndC',
      'capSeasonConfig',
      'reminders',
    ])
      expect(config, field).toHaveProperty(field);
    expect(config.filingFeeCategoryType).toBe('manual_entry');
    expect(config.advCoolingPeriod).toBe(30);
    expect(config.advMinDuration).toBe(30);
    expect(config.contactInfoOfG28Form).toBe('law_firm');
    expect(config.whoWillReassignCase).toEqual([3]);
  });

  it('R-REM-066: R-REM-067: R-REM-068: reminders answers the 19 keys, each with whoWillSendReminder [{roleId, roleName}] and config [{days}] (i140 config only), global statuses with countryDetails', async () => {
    const config = lawDefaults();
    // A block for every one of the 19 keys (the defaults carry 7), with a role its list allows and ordered days.
    for (const key of REMINDER_KEYS) {
      const { order, roles } = REMINDER_KEY_DEFS[key];
      const days = order === 'prior' ? [{ days: 60 }, { days: 30 }] : [{ days: 7 }, { days: 30 }];
      const allowed = roles ? (reminderRecipientRoleIds(roles, 1) ?? [3]) : null;
      (config.reminders as Json)[key] = allowed
        ? { whoWillSendReminder: [allowed[0]], config: days }
        : { config: days };
    }
    config.reminders.globalStatus = [{ countryId: 103, config: [{ days: 60 }, { days: 30 }] }];
    const saved = await save(lawAdmin, 'update', config);
    expect(saved.statusCode, saved.body).toBe(200);
    const r = (await details(lawAdmin)).json().config.reminders;
    expect(REMINDER_KEYS).toHaveLength(19);
    expect(Object.keys(r).sort()).toEqual([...REMINDER_KEYS, 'globalStatus'].sort());
    for (const key of REMINDER_KEYS) {
      const block = r[key];
      const days =
        REMINDER_KEY_DEFS[key].order === 'prior' ? [{ days: 60 }, { days: 30 }] : [{ days: 7 }, { days: 30 }];
      expect(block.config, key).toEqual(days);
      if (key === 'i140') {
        // R-REM-067: config only.
        expect(Object.keys(block), key).toEqual(['config']);
        continue;
      }
      expect(Object.keys(block).sort(), key).toEqual(['config', 'whoWillSendReminder']);
      expect(block.whoWillSendReminder, key).toHaveLength(1);
      for (const role of block.whoWillSendReminder) {
        expect(Object.keys(role).sort(), key).toEqual(['roleId', 'roleName']);
        expect(role.roleId, key).toEqual(expect.any(Number));
        expect(role.roleName, key).toMatch(/\S/);
      }
    }
    // The names are the roles' own (role 51 reads 'Petitioner' only in the family and employment lists, D-15).
    expect(r.passportExpiry.whoWillSendReminder).toEqual([{ roleId: 50, roleName: 'Petitioner' }]);
    expect(r.caseSeleByUscisInLotteryDays.whoWillSendReminder).toEqual([{ roleId: 50, roleName: 'Petitioner' }]);
    expect(r.globalStatus).toEqual([
      { countryId: 103, countryDetails: { id: 103, name: expect.any(String) }, config: [{ days: 60 }, { days: 30 }] },
    ]);
    expect(r.globalStatus[0].countryDetails.name).toMatch(/india/i);
    // Back to the defaults for the tests after this one.
    expect((await save(lawAdmin, 'update', lawDefaults())).statusCode).toBe(200);
  });

  it('R-REM-066: the default passport block answers both its roles by name, Petitioner and Sponsor', async () => {
    const r = (await details(lawAdmin)).json().config.reminders;
    expect(r.passportExpiry.whoWillSendReminder).toEqual([
      { roleId: 50, roleName: 'Petitioner' },
      { roleId: 51, roleName: 'Sponsor' },
    ]);
    expect(r.passportExpiry.config).toEqual([{ days: 180 }, { days: 90 }, { days: 30 }]);
  });
});

describe('global-config/create and update', () => {
  it('R-REM-029: R-REM-080: create stores the first record, update changes it; each answers a message', async () => {
    const created = await save(otherAdmin, 'create', lawDefaults());
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Global configuration saved successfully');
    const id = (await details(otherAdmin)).json()._id;
    expect(id).toEqual(expect.any(String));
    const config = lawDefaults();
    config.advMinDuration = 45;
    const updated = await save(otherAdmin, 'update', config);
    expect(updated.json().message).toBe('Global configuration updated successfully');
    const after = (await details(otherAdmin)).json();
    expect(after._id).toBe(id);
    expect(after.config.advMinDuration).toBe(45);
  });

  it('R-REM-043: R-REM-062: R-REM-044: commuEmails keeps the e-mail-shaped entries; rfeCaseDeadlineDays becomes an integer', async () => {
    const config = lawDefaults();
    config.commuEmails = 'ops@firm.test, not-an-email,  legal@firm.test ,@x';
    config.rfeCaseDeadlineDays = '15';
    expect((await save(lawAdmin, 'update', config)).statusCode).toBe(200);
    const body = (await details(lawAdmin)).json();
    expect(body.commuEmails).toBe('ops@firm.test,legal@firm.test');
    expect(body.config.rfeCaseDeadlineDays).toBe(15);
  });

  it('R-REM-076: R-REM-077: R-REM-078: R-REM-079: R-REM-063: couriers, roles and time zone go as ids, the season year as its name', async () => {
    const config = lawDefaults();
    Object.assign(config, {
      defaultCourierIds: [1, 2],
      handlePwdActivityUsers: [3, 5],
      whoWillReassignCase: [4],
      currentSeasonYear: '2026',
      tenantDefaultTZ: 5,
    });
    expect((await save(lawAdmin, 'update', config)).statusCode).toBe(200);
    const saved = (await details(lawAdmin)).json().config;
    expect(saved).toMatchObject({
      defaultCourierIds: [1, 2],
      handlePwdActivityUsers: [3, 5],
      whoWillReassignCase: [4],
      currentSeasonYear: '2026',
      tenantDefaultTZ: 5,
    });
    const unknownCourier = await save(lawAdmin, 'update', { ...config, defaultCourierIds: [987654] });
    expect(unknownCourier.statusCode).toBe(400);
  });

  it('R-REM-031: an empty whoWillReassignCase is stored as role 3', async () => {
    expect((await save(lawAdmin, 'update', { ...lawDefaults(), whoWillReassignCase: [] })).statusCode).toBe(200);
    expect((await details(lawAdmin)).json().config.whoWillReassignCase).toEqual([3]);
  });

  it('R-REM-045: R-REM-033: R-REM-034: out-of-order prior-to-expiry days are refused whole with the field message, nothing changed', async () => {
    const before = await snapshot(t.tenants.lawfirm);
    const config = lawDefaults();
    (config.reminders as Json).passportExpiry = {
      whoWillSendReminder: [50],
      config: [{ days: 90 }, { days: 60 }, { days: 30 }, { days: 45 }],
    };
    config.advMinDuration = 60;
    const res = await save(lawAdmin, 'update', config);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({
      name: 'config.reminders.passportExpiry.config.3.days',
      message: DAY_MESSAGES.lessThanAbove,
    });
    expect(await snapshot(t.tenants.lawfirm)).toEqual(before);
  });

  it('R-REM-036: R-REM-037: R-REM-038: out-of-order after-event days are refused: the later entry not above the one before it, the earlier not below the one after it; nothing changed', async () => {
    const before = await snapshot(t.tenants.lawfirm);
    const config = lawDefaults();
    (config.reminders as Json).caseSeleByUscisInLotteryDays = {
      whoWillSendReminder: [3],
      config: [{ days: 30 }, { days: 7 }],
    };
    const res = await save(lawAdmin, 'update', config);
    expect(res.statusCode).toBe(400);
    // R-REM-037: 7 after 30 is not above the entry before it.
    expect(res.json().fields).toContainEqual({
      name: 'config.reminders.caseSeleByUscisInLotteryDays.config.1.days',
      message: DAY_MESSAGES.greaterThanAbove,
    });
    // R-REM-038: 30 before 7 is not below the entry after it.
    expect(res.json().fields).toContainEqual({
      name: 'config.reminders.caseSeleByUscisInLotteryDays.config.0.days',
      message: DAY_MESSAGES.lessThanBelow,
    });
    expect(DAY_MESSAGES.greaterThanAbove).toBe('Days should be greater than above entry');
    expect(DAY_MESSAGES.lessThanBelow).toBe('Days should be less than below entry');
    expect(await snapshot(t.tenants.lawfirm)).toEqual(before);
  });

  it('R-REM-032: non-digit or 4-digit days are refused and change nothing', async () => {
    const before = await snapshot(t.tenants.lawfirm);
    for (const days of ['3a', 1000, -1, 2.5]) {
      const config = lawDefaults();
      (config.reminders as Json).i94Expiry = { whoWillSendReminder: [50], config: [{ days }] };
      const res = await save(lawAdmin, 'update', config);
      expect(res.statusCode, String(days)).toBe(400);
    }
    expect(await snapshot(t.tenants.lawfirm)).toEqual(before);
  });

  it('R-REM-050: R-REM-047: roles outside a block’s allowed set are refused and change nothing', async () => {
    const before = await snapshot(t.tenants.lawfirm);
    const config = lawDefaults();
    // Law firm passport reminders allow roles 50 and 51 only.
    (config.reminders as Json).passportExpiry = { whoWillSendReminder: [3], config: [{ days: 30 }] };
    const res = await save(lawAdmin, 'update', config);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].name).toBe('config.reminders.passportExpiry.whoWillSendReminder');
    // A company's lottery list allows 3-8: role 50 is refused.
    const co = structuredClone(defaultGlobalConfig(2)) as unknown as Json & { reminders: Json };
    co.reminders.caseSeleByUscisInLotteryDays = { whoWillSendReminder: [50], config: [{ days: 7 }] };
    expect((await save(coAdmin, 'update', co)).statusCode).toBe(400);
    // Roles 1 and 2 are never recipients (R-REM-046).
    const platform = lawDefaults();
    (platform.reminders as Json).visaExpiry = { whoWillSendReminder: [1], config: [{ days: 30 }] };
    expect((await save(lawAdmin, 'update', platform)).statusCode).toBe(400);
    expect(await snapshot(t.tenants.lawfirm)).toEqual(before);
  });

  it('R-REM-040: a country twice in Global Status is refused', async () => {
    const config = lawDefaults();
    config.reminders.globalStatus = [
      { countryId: 103, config: [{ days: 30 }] },
      { countryId: 103, config: [{ days: 20 }] },
    ];
    const res = await save(lawAdmin, 'update', config);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({
      name: 'config.reminders.globalStatus.1.countryId',
      message: 'Country already added',
    });
  });

  it('R-REM-056: capSeasonConfig from a role other than 1 is refused whole and changes nothing', async () => {
    const before = await snapshot(t.tenants.lawfirm);
    for (const c of [lawAdmin, lawManager]) {
      const res = await save(c, 'update', {
        ...lawDefaults(),
        advMinDuration: 77,
        capSeasonConfig: [{ seasonYear: '2030', effectiveDate: '2030-04-01' }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[0].name).toBe('config.capSeasonConfig');
    }
    expect(await snapshot(t.tenants.lawfirm)).toEqual(before);
  });

  it('R-REM-064: R-REM-056: role 1 saves cap seasons for the tenant it picked; a tenant admin’s later save keeps them', async () => {
    const seasons = [{ seasonYear: '2027', effectiveDate: '2027-04-01' }];
    const res = await save(
      platformAdmin,
      'update',
      { ...lawDefaults(), capSeasonConfig: seasons },
      { tenantId: t.tenants.lawfirm },
    );
    expect(res.statusCode).toBe(200);
    expect((await details(platformAdmin, { tenantId: t.tenants.lawfirm })).json().config.capSeasonConfig).toEqual(
      seasons,
    );
    expect((await save(lawAdmin, 'update', lawDefaults())).statusCode).toBe(200);
    expect((await details(lawAdmin)).json().config.capSeasonConfig).toEqual(seasons);
    // Role 1 without a picked tenant has nothing to configure.
    expect((await details(platformAdmin)).statusCode).toBe(400);
  });

  it('R-REM-041: a season year twice is refused with Season year already exists', async () => {
    const res = await save(
      platformAdmin,
      'update',
      {
        ...lawDefaults(),
        capSeasonConfig: [
          { seasonYear: '2028', effectiveDate: '2028-04-01' },
          { seasonYear: '2028', effectiveDate: '2028-05-01' },
        ],
      },
      { tenantId: t.tenants.lawfirm },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({
      name: 'config.capSeasonConfig.1.seasonYear',
      message: 'Season year already exists',
    });
  });

  it('SECURITY 2: another tenant’s id answers 404 and changes nothing', async () => {
    const before = await snapshot(t.tenants.otherfirm);
    const res = await save(lawAdmin, 'update', lawDefaults(), { tenantId: t.tenants.otherfirm });
    expect(res.statusCode).toBe(404);
    expect(await details(lawAdmin, { tenantId: t.tenants.otherfirm })).toHaveProperty('statusCode', 404);
    expect(await snapshot(t.tenants.otherfirm)).toEqual(before);
    const unknown = await save(platformAdmin, 'update', lawDefaults(), {
      tenantId: '00000000-0000-4000-8000-000000000000',
    });
    expect([400, 404]).toContain(unknown.statusCode);
  });
});

describe('/cap-registrations/get-season-year-list', () => {
  it('D-22: R-REM-070: R-REM-042: offers 2023-2123 minus the tenant’s configured years', async () => {
    const res = await platformAdmin.post('/api/cap-registrations/get-season-year-list', {
      today: '2026-11-26',
      tenantId: t.tenants.lawfirm,
    });
    expect(res.statusCode).toBe(200);
    const { list } = res.json();
    expect(list[0]).toBe('2023');
    expect(list.at(-1)).toBe('2123');
    expect(list).not.toContain('2027');
    expect(list).toHaveLength(100);
    const own = (await lawAdmin.post('/api/cap-registrations/get-season-year-list', { today: '2026-11-26' })).json();
    expect(own.list).toHaveLength(100);
  });
});

describe('master data for the screen', () => {
  it('R-REM-072: R-REM-069: time zones come from master data category timezone with ids and names', async () => {
    const res = await lawAdmin.post('/api/masterdata/list', { category: 'timezone', page: 1, perpage: 1000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().list[0]).toEqual({ id: 1, name: 'America/New_York' });
  });

  it('R-REM-071: R-REM-046: roles come from user_roles with page 1 and perpage 10000', async () => {
    const res = await lawAdmin.post('/api/masterdata/list', { category: 'user_roles', page: 1, perpage: 10000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().list.some((r: { id: number }) => r.id === 51)).toBe(true);
  });
});
