import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CaseIdConfigItemSchema,
  CustomCaseCodeSchema,
  isGroupValid,
  itemProblems,
  parseSerialStart,
  subTypesInTwoGroups,
} from './contracts';
import {
  addPartSlot,
  CODE_PART_IDS,
  type CodePartId,
  canAddPart,
  canDeletePart,
  DEFAULT_SERIAL_START,
  INITIAL_PARTS,
  newGroup,
  normalizeResetIdBy,
  partChoices,
  partsForTenantType,
  removePartSlot,
  resetIdByFor,
  resetOptions,
  SERIAL_REQUIRED_MESSAGE,
  showsResetOn,
  subTypeChoices,
} from './parts';

const messages = (config: (CodePartId | null)[], tenantType: 1 | 2 | null = 1, resetIdBy: string | null = null) =>
  itemProblems({ config, resetIdBy }, tenantType).map((p) => p.message);

describe('case code parts', () => {
  it('R-CASECODE-018: the part ids are the fixed list of the spec', () => {
    expect(CODE_PART_IDS).toEqual([
      'CUSTOMER_CODE',
      'CASE_TYPE_CODE',
      'CASE_SUBTYPE_CODE',
      'PETITIONER_NAME',
      'BENEFICIARY_NAME',
      'SPONSOR_NAME',
      'APPLICANT_NAME',
      'YYYY',
      'MMYYYY',
      'MMDDYYYY',
      'MMDDYY',
      'SI_NO',
    ]);
    expect(
      CaseIdConfigItemSchema.safeParse({ subTypeIds: [1], config: [{ id: '\\d+' }], sNoStartsFrom: 1 }).success,
    ).toBe(false);
  });

  it('R-CASECODE-019: PETITIONER_NAME is not offered to, nor accepted from, a petitioner company (type 2)', () => {
    expect(partsForTenantType(2)).not.toContain('PETITIONER_NAME');
    expect(partsForTenantType(1)).toContain('PETITIONER_NAME');
    expect(partChoices(['CASE_TYPE_CODE', null, 'SI_NO'], 1, 2)).not.toContain('PETITIONER_NAME');
    expect(messages(['CASE_TYPE_CODE', 'PETITIONER_NAME', 'SI_NO'], 2)).toEqual([
      'PETITIONER_NAME is not available for this customer',
    ]);
    expect(messages(['CASE_TYPE_CODE', 'PETITIONER_NAME', 'SI_NO'], 1)).toEqual([]);
  });

  it('R-CASECODE-026: a new group starts with case type code, case subtype code and the serial number', () => {
    expect(INITIAL_PARTS).toEqual(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO']);
    expect(newGroup().config).toEqual(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO']);
  });

  it('R-CASECODE-027: the serial number slot stays last when parts are added, and is never offered in a Select', () => {
    expect(addPartSlot(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO'])).toEqual([
      'CASE_TYPE_CODE',
      'CASE_SUBTYPE_CODE',
      null,
      'SI_NO',
    ]);
    expect(partChoices(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', null, 'SI_NO'], 2, 1)).not.toContain('SI_NO');
    expect(removePartSlot(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'YYYY', 'SI_NO'], 3)).toEqual([
      'CASE_TYPE_CODE',
      'CASE_SUBTYPE_CODE',
      'YYYY',
      'SI_NO',
    ]);
    expect(messages(['SI_NO', 'CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE'])).toEqual([
      'The serial number must be the last part, once',
    ]);
  });

  it('R-CASECODE-028: each Select part is required', () => {
    expect(itemProblems({ config: ['CASE_TYPE_CODE', null, 'SI_NO'] }, 1)).toEqual([
      { name: 'config.1', message: 'This field is required' },
    ]);
  });

  it('R-CASECODE-029: a part can be deleted only when there are more than 3 parts', () => {
    expect(canDeletePart(3)).toBe(false);
    expect(canDeletePart(4)).toBe(true);
    expect(removePartSlot(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO'], 0)).toHaveLength(3);
    expect(removePartSlot(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'YYYY', 'SI_NO'], 0)).toEqual([
      'CASE_SUBTYPE_CODE',
      'YYYY',
      'SI_NO',
    ]);
    expect(messages(['CASE_TYPE_CODE', 'SI_NO'])).toEqual(['A code needs at least 3 parts']);
  });

  it('R-CASECODE-030: another part can be added only while the count is 6 or fewer (at most 7 parts)', () => {
    expect(canAddPart(6)).toBe(true);
    expect(canAddPart(7)).toBe(false);
    let parts: (CodePartId | null)[] = [...INITIAL_PARTS];
    for (let i = 0; i < 10; i++) parts = addPartSlot(parts);
    expect(parts).toHaveLength(7);
    const eight: CodePartId[] = [
      'CUSTOMER_CODE',
      'CASE_TYPE_CODE',
      'CASE_SUBTYPE_CODE',
      'BENEFICIARY_NAME',
      'SPONSOR_NAME',
      'APPLICANT_NAME',
      'YYYY',
      'SI_NO',
    ];
    expect(messages(eight)).toEqual(['A code has at most 7 parts']);
  });

  it('R-CASECODE-031: a part already chosen cannot be picked again', () => {
    const parts: (CodePartId | null)[] = ['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', null, 'SI_NO'];
    expect(partChoices(parts, 2, 1)).not.toContain('CASE_TYPE_CODE');
    expect(partChoices(parts, 0, 1)).toContain('CASE_TYPE_CODE');
    expect(messages(['CASE_TYPE_CODE', 'CASE_TYPE_CODE', 'SI_NO'])).toEqual(['CASE_TYPE_CODE is chosen twice']);
  });

  it('R-CASECODE-032: choosing YYYY removes MMYYYY and MMDDYYYY from the choices', () => {
    const choices = partChoices(['YYYY', 'CASE_SUBTYPE_CODE', null, 'SI_NO'], 2, 1);
    expect(choices).not.toContain('MMYYYY');
    expect(choices).not.toContain('MMDDYYYY');
    expect(choices).toContain('MMDDYY');
    expect(messages(['YYYY', 'MMYYYY', 'SI_NO'])).toEqual(['MMYYYY cannot be combined with YYYY']);
  });

  it('R-CASECODE-033: choosing MMYYYY removes YYYY and MMDDYYYY from the choices', () => {
    const choices = partChoices(['MMYYYY', 'CASE_SUBTYPE_CODE', null, 'SI_NO'], 2, 1);
    expect(choices).not.toContain('YYYY');
    expect(choices).not.toContain('MMDDYYYY');
    expect(messages(['MMYYYY', 'MMDDYYYY', 'SI_NO'])).toEqual(['MMDDYYYY cannot be combined with MMYYYY']);
  });

  it('R-CASECODE-034: choosing MMDDYYYY removes YYYY and MMYYYY from the choices', () => {
    const choices = partChoices(['MMDDYYYY', 'CASE_SUBTYPE_CODE', null, 'SI_NO'], 2, 1);
    expect(choices).not.toContain('YYYY');
    expect(choices).not.toContain('MMYYYY');
    expect(messages(['MMDDYYYY', 'YYYY', 'SI_NO'])).toEqual(['YYYY cannot be combined with MMDDYYYY']);
  });

  it('R-CASECODE-035: SI. No. Reset On shows only when the pattern has a date part', () => {
    expect(showsResetOn(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO'])).toBe(false);
    for (const d of ['YYYY', 'MMYYYY', 'MMDDYYYY', 'MMDDYY'] as const)
      expect(showsResetOn(['CASE_TYPE_CODE', d, 'SI_NO'])).toBe(true);
  });

  it('R-CASECODE-036: the reset options are Month and Year by default', () => {
    expect(resetOptions(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO'])).toEqual(['Month', 'Year']);
  });

  it('R-CASECODE-037: with YYYY the only reset option is Year', () => {
    expect(resetOptions(['YYYY', 'CASE_TYPE_CODE', 'SI_NO'])).toEqual(['Year']);
  });

  it('R-CASECODE-037: with YYYY the only reset option, Year, is the reset even when none was chosen', () => {
    expect(resetIdByFor(['CASE_TYPE_CODE', 'YYYY', 'SI_NO'], null)).toBe('Year');
    expect(resetIdByFor(['CASE_TYPE_CODE', 'YYYY', 'SI_NO'], 'Month')).toBe('Year');
    expect(resetIdByFor(['CASE_TYPE_CODE', 'MMYYYY', 'SI_NO'], undefined)).toBe('Month');
    expect(resetIdByFor(['CASE_TYPE_CODE', 'MMDDYY', 'SI_NO'], null)).toBe('Day');
    // Two date parts leave a choice (Day or Year); nothing is picked for the user.
    expect(resetIdByFor(['MMDDYY', 'YYYY', 'SI_NO'], null)).toBeNull();
    expect(resetIdByFor(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO'], 'Year')).toBeNull();
  });

  it('R-CASECODE-038: with MMDDYYYY or MMDDYY the only reset option is Day', () => {
    expect(resetOptions(['MMDDYYYY', 'CASE_TYPE_CODE', 'SI_NO'])).toEqual(['Day']);
    expect(resetOptions(['MMDDYY', 'CASE_TYPE_CODE', 'SI_NO'])).toEqual(['Day']);
  });

  it('R-CASECODE-039: with MMYYYY the only reset option is Month', () => {
    expect(resetOptions(['MMYYYY', 'CASE_TYPE_CODE', 'SI_NO'])).toEqual(['Month']);
  });

  it('R-CASECODE-040, R-CASECODE-041 (replaced by D-16): on submit resetIdBy is kept only with a date part and one of its options, otherwise cleared', () => {
    expect(normalizeResetIdBy(['YYYY', 'CASE_TYPE_CODE', 'SI_NO'], 'Year')).toBe('Year');
    expect(normalizeResetIdBy(['YYYY', 'CASE_TYPE_CODE', 'SI_NO'], 'Month')).toBeNull();
    expect(normalizeResetIdBy(['MMDDYY', 'CASE_TYPE_CODE', 'SI_NO'], 'Day')).toBe('Day');
    expect(normalizeResetIdBy(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO'], 'Year')).toBeNull();
    // The server refuses what the form would have cleared.
    expect(messages(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'SI_NO'], 1, 'Year')).toEqual([
      'SI. No. Reset On needs a date part in the configuration',
    ]);
    expect(messages(['YYYY', 'CASE_SUBTYPE_CODE', 'SI_NO'], 1, 'Day')).toEqual([
      'SI. No. Reset On must be Year for this configuration',
    ]);
  });

  it('D-16: a kept reset period always belongs to a date part of the pattern, so a restarted serial cannot repeat a number', () => {
    const part = fc.constantFrom(...CODE_PART_IDS.filter((p) => p !== 'SI_NO'));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 6 }), fc.constantFrom('Day', 'Month', 'Year', null), (middle, reset) => {
        const parts: CodePartId[] = [...middle, 'SI_NO'];
        const kept = normalizeResetIdBy(parts, reset);
        if (kept === 'Year') expect(parts.some((p) => p === 'YYYY')).toBe(true);
        if (kept === 'Month') expect(parts).toContain('MMYYYY');
        if (kept === 'Day') expect(parts.some((p) => p === 'MMDDYYYY' || p === 'MMDDYY')).toBe(true);
        if (kept !== null)
          expect(itemProblems({ config: parts, resetIdBy: kept }, 1).some((p) => p.name === 'resetIdBy')).toBe(false);
      }),
    );
  });

  it('R-CASECODE-046: a configuration without a serial number part fails with the spec message', () => {
    expect(messages(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'YYYY'])).toEqual([SERIAL_REQUIRED_MESSAGE]);
    expect(SERIAL_REQUIRED_MESSAGE).toBe('In Code Configuration Serial number is required');
  });

  it('R-CASECODE-031: whatever is picked slot by slot from the offered choices is a valid pattern (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 0, maxLength: 4 }),
        fc.constantFrom<1 | 2>(1, 2),
        (picks, tenantType) => {
          let parts: (CodePartId | null)[] = [...INITIAL_PARTS];
          for (const pick of picks) {
            parts = addPartSlot(parts);
            const at = parts.length - 2;
            const choices = partChoices(parts, at, tenantType);
            parts[at] = choices[pick % choices.length] ?? null;
          }
          expect(parts.length).toBeLessThanOrEqual(7);
          expect(itemProblems({ config: parts }, tenantType)).toEqual([]);
        },
      ),
    );
  });
});

describe('SI. No. Starts From', () => {
  it('R-CASECODE-045: defaults to 10001', () => {
    expect(DEFAULT_SERIAL_START).toBe(10001);
    expect(newGroup().sNoStartsFrom).toBe('10001');
  });

  it('R-CASECODE-042: is required and digits only', () => {
    expect(parseSerialStart('')).toEqual({ error: 'SI. No. Starts From is required' });
    for (const bad of ['12a', '1.5', '-3', '1e4', ' 1 2'])
      expect(parseSerialStart(bad)).toEqual({ error: 'Please enter digits only' });
    expect(parseSerialStart('0042')).toEqual({ value: 42 });
    expect(CaseIdConfigItemSchema.safeParse({ subTypeIds: [1], config: [], sNoStartsFrom: '10001' }).success).toBe(
      false,
    );
    expect(CaseIdConfigItemSchema.safeParse({ subTypeIds: [1], config: [], sNoStartsFrom: 1.5 }).success).toBe(false);
  });

  it('R-CASECODE-043: must be at least 1', () => {
    expect(parseSerialStart('0')).toEqual({ error: 'SI. No. Starts From must be at least 1' });
    expect(parseSerialStart('1')).toEqual({ value: 1 });
    expect(CaseIdConfigItemSchema.safeParse({ subTypeIds: [1], config: [], sNoStartsFrom: 0 }).success).toBe(false);
  });
});

describe('groups', () => {
  it('R-CASECODE-023: Case Subtypes is required', () => {
    const r = CaseIdConfigItemSchema.safeParse({ subTypeIds: [], config: [], sNoStartsFrom: 1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Case Subtypes is required');
  });

  it('R-CASECODE-025: a sub-type used by one group is not offered to another, and two groups sharing one are found', () => {
    const all = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    const groups = [{ subTypeIds: [1, 2] }, { subTypeIds: [3] }];
    expect(subTypeChoices(all, groups, 1).map((s) => s.id)).toEqual([3, 4]);
    expect(subTypeChoices(all, groups, 0, [4]).map((s) => s.id)).toEqual([1, 2]);
    expect(subTypesInTwoGroups([{ subTypeIds: [1, 2] }, { subTypeIds: [2, 3] }])).toEqual([2]);
    expect(subTypesInTwoGroups(groups)).toEqual([]);
  });

  it('R-CASECODE-047: another group may be added only when the current one is valid', () => {
    const g = newGroup();
    expect(isGroupValid(g, 1)).toBe(false);
    expect(isGroupValid({ ...g, subTypeIds: [1] }, 1)).toBe(true);
    expect(isGroupValid({ ...g, subTypeIds: [1], sNoStartsFrom: '0' }, 1)).toBe(false);
    expect(isGroupValid({ ...g, subTypeIds: [1], config: ['CASE_TYPE_CODE', null, 'SI_NO'] }, 1)).toBe(false);
  });
});

describe('custom case code (D-23)', () => {
  it('D-23: required, 2 to 6 characters, letters, digits, spaces and hyphens only', () => {
    const msg = (v: unknown) => CustomCaseCodeSchema.safeParse(v).error?.issues[0]?.message;
    expect(msg('')).toBe('Custom Code is required');
    expect(msg(undefined)).toBe('Custom Code is required');
    expect(msg('A')).toBe('Custom Code must be 2 to 6 characters');
    expect(msg('ABCDEFG')).toBe('Custom Code must be 2 to 6 characters');
    expect(msg('H1_B')).toBe('Only letters, digits, spaces and hyphens are allowed');
    for (const ok of ['H1', 'H-1B', 'EB 2', 'ABC123']) expect(CustomCaseCodeSchema.parse(ok)).toBe(ok);
  });
});
