/**
 * The platform's default filing fees: the USCIS fee schedules a new tenant starts from (issue 18), dated so a
 * case opened on a day gets the schedule in force that day. Reference data, not code: every figure names its
 * source. Amounts are whole US dollars (D-21).
 *
 * Sources (checked against the published texts):
 * - USCIS_2024: "U.S. Citizenship and Immigration Services Fee Schedule and Changes to Certain Other
 *   Immigration Benefit Request Requirements", final rule, 89 FR 6194 (31 Jan 2024), effective 1 April 2024;
 *   amounts as listed in Form G-1055 "Fee Schedule" (edition 04/01/24). Small employer (25 or fewer
 *   full-time equivalent employees) and nonprofit figures are recorded in `reduced`, never summed.
 * - Premium processing (Form I-907): "Adjustment to Premium Processing Fees", final rule, 88 FR 89539
 *   (28 Dec 2023), effective 26 February 2024.
 * - ACWIA fee: INA 214(c)(9) (1,500; 750 with 25 or fewer FTE employees); fraud prevention and detection
 *   fee: INA 214(c)(12) (500); Pub. L. 114-113 Div. O §402(g) (4,000 H-1B / 4,500 L-1, employers with 50+
 *   employees of whom more than half are H-1B or L); all three unchanged by the 2024 rule.
 * - SPEC_SAMPLE: the earlier schedule (final rule 81 FR 73292, effective 23 December 2016: I-129 460,
 *   I-539 370, I-765 410), which is also the spec's sample lines (002 §3.3, R-FEE-020).
 * - USCIS_2026 (issue 36): the 2024 figures with premium processing per 91 FR 1059 (12 Jan 2026), from
 *   2026-03-01. The H-1B proclamation payment (19 Sep 2025) is a dated line (DATED_LINES), not a version.
 * Not included: fees created by Pub. L. 119-21 (July 2025); publish them as a new schedule with its own
 * effective date.
 */

import type { FeeCondition } from './condition-keys';

export type FeeLineType = 'USCIS' | 'other';

/** Issue 36: an amount a line takes under a condition (the lowest amount whose condition holds wins). */
export interface ConditionalAmount {
  condition: FeeCondition;
  amount: number;
}

export interface ScheduleLine {
  code: string;
  name: string;
  amount: number;
  type: FeeLineType;
  online?: boolean;
  /** Per dependent: one line per dependent on an invoice. */
  allowMultiple?: boolean;
  /** Small employer / nonprofit figures of the same fee (documentation only, never summed). */
  reduced?: string;
  /**
   * Issue 36: the amounts the line takes under conditions (small employer, nonprofit, ACWIA-exempt), read by the
   * case's estimate (conditions.ts). Absent: the line has one amount.
   */
  amounts?: readonly ConditionalAmount[];
  /**
   * Issue 36: the line applies only when this condition holds (premium processing asked, beneficiary abroad,
   * Pub. L. 114-113 employer, dependants, online filing). Absent: it always applies.
   */
  when?: FeeCondition;
  source: string;
}

export interface FeeSchedule {
  id: string;
  /** First day the schedule applies (YYYY-MM-DD). */
  effectiveFrom: string;
  source: string;
  /** Lines of one sub-type: by case-type code and sub-type code. */
  linesFor(typeCode: string, subTypeCode: string): ScheduleLine[];
  /** Issue 36: published by the platform administrator (stored), not written here in code. */
  published?: { changes: readonly PublishedChange[] };
}

/**
 * Issue 36: a schedule version the platform administrator published (stored in platform_fee_schedules): the
 * amounts it changes on top of the version in force the day before it. A change names a USCIS line's code and
 * the one case type it applies to, or none for that line in every case type; a line it changes names its source.
 * Only the standard amount changes: the amounts a condition chooses (small employer, nonprofit) stay.
 */
export interface PublishedChange {
  typeCode: string | null;
  code: string;
  amount: number;
}
export interface PublishedSchedule {
  id: string;
  effectiveFrom: string;
  source: string;
  changes: readonly PublishedChange[];
}

const G1055 = 'USCIS fee rule 89 FR 6194, Form G-1055 (04/01/24), effective 2024-04-01';
const PREMIUM = 'Premium processing rule 88 FR 89539, effective 2024-02-26';
const STATUTE = 'INA 214(c)(9) / 214(c)(12); Pub. L. 114-113 Div. O §402(g)';
const FIRM = 'Set by the law firm';
const RULE_2016 = 'USCIS fee rule 81 FR 73292, effective 2016-12-23 (spec sample, 002 §3.3)';

const uscis = (code: string, name: string, amount: number, extra: Partial<ScheduleLine> = {}): ScheduleLine => ({
  code,
  name,
  amount,
  type: 'USCIS',
  source: G1055,
  ...extra,
});

/** The firm's own lines every sub-type carries (the spec's 'Legal Fee' and 'Shipping and Handling'). */
const firmLines = (dependents: boolean): ScheduleLine[] => [
  { code: 'LEGAL', name: 'Legal Fee', amount: 0, type: 'other', source: FIRM },
  ...(dependents
    ? [
        {
          code: 'DEPENDENTLEGAL',
          name: 'Dependent Legal Fee',
          amount: 0,
          type: 'other' as const,
          allowMultiple: true,
          source: FIRM,
        },
      ]
    : []),
  { code: 'SHIPPING', name: 'Shipping and Handling', amount: 0, type: 'other', source: FIRM },
];

const ASYLUM = uscis('ASYLUMFEE', 'Asylum Program Fee', 600, {
  reduced: '300 small employer; 0 nonprofit',
  amounts: [
    { condition: 'smallEmployer', amount: 300 },
    { condition: 'nonprofit', amount: 0 },
  ],
});
/** Issue 36: the premium-processing line of a schedule (its amount and rule), only when premium processing is asked. */
interface Premium {
  amount: number;
  source: string;
}
const PREMIUM_2024: Premium = { amount: 2805, source: PREMIUM };
const premiumLine = (p: Premium) =>
  uscis('PREMIUM', 'Premium Processing (I-907)', p.amount, { source: p.source, when: 'premiumProcessing' });
const ACWIA = uscis('ACWIA', 'ACWIA Fee', 1500, {
  reduced: '750 with 25 or fewer FTE; 0 for the employers INA 214(c)(9) exempts',
  amounts: [
    { condition: 'smallEmployer', amount: 750 },
    { condition: 'acwiaExempt', amount: 0 },
  ],
  source: STATUTE,
});
const FRAUD = uscis('FRAUD', 'Fraud Prevention and Detection Fee', 500, { source: STATUTE });
const pl114 = (amount: number) =>
  uscis('PL114113', 'Pub. L. 114-113', amount, { source: STATUTE, when: 'pl114113Employer' });
/** The I-129's small-employer and nonprofit amount is one figure (G-1055 04/01/24). */
const i129 = (amount: number, reduced: string) => {
  const lower = Number(reduced.split(' ')[0]);
  return uscis('I129', 'I-129 Standard Fee', amount, {
    reduced,
    amounts: [
      { condition: 'smallEmployer', amount: lower },
      { condition: 'nonprofit', amount: lower },
    ],
  });
};
const dependents = (prefix: 'H4' | 'L2' | 'DEP'): ScheduleLine[] => [
  uscis(`${prefix}I539`, `${prefix === 'DEP' ? 'Dependent' : prefix} (I-539) Filing Fee`, 470, {
    allowMultiple: true,
    when: 'dependants',
  }),
  uscis(`${prefix}I539ONLINE`, `${prefix === 'DEP' ? 'Dependent' : prefix} (I-539) Filing Fee (Online)`, 420, {
    allowMultiple: true,
    online: true,
    when: 'dependants',
  }),
];
const i765 = (amount = 520, online = 470, extra: Partial<ScheduleLine> = {}): ScheduleLine[] => [
  uscis('I765', 'EAD (I-765) Filing Fee', amount, extra),
  ...(online === amount
    ? []
    : [uscis('I765ONLINE', 'EAD (I-765) Filing Fee (Online)', online, { online: true, ...extra })]),
];
/** The spouse's EAD filed with an H-1B or L-1 petition: only with dependants. */
const spouseEad = () => i765(520, 470, { when: 'dependants' });
/** I-485 filed from 1 April 2024: I-765 and I-131 filed with it are charged separately (260 and 630). */
const adjustment: ScheduleLine[] = [
  uscis('I485', 'I-485 Filing Fee', 1440, { reduced: '950 under 14 filing with a parent' }),
  uscis('I765I485', 'EAD (I-765) with pending I-485', 260),
  uscis('I131I485', 'Advance Parole (I-131) with pending I-485', 630),
];

const H1B_NEW = new Set(['H1BCAP', 'H1BMAS', 'H1BCOE', 'H1BCX']);
const L1_BLANKET = new Set(['L1ABLK', 'L1BBLK']);
const CONSULAR = new Set(['E3CON', 'TNCA', 'TNMX', 'H1B1CL', 'H1B1SG', 'E2INV', 'E2EMP']);

/** The lines of the 2024 fee rule, with the premium-processing amount of the schedule that uses them. */
const linesOfRule2024 =
  (p: Premium) =>
  (typeCode: string, sub: string): ScheduleLine[] => {
    const premium = () => premiumLine(p);
    if (CONSULAR.has(sub)) return firmLines(true);
    switch (typeCode) {
      case 'H1B':
        return [
          i129(780, '460 small employer or nonprofit'),
          ASYLUM,
          ...(sub === 'H1BCX' ? [] : [ACWIA]),
          ...(H1B_NEW.has(sub) ? [FRAUD, pl114(4000)] : []),
          premium(),
          ...dependents('H4'),
          ...spouseEad(),
          ...firmLines(true),
        ];
      case 'H1B1':
        return [i129(780, '460 small employer or nonprofit'), ASYLUM, ACWIA, premium(), ...firmLines(true)];
      case 'L1':
        return L1_BLANKET.has(sub)
          ? [FRAUD, pl114(4500), ...firmLines(true)]
          : [
              i129(1385, '695 small employer or nonprofit'),
              ASYLUM,
              ...(sub === 'L1EXT' ? [] : [FRAUD, pl114(4500)]),
              premium(),
              ...dependents('L2'),
              ...spouseEad(),
              ...firmLines(true),
            ];
      case 'O1':
        return [
          i129(1055, '530 small employer or nonprofit'),
          ASYLUM,
          premium(),
          ...dependents('DEP'),
          ...firmLines(true),
        ];
      case 'E3':
      case 'TN':
      case 'E2':
        return [
          i129(1015, '510 small employer or nonprofit'),
          ASYLUM,
          premium(),
          ...dependents('DEP'),
          ...firmLines(true),
        ];
      case 'PERM':
        // The Department of Labor charges no fee for Form ETA-9089.
        return firmLines(false);
      case 'I140':
        return [uscis('I140', 'I-140 Filing Fee', 715), ASYLUM, premium(), ...firmLines(true)];
      case 'I485EB':
        return sub === 'EBSUPJ' ? firmLines(false) : [...adjustment, ...firmLines(true)];
      case 'I485FB':
        return [...adjustment, ...firmLines(true)];
      case 'I130':
        return [
          uscis('I130', 'I-130 Filing Fee', 675),
          uscis('I130ONLINE', 'I-130 Filing Fee (Online)', 625, { online: true }),
          ...firmLines(false),
        ];
      case 'N400':
        return [
          uscis('N400', 'N-400 Filing Fee', sub === 'N400MI' ? 0 : 760, { reduced: '380 reduced fee' }),
          ...(sub === 'N400MI' ? [] : [uscis('N400ONLINE', 'N-400 Filing Fee (Online)', 710, { online: true })]),
          ...firmLines(false),
        ];
      case 'I765':
        // (c)(8): no fee for the initial request with a pending asylum application under the 2024 rule.
        return [...(sub === 'EADC8' ? i765(0, 0) : i765()), ...firmLines(false)];
      case 'I131':
        return [uscis('I131', 'I-131 Filing Fee', sub === 'I131RT' ? 165 : 630), ...firmLines(false)];
      case 'I129F':
        return [uscis('I129F', 'I-129F Filing Fee', 675), ...firmLines(false)];
      case 'I751':
        return [uscis('I751', 'I-751 Filing Fee', 750), ...firmLines(true)];
      case 'I90':
        return [
          uscis('I90', 'I-90 Filing Fee', 465),
          uscis('I90ONLINE', 'I-90 Filing Fee (Online)', 415, { online: true }),
          ...firmLines(false),
        ];
      case 'DACA':
        return [uscis('I821D', 'I-821D Filing Fee', 85), ...i765(), ...firmLines(false)];
      case 'I589':
        // Form I-589 carries no USCIS fee under the 2024 rule (the Asylum Program Fee is the employer's).
        return [uscis('I589', 'I-589 Filing Fee', 0), ...firmLines(true)];
      case 'I601':
        return [uscis('I601', 'I-601 Filing Fee', 1050), ...firmLines(false)];
      default:
        return firmLines(false);
    }
  };

const I129_TYPES = new Set(['H1B', 'H1B1', 'L1', 'O1', 'E3', 'TN', 'E2']);

/** R-FEE-020: the spec's sample lines, exactly as written, for the I-129 case types. */
const linesOf2016 = (typeCode: string, sub: string): ScheduleLine[] =>
  I129_TYPES.has(typeCode) && !CONSULAR.has(sub)
    ? [
        { code: 'I129', name: 'I-129 Standard Fee', amount: 460, type: 'USCIS', source: RULE_2016 },
        {
          code: 'PL114113',
          name: 'Pub. L. 114-113',
          amount: 4000,
          type: 'USCIS',
          source: RULE_2016,
          when: 'pl114113Employer',
        },
        {
          code: 'H4I539',
          name: 'H4 (I-539) Filing Fee',
          amount: 370,
          type: 'USCIS',
          allowMultiple: true,
          source: RULE_2016,
          when: 'dependants',
        },
        { code: 'I765', name: 'EAD (I-765) Filing Fee', amount: 410, type: 'USCIS', source: RULE_2016 },
        ...firmLines(false),
      ]
    : firmLines(false);

export const SPEC_SAMPLE_SCHEDULE: FeeSchedule = {
  id: 'uscis-2016',
  effectiveFrom: '2016-12-23',
  source: RULE_2016,
  linesFor: linesOf2016,
};

export const USCIS_2024_SCHEDULE: FeeSchedule = {
  id: 'uscis-2024',
  effectiveFrom: '2024-04-01',
  source: G1055,
  linesFor: linesOfRule2024(PREMIUM_2024),
};

/**
 * Issue 36: "Adjustment to Premium Processing Fees", final rule, 91 FR 1059 (12 Jan 2026), effective 1 March
 * 2026: Form I-907 raised by 5.72 % (the CPI-U change since the 2024 adjustment). Every other figure is the 2024
 * rule's (G-1055 04/01/24) and the statutes'.
 */
export const PREMIUM_RULE_2026 = 'Premium processing rule 91 FR 1059 (12 Jan 2026), effective 2026-03-01';
/**
 * The I-907 amounts of the 2026 rule by the request they go with (the previous amount in the comment). Only the
 * first is charged by a case type the platform has (I-129 H-1B, H-1B1, L-1, O-1, E-3, TN, E-2 and I-140); the
 * others are recorded for the case types that would use them.
 */
export const PREMIUM_2026_AMOUNTS = {
  /** I-129 classifications that were 2,805 (H-1B, L, O, E, TN, ...) and I-140: 2,805 → 2,965. */
  i129AndI140: 2965,
  /** I-129 H-2B and R-1; I-765 (OPT, STEM OPT): 1,685 → 1,780. */
  h2bR1AndI765: 1780,
  /** I-539 (F, J, M changes of status): 1,965 → 2,075. */
  i539: 2075,
} as const;

export const USCIS_2026_SCHEDULE: FeeSchedule = {
  id: 'uscis-2026',
  effectiveFrom: '2026-03-01',
  source: `${G1055}; ${PREMIUM_RULE_2026}`,
  linesFor: linesOfRule2024({ amount: PREMIUM_2026_AMOUNTS.i129AndI140, source: PREMIUM_RULE_2026 }),
};

/**
 * Oldest first: the schedules written here from the published rules. The platform administrator publishes the
 * next ones (PublishedSchedule), each dated after the day it is published, so after every one of these.
 */
export const FEE_SCHEDULES: readonly FeeSchedule[] = [SPEC_SAMPLE_SCHEDULE, USCIS_2024_SCHEDULE, USCIS_2026_SCHEDULE];

/** The change a published version makes to a line of a case type: the case type's own first, else every type's. */
const changeOf = (changes: readonly PublishedChange[], typeCode: string, code: string) =>
  changes.find((c) => c.code === code && c.typeCode === typeCode) ??
  changes.find((c) => c.code === code && c.typeCode === null);

const publishedOver = (base: FeeSchedule, p: PublishedSchedule): FeeSchedule => ({
  id: p.id,
  effectiveFrom: p.effectiveFrom,
  source: p.source,
  published: { changes: p.changes },
  linesFor: (typeCode, subTypeCode) =>
    base.linesFor(typeCode, subTypeCode).map((line) => {
      const change = line.type === 'USCIS' ? changeOf(p.changes, typeCode, line.code) : undefined;
      return change && change.amount !== line.amount ? { ...line, amount: change.amount, source: p.source } : line;
    }),
});

/**
 * Issue 36: every platform schedule, oldest first: the ones written here, then the published ones, each built on
 * the version before it.
 */
export const feeSchedules = (published: readonly PublishedSchedule[] = []): FeeSchedule[] => {
  const all: FeeSchedule[] = [...FEE_SCHEDULES];
  for (const p of [...published].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom)))
    all.push(publishedOver(all[all.length - 1] as FeeSchedule, p));
  return all;
};

/** The platform schedule in force on a day (YYYY-MM-DD); the oldest one for days before it. */
export const scheduleOn = (day: string, published: readonly PublishedSchedule[] = []): FeeSchedule => {
  const all = feeSchedules(published);
  return [...all].reverse().find((s) => s.effectiveFrom <= day) ?? (all[0] as FeeSchedule);
};

/**
 * Issue 36: a line in force between two days whatever the schedule version (a payment a proclamation sets for a
 * time). `until` is the last day it applies; the platform administrator sets or extends it (the stored end
 * date, when there is one, replaces `until`).
 */
export interface DatedLine {
  line: ScheduleLine;
  from: string;
  until: string;
  /** The case types and sub-types it goes with. */
  typeCode: string;
  subTypeCodes: readonly string[];
}

export const PROCLAMATION_CODE = 'H1BPROCLAMATION';
const PROCLAMATION =
  "Proclamation 'Restriction on Entry of Certain Nonimmigrant Workers' (19 Sep 2025), from 2025-09-21; USCIS guidance of 20 Oct 2025";

/**
 * The $100,000 payment with a new H-1B petition filed from 2025-09-21 for a beneficiary outside the US (without
 * a valid H-1B visa) or asking for consular or port-of-entry notification; not with a change of status,
 * amendment or extension granted inside the US (the condition 'beneficiaryAbroad'). Issued for 12 months from
 * 21 Sep 2025 unless extended: last day 2026-09-20 until the platform administrator extends it.
 */
export const DATED_LINES: readonly DatedLine[] = [
  {
    line: {
      code: PROCLAMATION_CODE,
      name: 'H-1B Proclamation Payment',
      amount: 100000,
      type: 'USCIS',
      source: PROCLAMATION,
      when: 'beneficiaryAbroad',
    },
    from: '2025-09-21',
    until: '2026-09-20',
    typeCode: 'H1B',
    subTypeCodes: ['H1BCAP', 'H1BMAS', 'H1BCOE', 'H1BCX'],
  },
];

/** The end dates the platform administrator set, by line code (YYYY-MM-DD, last day it applies). */
export type DatedLineEnds = Readonly<Record<string, string>>;

export const datedLineUntil = (d: DatedLine, ends: DatedLineEnds = {}): string => ends[d.line.code] ?? d.until;

/**
 * The platform's lines of a sub-type on a day: the schedule in force that day, and the dated lines whose period
 * holds the day (each line's source names its rule).
 */
export const platformLinesOn = (
  day: string,
  typeCode: string,
  subTypeCode: string,
  ends: DatedLineEnds = {},
  published: readonly PublishedSchedule[] = [],
): ScheduleLine[] => [
  ...scheduleOn(day, published).linesFor(typeCode, subTypeCode),
  ...DATED_LINES.filter(
    (d) =>
      d.typeCode === typeCode &&
      d.subTypeCodes.includes(subTypeCode) &&
      d.from <= day &&
      day <= datedLineUntil(d, ends),
  ).map((d) => d.line),
];

export type VersionStatus = 'in force' | 'upcoming' | 'past';

/**
 * Issue 36: the platform schedule versions on a day, each with its last day (the day before the next one's
 * first, null for the newest) and whether it is in force, upcoming or past; newest first.
 */
export const scheduleVersionsOn = (today: string, published: readonly PublishedSchedule[] = []) => {
  const all = feeSchedules(published);
  const inForce = scheduleOn(today, published);
  return all
    .map((s, i) => {
      const next = all[i + 1];
      const status: VersionStatus = s.id === inForce.id ? 'in force' : s.effectiveFrom > today ? 'upcoming' : 'past';
      return {
        id: s.id,
        effectiveFrom: s.effectiveFrom,
        until: next ? dayBefore(next.effectiveFrom) : null,
        source: s.source,
        status,
        published: !!s.published,
        changes: s.published ? s.published.changes.length : 0,
      };
    })
    .reverse();
};

/** Issue 36: a sub-type of the platform's catalogue, by the codes the schedule reads and the names people read. */
export interface FeeCatalogueEntry {
  typeCode: string;
  typeName: string;
  subTypeCode: string;
  subTypeName: string;
}

/**
 * Issue 36: what changes between two schedule versions: each USCIS line of a case type whose amount differs (or
 * that one of them lacks), once per distinct change, with the sub-types it concerns.
 */
export const scheduleDiff = (from: FeeSchedule, to: FeeSchedule, catalogue: readonly FeeCatalogueEntry[]) => {
  const rows = new Map<
    string,
    {
      typeCode: string;
      typeName: string;
      code: string;
      name: string;
      before: number | null;
      after: number | null;
      subTypes: string[];
    }
  >();
  for (const entry of catalogue) {
    const before = from.linesFor(entry.typeCode, entry.subTypeCode).filter((l) => l.type === 'USCIS');
    const after = to.linesFor(entry.typeCode, entry.subTypeCode).filter((l) => l.type === 'USCIS');
    for (const code of new Set([...before, ...after].map((l) => l.code))) {
      const a = before.find((l) => l.code === code);
      const b = after.find((l) => l.code === code);
      if (a?.amount === b?.amount) continue;
      const key = [entry.typeCode, code, a?.amount, b?.amount].join('|');
      const row = rows.get(key) ?? {
        typeCode: entry.typeCode,
        typeName: entry.typeName,
        code,
        name: (b ?? a)?.name ?? code,
        before: a?.amount ?? null,
        after: b?.amount ?? null,
        subTypes: [],
      };
      row.subTypes.push(entry.subTypeName);
      rows.set(key, row);
    }
  }
  return [...rows.values()];
};

/**
 * Issue 36: the USCIS lines a new version may change: each case type's lines of the schedule it would follow
 * (the newest), with the amounts they take across its sub-types.
 */
export const publishableLines = (base: FeeSchedule, catalogue: readonly FeeCatalogueEntry[]) => {
  const lines = new Map<
    string,
    { typeCode: string; typeName: string; code: string; name: string; amounts: number[] }
  >();
  for (const entry of catalogue)
    for (const l of base.linesFor(entry.typeCode, entry.subTypeCode)) {
      if (l.type !== 'USCIS') continue;
      const key = `${entry.typeCode}|${l.code}`;
      const line = lines.get(key) ?? {
        typeCode: entry.typeCode,
        typeName: entry.typeName,
        code: l.code,
        name: l.name,
        amounts: [],
      };
      if (!line.amounts.includes(l.amount)) line.amounts.push(l.amount);
      lines.set(key, line);
    }
  return [...lines.values()];
};

export const PUBLISH_MESSAGES = {
  notAfterToday: 'A new schedule must start after today',
  dayTaken: 'A schedule already starts on this day',
  unknownType: 'No case type has this code',
  unknownLine: 'The schedule has no USCIS line of this code for this case type',
  twice: 'This line is changed twice',
  noChange: 'This amount is already the schedule’s',
  published: 'The fee schedule was published',
  withdrawn: 'The fee schedule was withdrawn',
  notUpcoming: 'Only a schedule that has not started yet can be withdrawn',
} as const;

/**
 * Issue 36: what is wrong with a new version before it is stored (each problem on its field): it starts after
 * today and on a day no version starts; each change names a case type of the catalogue (or none: every type), a
 * USCIS line that type's schedule holds, once, and an amount the line does not already take.
 */
export const publishProblems = (
  body: { effectiveFrom: string; changes: readonly PublishedChange[] },
  today: string,
  schedules: readonly FeeSchedule[],
  catalogue: readonly FeeCatalogueEntry[],
): { field: string; message: string }[] => {
  const problems: { field: string; message: string }[] = [];
  if (body.effectiveFrom <= today) problems.push({ field: 'effectiveFrom', message: PUBLISH_MESSAGES.notAfterToday });
  else if (schedules.some((s) => s.effectiveFrom === body.effectiveFrom))
    problems.push({ field: 'effectiveFrom', message: PUBLISH_MESSAGES.dayTaken });
  const base = [...schedules].reverse().find((s) => s.effectiveFrom < body.effectiveFrom) ?? schedules[0];
  const lines = base ? publishableLines(base, catalogue) : [];
  const seen = new Set<string>();
  body.changes.forEach((c, i) => {
    const key = `${c.typeCode ?? '*'}|${c.code}`;
    if (c.typeCode !== null && !catalogue.some((e) => e.typeCode === c.typeCode))
      problems.push({ field: `changes.${i}.typeCode`, message: PUBLISH_MESSAGES.unknownType });
    else if (seen.has(key)) problems.push({ field: `changes.${i}.code`, message: PUBLISH_MESSAGES.twice });
    else {
      const held = lines.filter((l) => l.code === c.code && (c.typeCode === null || l.typeCode === c.typeCode));
      if (held.length === 0) problems.push({ field: `changes.${i}.code`, message: PUBLISH_MESSAGES.unknownLine });
      else if (held.every((l) => l.amounts.every((a) => a === c.amount)))
        problems.push({ field: `changes.${i}.amount`, message: PUBLISH_MESSAGES.noChange });
    }
    seen.add(key);
  });
  return problems;
};

/** Issue 36: the dated lines with their period (the administrator's end date when set) and status on a day. */
export const datedLinesOn = (today: string, ends: DatedLineEnds = {}) =>
  DATED_LINES.map((d) => {
    const until = datedLineUntil(d, ends);
    const status: VersionStatus = today < d.from ? 'upcoming' : today > until ? 'past' : 'in force';
    return {
      code: d.line.code,
      name: d.line.name,
      amount: d.line.amount,
      from: d.from,
      until,
      defaultUntil: d.until,
      source: d.line.source,
      status,
    };
  });

const dayBefore = (day: string): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
