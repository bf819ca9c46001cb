import { describe, expect, it } from 'vitest';
import { CustomCaseCodeSchema } from '../case-codes/contracts';
import {
  customCodeTitle,
  ONE_QUESTIONNAIRE_MESSAGE,
  PetitionConfigSaveBodySchema,
  showsOneQuestionnaireNotice,
  subTypeSwitchDisabled,
} from './contracts';

const msg = (v: unknown) => CustomCaseCodeSchema.safeParse(v).error?.issues[0]?.message;

describe('case-type configuration rules', () => {
  it('R-CASETYPE-027: the custom case code is required', () => {
    expect(msg(undefined)).toBe('Custom Code is required');
    expect(msg('   ')).toBe('Custom Code is required');
  });

  it('R-CASETYPE-028: the custom case code is 2 to 6 characters long', () => {
    expect(msg('A')).toBe('Custom Code must be 2 to 6 characters');
    expect(msg('ABCDEFG')).toBe('Custom Code must be 2 to 6 characters');
    expect(CustomCaseCodeSchema.parse('AB')).toBe('AB');
    expect(CustomCaseCodeSchema.parse('ABCDEF')).toBe('ABCDEF');
  });

  it('R-CASETYPE-029: the custom case code accepts only letters, digits, spaces and hyphens', () => {
    for (const bad of ['H1_B', 'A/B', 'AÉ', '<b>'])
      expect(msg(bad)).toBe('Only letters, digits, spaces and hyphens are allowed');
    for (const good of ['H-1B', 'EB 2', 'ab12']) expect(CustomCaseCodeSchema.parse(good)).toBe(good);
  });

  it('R-CASETYPE-011: a configuration without a questionnaire does not parse', () => {
    const r = PetitionConfigSaveBodySchema.safeParse({ typeId: 1, subTypeId: 4, formAndLetterIds: [] });
    expect(r.error?.issues[0]).toMatchObject({
      path: ['questionnaireTplId'],
      message: 'Please select a Questionnaire',
    });
  });

  it('R-CASETYPE-010: the single-questionnaire notice shows for exactly one questionnaire, verbatim', () => {
    expect([0, 1, 2].map(showsOneQuestionnaireNotice)).toEqual([false, true, false]);
    expect(ONE_QUESTIONNAIRE_MESSAGE).toBe(
      "You have one Questionnaire available at the moment, if you need a new Questionnaire contact the product's support team",
    );
  });

  it('R-CASETYPE-003: a sub-type switch is disabled while its case type is off', () => {
    expect(subTypeSwitchDisabled(false)).toBe(true);
    expect(subTypeSwitchDisabled(true)).toBe(false);
  });

  it("R-CASETYPE-026: the Custom Code popup is titled 'Add Custom Code' or 'Edit Custom Code' plus the name", () => {
    expect(customCodeTitle(false, 'H-1B Specialty Occupation')).toBe('Add Custom Code H-1B Specialty Occupation');
    expect(customCodeTitle(true, 'Change of Employer')).toBe('Edit Custom Code Change of Employer');
  });
});
