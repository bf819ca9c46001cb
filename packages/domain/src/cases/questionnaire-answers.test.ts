import { describe, expect, it } from 'vitest';
import { type Definition, definitionProblems } from '../questionnaires/definition';
import { FILL_MESSAGES, fillTargetsFor } from '../questionnaires/fills';
import {
  AUDIENCE_ROLES,
  answersOf,
  audienceOf,
  FILLED_PERSON,
  fileAnswerIds,
  filledByAnswers,
  isAnswerable,
} from './questionnaire-answers';

const def = (questions: Definition['sections'][number]['questions']): Definition => ({
  sections: [{ key: 's', title: 'S', questions }],
});

describe('the fact a question fills (issue 35 item 2)', () => {
  it('issue 35: the builder offers only the facts a question of that type can fill', () => {
    const dates = fillTargetsFor('date').map((t) => t.value);
    expect(dates).toContain('person.passportExpiry');
    expect(dates).toContain('case.startDate');
    expect(dates).not.toContain('case.jobTitle');
    expect(fillTargetsFor('yesNo').map((t) => t.value)).toContain('case.premiumProcessing');
    expect(fillTargetsFor('file')).toEqual([]);
    // Facts that are ids or lists (SOC code, service center, worksites) are not typed by a person.
    expect(fillTargetsFor('text').map((t) => t.value)).not.toContain('case.socCodeId');
    // An address fills the beneficiary's home, or the case's worksite.
    expect(fillTargetsFor('address').map((t) => t.value)).toEqual(['person.address', 'case.worksites']);
  });

  it('issue 35: a wrong type, an unknown fact, a choice the fact does not hold, a second filler and a group member are refused', () => {
    const problems = definitionProblems(
      def([
        { key: 'a', label: 'A', type: 'text', fills: 'case.startDate' },
        { key: 'b', label: 'B', type: 'text', fills: 'case.nothing' },
        { key: 'c', label: 'C', type: 'singleChoice', options: ['Year', 'Fortnight'], fills: 'case.wageUnit' },
        { key: 'd', label: 'D', type: 'text', fills: 'case.jobTitle' },
        { key: 'e', label: 'E', type: 'longText', fills: 'case.jobTitle' },
        {
          key: 'g',
          label: 'G',
          type: 'group',
          questions: [{ key: 'h', label: 'H', type: 'text', fills: 'person.passportNumber' }],
        },
      ]),
    );
    expect(problems.filter((p) => p.name.endsWith('.fills'))).toEqual([
      { name: 'definition.sections.0.questions.0.fills', message: FILL_MESSAGES.type },
      { name: 'definition.sections.0.questions.1.fills', message: FILL_MESSAGES.unknown },
      { name: 'definition.sections.0.questions.2.fills', message: FILL_MESSAGES.options },
      { name: 'definition.sections.0.questions.4.fills', message: FILL_MESSAGES.twice },
      { name: 'definition.sections.0.questions.5.questions.0.fills', message: FILL_MESSAGES.inGroup },
    ]);
  });

  it('issue 35: the answers fill case facts and the beneficiary’s fields; a hidden or blank answer fills nothing', () => {
    const d = def([
      { key: 'us', label: 'In the US?', type: 'yesNo' },
      {
        key: 'i94',
        label: 'I-94',
        type: 'text',
        fills: 'person.i94Number',
        showIf: { questionKey: 'us', equals: true },
      },
      { key: 'title', label: 'Title', type: 'text', fills: 'case.jobTitle' },
      { key: 'wage', label: 'Wage', type: 'number', fills: 'case.wage' },
      { key: 'home', label: 'Home', type: 'address', fills: 'person.address' },
      { key: 'start', label: 'Start', type: 'date', fills: 'case.startDate' },
      { key: 'site', label: 'Worksite', type: 'address', fills: 'case.worksites' },
    ]);
    const out = filledByAnswers(d, {
      us: false,
      i94: '12345678901',
      title: '  Engineer ',
      wage: 120000,
      home: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'United States' },
      start: '',
      site: { street: '500 Congress Ave', city: 'Austin', country: 'United States' },
    });
    expect(out.facts).toEqual({
      jobTitle: 'Engineer',
      wage: 120000,
      worksites: [{ line1: '500 Congress Ave', city: 'Austin', country: 'United States' }],
    });
    expect(out.person).toEqual({
      address: { line1: '1 Main St', city: 'Austin', state: 'TX', zipcode: '78701', country: 'United States' },
    });
    expect(out.fields).toEqual([]);
    expect(out.filled.map((f) => f.fills)).toEqual(['case.jobTitle', 'case.wage', 'person.address', 'case.worksites']);
  });

  it('issue 35: a value the beneficiary’s record refuses is an error on its question', () => {
    const d = def([{ key: 'tel', label: 'Phone', type: 'phone', fills: 'person.phone' }]);
    expect(filledByAnswers(d, { tel: '12' }).fields).toEqual([
      { name: 'answers.tel', message: expect.stringContaining('phone number') },
    ]);
  });

  it('issue 35: only the definition’s own answers are kept; file answers are listed from groups too', () => {
    const d = def([
      { key: 'scan', label: 'Scan', type: 'file' },
      {
        key: 'kids',
        label: 'Children',
        type: 'group',
        questions: [{ key: 'birth', label: 'Birth certificate', type: 'file' }],
      },
    ]);
    const a = answersOf(d, { scan: 'a', kids: [{ birth: 'b' }, { birth: 'c' }], other: 'x' });
    expect(a).toEqual({ scan: 'a', kids: [{ birth: 'b' }, { birth: 'c' }] });
    expect(fileAnswerIds(d, a)).toEqual(['a', 'b', 'c']);
    expect(isAnswerable('sent') && isAnswerable('returned')).toBe(true);
    expect(isAnswerable('submitted') || isAnswerable('accepted')).toBe(false);
  });
});

describe('who answers a questionnaire (issue 35 item 2)', () => {
  it('issue 35: each audience is answered by its linked role (the sponsor by 51) and fills its own person’s record; an unknown stored audience is the beneficiary’s', () => {
    expect(AUDIENCE_ROLES).toEqual({ beneficiary: 11, petitioner: 50, sponsor: 51 });
    expect(FILLED_PERSON).toEqual({ beneficiary: 'beneficiaryId', petitioner: 'beneficiaryId', sponsor: 'sponsorId' });
    expect(audienceOf('sponsor')).toBe('sponsor');
    expect(audienceOf('Beneficiary')).toBe('beneficiary');
  });
});
