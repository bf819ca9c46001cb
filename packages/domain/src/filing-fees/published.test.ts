import { describe, expect, it } from 'vitest';
import {
  type FeeCatalogueEntry,
  feeSchedules,
  PUBLISH_MESSAGES,
  type PublishedChange,
  type PublishedSchedule,
  platformLinesOn,
  publishableLines,
  publishProblems,
  scheduleDiff,
  scheduleOn,
  scheduleVersionsOn,
} from './schedule';

/** Issue 36: schedule versions the platform administrator publishes over the ones written in code. */
const CATALOGUE: FeeCatalogueEntry[] = [
  { typeCode: 'H1B', typeName: 'H-1B', subTypeCode: 'H1BCAP', subTypeName: 'Cap - New Petition' },
  { typeCode: 'H1B', typeName: 'H-1B', subTypeCode: 'H1BEXT', subTypeName: 'Extension of Stay' },
  { typeCode: 'L1', typeName: 'L-1', subTypeCode: 'L1ANEW', subTypeName: 'L-1A New' },
];
const P2027: PublishedSchedule = {
  id: 'p-2027',
  effectiveFrom: '2027-01-15',
  source: 'Rule A',
  changes: [
    { typeCode: null, code: 'PREMIUM', amount: 3100 },
    { typeCode: 'H1B', code: 'I129', amount: 800 },
  ],
};
const P2028: PublishedSchedule = {
  id: 'p-2028',
  effectiveFrom: '2028-02-01',
  source: 'Rule B',
  changes: [{ typeCode: 'L1', code: 'PREMIUM', amount: 3300 }],
};
const amountOf = (day: string, type: string, sub: string, code: string, published = [P2027, P2028]) =>
  platformLinesOn(day, type, sub, {}, published).find((l) => l.code === code)?.amount;

describe('published fee schedule versions', () => {
  it('issue 36: a published version changes only the amounts it names, from its first day, on top of the version before it', () => {
    expect(amountOf('2027-01-14', 'H1B', 'H1BCAP', 'PREMIUM')).toBe(2965);
    expect(amountOf('2027-01-15', 'H1B', 'H1BCAP', 'PREMIUM')).toBe(3100);
    expect(amountOf('2027-01-15', 'H1B', 'H1BCAP', 'I129')).toBe(800);
    // A change for H-1B stays in H-1B; a change for every type reaches L-1.
    expect(amountOf('2027-01-15', 'L1', 'L1ANEW', 'I129')).toBe(1385);
    expect(amountOf('2027-01-15', 'L1', 'L1ANEW', 'PREMIUM')).toBe(3100);
    // The next one builds on it: its L-1 premium, the H-1B's kept from 2027.
    expect(amountOf('2028-02-01', 'L1', 'L1ANEW', 'PREMIUM')).toBe(3300);
    expect(amountOf('2028-02-01', 'H1B', 'H1BCAP', 'PREMIUM')).toBe(3100);
    expect(amountOf('2028-02-01', 'H1B', 'H1BCAP', 'I129')).toBe(800);
    // The lines it changes name its source; the others keep theirs.
    const lines = platformLinesOn('2027-01-15', 'H1B', 'H1BCAP', {}, [P2027]);
    expect(lines.find((l) => l.code === 'PREMIUM')?.source).toBe('Rule A');
    expect(lines.find((l) => l.code === 'ACWIA')?.source).toContain('INA 214(c)(9)');
    // The conditional amounts stay (a small employer's I-129 is still 460).
    expect(lines.find((l) => l.code === 'I129')?.amounts).toContainEqual({ condition: 'smallEmployer', amount: 460 });
    // Without publications, the versions written in code.
    expect(scheduleOn('2027-01-15').id).toBe('uscis-2026');
    expect(feeSchedules([P2028, P2027]).map((s) => s.id)).toEqual([
      'uscis-2016',
      'uscis-2024',
      'uscis-2026',
      'p-2027',
      'p-2028',
    ]);
  });

  it('issue 36: the versions on a day say in force, upcoming or past, which were published and how many amounts each changes', () => {
    const versions = scheduleVersionsOn('2026-11-30', [P2027]);
    expect(versions[0]).toMatchObject({ id: 'p-2027', status: 'upcoming', published: true, changes: 2, until: null });
    expect(versions[1]).toMatchObject({ id: 'uscis-2026', status: 'in force', published: false, until: '2027-01-14' });
    expect(scheduleVersionsOn('2027-01-15', [P2027])[0]?.status).toBe('in force');
  });

  it('issue 36: the difference between two versions names each line whose amount changed, with its sub-types', () => {
    const [, v2024, v2026, p2027] = feeSchedules([P2027]);
    if (!v2024 || !v2026 || !p2027) throw new Error('versions missing');
    const premium = scheduleDiff(v2024, v2026, CATALOGUE);
    expect(premium).toEqual([
      {
        typeCode: 'H1B',
        typeName: 'H-1B',
        code: 'PREMIUM',
        name: 'Premium Processing (I-907)',
        before: 2805,
        after: 2965,
        subTypes: ['Cap - New Petition', 'Extension of Stay'],
      },
      {
        typeCode: 'L1',
        typeName: 'L-1',
        code: 'PREMIUM',
        name: 'Premium Processing (I-907)',
        before: 2805,
        after: 2965,
        subTypes: ['L-1A New'],
      },
    ]);
    const next = scheduleDiff(v2026, p2027, CATALOGUE);
    expect(next.map((r) => `${r.typeCode} ${r.code} ${r.before}→${r.after}`)).toEqual([
      'H1B I129 780→800',
      'H1B PREMIUM 2965→3100',
      'L1 PREMIUM 2965→3100',
    ]);
    expect(scheduleDiff(v2026, v2026, CATALOGUE)).toEqual([]);
  });

  it('issue 36: a new version starts after today on a free day, and changes USCIS lines the schedule holds to another amount, each once', () => {
    const schedules = feeSchedules([P2027]);
    const ok: { effectiveFrom: string; changes: PublishedChange[] } = {
      effectiveFrom: '2027-06-01',
      changes: [{ typeCode: 'H1B', code: 'ACWIA', amount: 1600 }],
    };
    const problems = (body: Partial<typeof ok>) =>
      publishProblems({ ...ok, ...body }, '2026-11-30', schedules, CATALOGUE);
    expect(problems({})).toEqual([]);
    expect(problems({ effectiveFrom: '2026-11-30' })).toEqual([
      { field: 'effectiveFrom', message: PUBLISH_MESSAGES.notAfterToday },
    ]);
    expect(problems({ effectiveFrom: '2027-01-15' })).toEqual([
      { field: 'effectiveFrom', message: PUBLISH_MESSAGES.dayTaken },
    ]);
    expect(problems({ changes: [{ typeCode: 'XX', code: 'ACWIA', amount: 1 }] })[0]?.field).toBe('changes.0.typeCode');
    expect(problems({ changes: [{ typeCode: 'L1', code: 'ACWIA', amount: 1 }] })).toEqual([
      { field: 'changes.0.code', message: PUBLISH_MESSAGES.unknownLine },
    ]);
    expect(problems({ changes: [{ typeCode: null, code: 'SHIPPING', amount: 1 }] })[0]?.message).toBe(
      PUBLISH_MESSAGES.unknownLine,
    );
    // Over the 2027 version, the H-1B's I-129 is 800 already.
    expect(problems({ changes: [{ typeCode: 'H1B', code: 'I129', amount: 800 }] })[0]?.message).toBe(
      PUBLISH_MESSAGES.noChange,
    );
    expect(
      problems({
        changes: [
          { typeCode: 'H1B', code: 'ACWIA', amount: 1600 },
          { typeCode: 'H1B', code: 'ACWIA', amount: 1700 },
        ],
      }),
    ).toEqual([{ field: 'changes.1.code', message: PUBLISH_MESSAGES.twice }]);
  });

  it('issue 36: the lines a new version may change are each case type’s USCIS lines with their amounts', () => {
    const v2026 = feeSchedules()[2];
    if (!v2026) throw new Error('2026 missing');
    const lines = publishableLines(v2026, CATALOGUE);
    expect(lines.find((l) => l.typeCode === 'H1B' && l.code === 'ACWIA')).toMatchObject({ amounts: [1500] });
    expect(lines.some((l) => l.code === 'LEGAL')).toBe(false);
    // The H-1B extension has no ACWIA-free variant here: one amount for the type.
    expect(lines.filter((l) => l.typeCode === 'H1B' && l.code === 'PREMIUM')).toHaveLength(1);
  });
});
