import { describe, expect, it } from 'vitest';
import {
  defaultGlobalConfig,
  duplicateSeasonYears,
  GlobalConfigInSchema,
  globalConfigProblems,
  reassignRolesOrDefault,
  SEASON_YEAR_EXISTS,
  seasonYearsOffered,
  validCommuEmails,
} from './contracts';
import {
  applyDayEntry,
  canAddDayEntry,
  canDeleteDayEntry,
  canShowMore,
  DAY_MESSAGES,
  dayEntryProblem,
  dayListProblems,
  moreHidden,
  PERM_COOLING_PERIOD_DAYS,
  PERM_FILING_WINDOW_DAYS,
  REMINDER_KEY_DEFS,
  REMINDER_KEYS,
  reminderTabs,
  sanitizeDaysInput,
} from './days';
import { TIMEZONES, timezoneLabel } from './timezones';

describe('reminder day entries (002 §5.1)', () => {
  it('R-REM-032: days inputs keep digits only, at most 3 characters', () => {
    expect(sanitizeDaysInput('4a5')).toBe('45');
    expect(sanitizeDaysInput('12345')).toBe('123');
    expect(sanitizeDaysInput('-7')).toBe('7');
    expect(dayEntryProblem('prior', [1000], 0)).toBe(DAY_MESSAGES.digits);
  });

  it('R-REM-033: the prior-to-expiry types are passport, I-94, work authorization, duration of stay, H-1B expiry, PERM expiry, cooling and invoice, and their entries strictly decrease', () => {
    for (const key of [
      'passportExpiry',
      'i94Expiry',
      'workAuthorizationExpiry',
      'totalStayIsNearing6Years',
      'priorToExpiryDaysH1b',
      'priorToExpiryPermDays',
      'lastAdvReleaseBriefDays',
      'invoicePaymentReminder',
    ] as const)
      expect(REMINDER_KEY_DEFS[key].order).toBe('prior');
    expect(dayListProblems('prior', [90, 60, 30])).toEqual([null, null, null]);
    expect(dayListProblems('prior', [90, 90])[1]).not.toBeNull();
  });

  it('R-REM-034: too high a value in a prior-to-expiry list gives Days should be less than above entry', () => {
    expect(dayEntryProblem('prior', [90, 60, 30, 45], 3)).toBe('Days should be less than above entry');
  });

  it('R-REM-035: too low a value in a prior-to-expiry list gives Days should be greater than below entry', () => {
    expect(dayEntryProblem('prior', [90, 20, 30], 1)).toBe('Days should be greater than below entry');
  });

  it('R-REM-036: the after-event types (I-140 and similar, lottery, PWD certified, sponsorship questionnaire, I-485/I-130 approved, N-400, LCA questionnaire) increase', () => {
    for (const key of [
      'i140',
      'caseSeleByUscisInLotteryDays',
      'pwdCertOrBeforeExpiryDays',
      'sponQuestionnire',
      'i140ApprovedDuringDays',
      'i130ApprovedDuringDays',
      'gcEmpi485ApprovedDays',
      'lcaSubAndQuestNotSubBriefDays',
    ] as const)
      expect(REMINDER_KEY_DEFS[key].order).toBe('after');
    expect(dayListProblems('after', [7, 30, 60])).toEqual([null, null, null]);
  });

  it('R-REM-037: a value not above the previous entry in an after-event list gives Days should be greater than above entry', () => {
    expect(dayEntryProblem('after', [7, 30, 30], 2)).toBe('Days should be greater than above entry');
  });

  it('R-REM-038: a value not below the next entry in an after-event list gives Days should be less than below entry', () => {
    expect(dayEntryProblem('after', [7, 60, 30], 1)).toBe('Days should be less than below entry');
    expect(dayEntryProblem('after', [40, 30], 0)).toBe('Days should be less than below entry');
  });

  it('R-REM-030: an entry that fails its ordering check is cleared and flagged', () => {
    expect(applyDayEntry('prior', [90, 60, 30, 45], 3)).toEqual({
      days: [90, 60, 30, null],
      problem: DAY_MESSAGES.lessThanAbove,
    });
    expect(applyDayEntry('prior', [90, 60, 30, 15], 3)).toEqual({ days: [90, 60, 30, 15], problem: null });
  });

  it('R-REM-004: the delete icon shows only with more than one entry', () => {
    expect(canDeleteDayEntry([30])).toBe(false);
    expect(canDeleteDayEntry([60, 30])).toBe(true);
  });

  it('R-REM-005: R-REM-006: + More adds an entry only when the current list validates', () => {
    expect(canAddDayEntry('passportExpiry', [90, 60])).toBe(true);
    expect(canAddDayEntry('passportExpiry', [60, 90])).toBe(false);
    expect(canAddDayEntry('passportExpiry', [90, null])).toBe(false);
    expect(canAddDayEntry('caseSeleByUscisInLotteryDays', [7, 30])).toBe(true);
  });

  it('R-REM-007: + More is hidden when the last entry of an expiry list is 1', () => {
    expect(moreHidden('passportExpiry', [30, 1])).toBe(true);
    expect(moreHidden('globalStatus', [10, 1])).toBe(true);
    expect(moreHidden('passportExpiry', [30, 2])).toBe(false);
    expect(moreHidden('caseSeleByUscisInLotteryDays', [1])).toBe(false);
  });

  it('R-REM-008: for pwdExpiry + More is also hidden at 0', () => {
    expect(moreHidden('pwdExpiry', [30, 0])).toBe(true);
    expect(moreHidden('passportExpiry', [30, 0])).toBe(false);
  });

  it('R-REM-083: a reminder config list shows Show More unless its last entry is 999', () => {
    expect(canShowMore('passwordExpiry', [30, 60])).toBe(true);
    expect(canShowMore('passwordExpiry', [30, 999])).toBe(false);
    expect(canShowMore('permanentDaysPriorToExpiry', [999])).toBe(false);
  });

  it('R-REM-084: for the global statuses list the sentinel is 0', () => {
    expect(canShowMore('globalStatuses', [30, 0])).toBe(false);
    expect(canShowMore('globalStatuses', [30, 999])).toBe(true);
  });
});

describe('reminder tabs (002 §2.1)', () => {
  it('R-REM-001: the tabs and their keys in order', () => {
    expect(reminderTabs(1).map((t) => [t.label, t.key])).toEqual([
      ['Beneficiary or Applicant', 'BeneficiaryProfile'],
      ['H-1B Visas', 'H1BVisa'],
      ['L Visas', 'L1Visa'],
      ['PERM', 'PERM'],
      ['Employment Based', 'I140ImmigrantPetition'],
      ['Family Based', 'I485Family'],
      ['Citizenship', 'N400Application'],
      ['Others', 'Others'],
    ]);
  });

  it('R-REM-002: a petitioner company has no Others, N400Application or I485Family tab', () => {
    expect(reminderTabs(2).map((t) => t.key)).toEqual([
      'BeneficiaryProfile',
      'H1BVisa',
      'L1Visa',
      'PERM',
      'I140ImmigrantPetition',
    ]);
  });

  it('R-REM-009: R-REM-010: R-REM-011: R-REM-012: R-REM-013: R-REM-014: the Beneficiary blocks', () => {
    const [beneficiary] = reminderTabs(1);
    expect(beneficiary?.blocks.map((b) => [b.title, b.hint])).toEqual([
      ['Submit Questionnaire', 'Days after LCA is submitted and the questionnaire is not submitted'],
      ['Expiry of Passport', 'Days prior to expiry'],
      ['Expiry of I-94', 'Days prior to expiry'],
      ['Expiry of Work Authorization', 'Days prior to expiry'],
      ['Duration of Stay', 'Days to reach the maximum stay in the current visa category'],
      ['Global Status', 'Days prior to expiry, per country'],
    ]);
  });

  it('R-REM-015: R-REM-016: R-REM-017: R-REM-018: R-REM-019: R-REM-020: R-REM-021: R-REM-022: R-REM-023: R-REM-024: R-REM-025: R-REM-026: the other blocks and their texts', () => {
    const blocks = Object.fromEntries(
      reminderTabs(1).map((t) => [t.key, t.blocks.map((b) => `${b.title}: ${b.hint}`)]),
    );
    expect(blocks.H1BVisa).toEqual([
      'File H-1B Petition: Days after the case is selected by the immigration agency in the lottery',
      'H-1B Visa Expiration: Days prior to expiry',
    ]);
    expect(blocks.L1Visa).toEqual(['L-1 Visa Expiration: Days prior to the H-1B expiry']);
    expect(blocks.PERM).toEqual([
      'Release of Advertisements: Days after PWD is certified / before expiry of PWD',
      'Filing of PERM: Days after the 30-day cooling period of the last advertisement and within 180 days of the first advertisement',
      'Sponsorship Questionnaire by Petitioner: If not submitted with N days from PERM Filed Date',
    ]);
    expect(blocks.I140ImmigrantPetition).toEqual([
      'Filing of I-140: Days prior to expiry of PERM, fewer than 180 days after PERM certified',
      'Filing of I-485: I-140 approved and N days after the Priority Date is current',
    ]);
    expect(blocks.I485Family).toEqual([
      'Filing of I-485: I-130 approved and N days after the Priority Date is current',
    ]);
    expect(blocks.N400Application).toEqual(['N-400: Days after I-485 is approved']);
    expect(blocks.Others).toEqual(['Issue Invoice: Days after the invoice is issued']);
    const companyPerm = reminderTabs(2).find((t) => t.key === 'PERM');
    expect(companyPerm?.blocks[2]?.title).toBe('Sponsorship Questionnaire by Company');
  });

  it('R-REM-003: every block but i140 has a recipient list for its role multi-select', () => {
    for (const key of REMINDER_KEYS) expect(REMINDER_KEY_DEFS[key].roles === null).toBe(key === 'i140');
  });
});

describe('global configuration rules (002 §3.1, §5.1, §9)', () => {
  it('R-CONST-004: R-CONST-005: the PERM filing window is 180 days and the cooling period 30', () => {
    expect(PERM_FILING_WINDOW_DAYS).toBe(180);
    expect(PERM_COOLING_PERIOD_DAYS).toBe(30);
    expect(defaultGlobalConfig(1).advCoolingPeriod).toBe(30);
  });

  it('R-REM-058: R-REM-059: R-REM-060: R-REM-061: the defaults', () => {
    const d = defaultGlobalConfig(2);
    expect([d.filingFeeCategoryType, d.advCoolingPeriod, d.advMinDuration, d.contactInfoOfG28Form]).toEqual([
      'manual_entry',
      30,
      30,
      'law_firm',
    ]);
    expect(GlobalConfigInSchema.safeParse({ ...d, contactInfoOfG28Form: 'paralegal' }).success).toBe(false);
  });

  it('R-REM-031: whoWillReassignCase defaults to role 3', () => {
    expect(reassignRolesOrDefault([])).toEqual([3]);
    expect(reassignRolesOrDefault(undefined)).toEqual([3]);
    expect(reassignRolesOrDefault([4])).toEqual([4]);
  });

  it('R-REM-042: season years run from 2023 to 2123', () => {
    const years = seasonYearsOffered([]);
    expect(years[0]).toBe('2023');
    expect(years.at(-1)).toBe('2123');
    expect(years).toHaveLength(101);
  });

  it('R-REM-041: a season year already configured is Season year already exists', () => {
    expect(duplicateSeasonYears([{ seasonYear: '2025' }, { seasonYear: '2025' }])).toEqual(['2025']);
    const problems = globalConfigProblems(
      {
        reminders: { globalStatus: [] },
        capSeasonConfig: [
          { seasonYear: '2025', effectiveDate: '2025-04-01' },
          { seasonYear: '2025', effectiveDate: '2025-04-02' },
        ],
      },
      1,
      1,
    );
    expect(problems).toEqual([{ name: 'config.capSeasonConfig.1.seasonYear', message: SEASON_YEAR_EXISTS }]);
  });

  it('R-REM-043: R-REM-062: commuEmails is a comma-separated list reduced to e-mail-shaped entries', () => {
    expect(validCommuEmails('a@b.co, nope ,c@d.org,')).toBe('a@b.co,c@d.org');
  });

  it('R-REM-044: rfeCaseDeadlineDays is converted to an integer', () => {
    const parsed = GlobalConfigInSchema.parse({ ...defaultGlobalConfig(1), rfeCaseDeadlineDays: '12' });
    expect(parsed.rfeCaseDeadlineDays).toBe(12);
  });

  it('R-REM-064: R-REM-056: capSeasonConfig is a list of seasonYear and effectiveDate, from role 1 only', () => {
    const config = {
      reminders: { globalStatus: [] },
      capSeasonConfig: [{ seasonYear: '2026', effectiveDate: '2026-04-01' }],
    };
    expect(globalConfigProblems(config, 1, 1)).toEqual([]);
    expect(globalConfigProblems(config, 1, 3)[0]?.name).toBe('config.capSeasonConfig');
  });

  it('R-REM-067: the i140 reminder has config only', () => {
    const base = defaultGlobalConfig(1);
    const ok = GlobalConfigInSchema.safeParse({
      ...base,
      reminders: { ...base.reminders, i140: { config: [{ days: 5 }] } },
    });
    expect(ok.success).toBe(true);
    const withRoles = GlobalConfigInSchema.safeParse({
      ...base,
      reminders: { ...base.reminders, i140: { config: [{ days: 5 }], whoWillSendReminder: [3] } },
    });
    expect(withRoles.success).toBe(false);
  });

  it('R-REM-069: a time zone is shown as name (id)', () => {
    expect(timezoneLabel(TIMEZONES[0] as (typeof TIMEZONES)[number])).toBe('America/New_York (1)');
  });
});
