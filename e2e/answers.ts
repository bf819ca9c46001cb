import {
  type Answers,
  type AnswerValue,
  isShown,
  type Question,
} from '../packages/domain/src/questionnaires/definition';

/**
 * A plausible answer for each shown question a person must answer (the passport's own values where it names them),
 * as a draft saved through the API before the form is opened: questionnaire-answers.spec and outside-people.spec.
 */
const answerOf = (q: Question, scope: Answers): AnswerValue => {
  const v = q.validation ?? {};
  switch (q.type) {
    case 'date':
      return q.key === 'passportExpiry' ? '2031-05-01' : '1990-05-17';
    case 'number':
      return v.min ?? 1;
    case 'yesNo':
      return false;
    case 'singleChoice':
      return q.options?.[0];
    case 'multipleChoice':
      return q.options?.slice(0, 1);
    case 'country':
      return 'India';
    case 'address':
      return { street: '12 MG Road', city: 'Bengaluru', zip: '560001', country: 'India' };
    case 'phone':
      return '+1 512 555 0100';
    case 'email':
      return 'ana.e2e@example.test';
    case 'group':
      return [answersFor(q.questions ?? [], { ...scope })];
    case 'file':
      return undefined;
    default:
      if (q.key === 'passportNumber') return 'X1234567';
      return 'A sample answer long enough for any minimum length the questionnaire asks of it.';
  }
};

/** The answers of the shown required questions of `questions` (files left to the form's upload). */
export const answersFor = (questions: Question[], outer: Answers): Answers => {
  const out: Answers = {};
  for (const q of questions) {
    if (!q.required || !isShown(q, out, outer)) continue;
    const a = answerOf(q, out);
    if (a !== undefined) out[q.key] = a;
  }
  return out;
};
