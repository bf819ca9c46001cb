import { describe, expect, it } from 'vitest';
import {
  ANSWER_MESSAGES,
  answerProblems,
  type Definition,
  DefinitionSchema,
  definitionProblems,
  isShown,
  jsonSchemaOf,
  Q_MESSAGES,
  type Question,
} from './definition';
import { STARTER_QUESTIONNAIRES } from './starters';

export const buildDefinition = (questions: Question[]): Definition => ({
  sections: [{ key: 's1', title: 'About you', questions }],
});
const messages = (d: Definition) => definitionProblems(d).map((p) => `${p.name}: ${p.message}`);

describe('questionnaire definition rules', () => {
  it('accepts a definition with a condition on an earlier question and a repeatable group', () => {
    const d = buildDefinition([
      { key: 'married', label: 'Married?', type: 'yesNo' },
      { key: 'spouse', label: 'Spouse', type: 'text', showIf: { questionKey: 'married', equals: true } },
      {
        key: 'employers',
        label: 'Employers',
        type: 'group',
        questions: [
          { key: 'employerName', label: 'Employer', type: 'text', required: true },
          { key: 'current', label: 'Current?', type: 'yesNo' },
          { key: 'endDate', label: 'End', type: 'date', showIf: { questionKey: 'current', equals: false } },
        ],
      },
    ]);
    expect(messages(d)).toEqual([]);
  });

  it('refuses a condition on a later question (a forward reference, which could close a cycle)', () => {
    const d = buildDefinition([
      { key: 'a', label: 'A', type: 'yesNo', showIf: { questionKey: 'b', equals: true } },
      { key: 'b', label: 'B', type: 'yesNo', showIf: { questionKey: 'a', equals: true } },
    ]);
    expect(messages(d)).toEqual([`definition.sections.0.questions.0.showIf: ${Q_MESSAGES.conditionEarlier}`]);
  });

  it('refuses a question whose condition names itself', () => {
    const d = buildDefinition([{ key: 'a', label: 'A', type: 'yesNo', showIf: { questionKey: 'a', equals: true } }]);
    expect(messages(d)).toEqual([`definition.sections.0.questions.0.showIf: ${Q_MESSAGES.conditionEarlier}`]);
  });

  it('refuses a question without a type (schema) and reports its path', () => {
    const r = DefinitionSchema.safeParse({
      sections: [{ key: 's', title: 'S', questions: [{ key: 'a', label: 'A' }] }],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['sections', 0, 'questions', 0, 'type']);
    expect(r.error?.issues[0]?.message).toBe(Q_MESSAGES.typeRequired);
  });

  it('refuses duplicate keys, empty choices, a bad key and a nested group', () => {
    const d = buildDefinition([
      { key: 'a', label: 'A', type: 'text' },
      { key: 'a', label: 'A again', type: 'text' },
      { key: 'pick', label: 'Pick', type: 'singleChoice', options: [] },
      { key: '1bad', label: 'Bad', type: 'text' },
      {
        key: 'g',
        label: 'G',
        type: 'group',
        questions: [{ key: 'inner', label: 'Inner', type: 'group' }],
      },
    ]);
    expect(messages(d)).toEqual([
      `definition.sections.0.questions.1.key: ${Q_MESSAGES.keyDuplicate}`,
      `definition.sections.0.questions.2.options: ${Q_MESSAGES.optionsRequired}`,
      `definition.sections.0.questions.3.key: ${Q_MESSAGES.keyFormat}`,
      `definition.sections.0.questions.4.questions.0.type: ${Q_MESSAGES.groupNested}`,
    ]);
  });

  it("refuses a condition whose value is not one of the earlier question's choices, or on a question inside another group", () => {
    const d = buildDefinition([
      { key: 'status', label: 'Status', type: 'singleChoice', options: ['Single', 'Married'] },
      { key: 'x', label: 'X', type: 'text', showIf: { questionKey: 'status', equals: 'Widowed' } },
      { key: 'g', label: 'G', type: 'group', questions: [{ key: 'inG', label: 'In G', type: 'yesNo' }] },
      { key: 'y', label: 'Y', type: 'text', showIf: { questionKey: 'inG', equals: true } },
    ]);
    expect(messages(d)).toEqual([
      `definition.sections.0.questions.1.showIf: ${Q_MESSAGES.conditionValue}`,
      `definition.sections.0.questions.3.showIf: ${Q_MESSAGES.conditionEarlier}`,
    ]);
  });

  it('refuses min greater than max and a pattern that is not a regular expression', () => {
    const d = buildDefinition([
      { key: 'n', label: 'N', type: 'number', validation: { min: 5, max: 1 } },
      { key: 't', label: 'T', type: 'text', validation: { pattern: '([a-z' } },
    ]);
    expect(messages(d)).toEqual([
      `definition.sections.0.questions.0.validation.min: ${Q_MESSAGES.minMax}`,
      `definition.sections.0.questions.1.validation.pattern: ${Q_MESSAGES.pattern}`,
    ]);
  });

  it('every starter questionnaire is valid and has a repeatable group or a condition', () => {
    for (const s of STARTER_QUESTIONNAIRES) {
      expect(DefinitionSchema.parse(s.definition)).toEqual(s.definition);
      expect(definitionProblems(s.definition), s.name).toEqual([]);
    }
    expect(STARTER_QUESTIONNAIRES.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'H-1B Beneficiary Questionnaire',
        'I-130 Petition for Alien Relative Questionnaire',
        'N-400 Naturalization Questionnaire',
      ]),
    );
  });
});

describe('answers', () => {
  const d = buildDefinition([
    { key: 'married', label: 'Married?', type: 'yesNo', required: true },
    { key: 'spouse', label: 'Spouse', type: 'text', required: true, showIf: { questionKey: 'married', equals: true } },
    { key: 'email', label: 'E-mail', type: 'email' },
    {
      key: 'employers',
      label: 'Employers',
      type: 'group',
      required: true,
      questions: [{ key: 'employerName', label: 'Employer', type: 'text', required: true }],
    },
  ]);

  it('a conditional question is shown only while the earlier answer matches', () => {
    const spouse = d.sections[0]!.questions[1]!;
    expect(isShown(spouse, { married: true })).toBe(true);
    expect(isShown(spouse, { married: false })).toBe(false);
    expect(isShown(spouse, {})).toBe(false);
  });

  it('checks required answers of shown questions only, formats, and each group entry', () => {
    expect(answerProblems(d, { married: false, email: 'nope' })).toEqual([
      { name: 'email', message: ANSWER_MESSAGES.email },
      { name: 'employers', message: ANSWER_MESSAGES.required },
    ]);
    expect(answerProblems(d, { married: true, employers: [{ employerName: 'Acme' }, {}] })).toEqual([
      { name: 'spouse', message: ANSWER_MESSAGES.required },
      { name: 'employers.1.employerName', message: ANSWER_MESSAGES.required },
    ]);
  });

  it('gives the JSON Schema of the answers', () => {
    const s = jsonSchemaOf(d, 'T') as { properties: Record<string, { type: string }>; required: string[] };
    expect(s.properties.employers?.type).toBe('array');
    expect(s.required).toEqual(['married', 'employers']);
  });
});
