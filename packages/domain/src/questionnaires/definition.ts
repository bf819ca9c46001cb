import { z } from 'zod';
import type { FieldError } from '../api/errors';
import { int4, text } from '../api/scalars';
import { FILL_MESSAGES, fillProblem } from './fills';

/**
 * A questionnaire's definition, stored as data (issue 21): sections of questions, each question with a type,
 * a label, help text, whether it is required, validation rules, an optional condition on an EARLIER answer,
 * and for a repeatable group ("each employer") its own questions. The builder edits it, the preview and the
 * respondent's form render it, `jsonSchemaOf` gives its JSON Schema, and `definitionProblems` holds the rules
 * the server re-checks on every save and publish.
 */
export const QUESTION_TYPES = [
  'text',
  'longText',
  'date',
  'number',
  'yesNo',
  'singleChoice',
  'multipleChoice',
  'country',
  'address',
  'phone',
  'email',
  'file',
  'group',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  text: 'Text',
  longText: 'Long text',
  date: 'Date',
  number: 'Number',
  yesNo: 'Yes / No',
  singleChoice: 'Single choice',
  multipleChoice: 'Multiple choice',
  country: 'Country',
  address: 'Address',
  phone: 'Phone',
  email: 'E-mail',
  file: 'File upload',
  group: 'Repeatable group',
};

/** The types whose answer a later question's condition may test. */
export const CONDITION_SOURCE_TYPES: readonly QuestionType[] = [
  'yesNo',
  'singleChoice',
  'multipleChoice',
  'text',
  'number',
  'country',
];
export const isChoiceType = (t: QuestionType) => t === 'singleChoice' || t === 'multipleChoice';

export const QUESTIONNAIRE_LIMITS = {
  name: 120,
  key: 60,
  label: 300,
  help: 1000,
  option: 200,
  options: 100,
  sections: 40,
  questionsPerSection: 100,
  questions: 600,
  groupQuestions: 50,
  pattern: 200,
} as const;
const L = QUESTIONNAIRE_LIMITS;

export const QUESTION_KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]*$/;

export const Q_MESSAGES = {
  typeRequired: 'Choose a question type',
  labelRequired: 'Question text is required',
  keyRequired: 'Key is required',
  keyFormat: 'Key must start with a letter and use letters, digits and _ only',
  keyDuplicate: 'This key is already used by another question',
  optionsRequired: 'Add at least one choice',
  optionDuplicate: 'Choices must differ',
  optionEmpty: 'A choice cannot be empty',
  conditionEarlier: 'A condition may refer only to an earlier question',
  conditionSource: 'A condition may test a yes/no, choice, text, number or country question only',
  conditionValue: 'Pick one of the choices of that question',
  groupEmpty: 'A repeatable group needs at least one question',
  groupNested: 'A repeatable group cannot contain another group',
  sectionTitle: 'Section title is required',
  sectionEmpty: 'A section needs at least one question',
  sectionsRequired: 'Add at least one section',
  minMax: 'The minimum must not be greater than the maximum',
  pattern: 'The pattern is not a valid regular expression',
  tooMany: `A questionnaire may have at most ${L.questions} questions`,
  nameRequired: 'Name is required',
} as const;

const bounded = (max: number) => text().trim().max(max, `At most ${max} characters`);

export const ConditionSchema = z
  .object({
    /** The key of an earlier question. */
    questionKey: bounded(L.key),
    /** The answer that shows the question: a yes/no's true/false, a choice, a text or a number. */
    equals: z.union([z.boolean(), bounded(L.option), int4()]),
  })
  .strict();
export type Condition = z.infer<typeof ConditionSchema>;

export const ValidationSchema = z
  .object({
    minLength: int4().min(0).optional(),
    maxLength: int4().min(1).optional(),
    min: int4().optional(),
    max: int4().optional(),
    pattern: bounded(L.pattern).optional(),
    patternMessage: bounded(L.label).optional(),
    minItems: int4().min(0).max(100).optional(),
    maxItems: int4().min(1).max(100).optional(),
  })
  .strict();
export type Validation = z.infer<typeof ValidationSchema>;

const questionFields = {
  key: bounded(L.key),
  label: bounded(L.label),
  type: z.enum(QUESTION_TYPES, { error: Q_MESSAGES.typeRequired }),
  required: z.boolean().optional(),
  helpText: bounded(L.help).optional(),
  options: z.array(bounded(L.option)).max(L.options).optional(),
  validation: ValidationSchema.optional(),
  showIf: ConditionSchema.optional(),
  /** A group's button text ("Add employer"). */
  addLabel: bounded(L.label).optional(),
  /** Issue 35 item 2: the fact the answer fills on submit (`case.jobTitle`, `person.passportNumber`; ./fills.ts). */
  fills: bounded(L.key).optional(),
};
export const LeafQuestionSchema = z.object(questionFields).strict();
export const QuestionSchema = z
  .object({ ...questionFields, questions: z.array(LeafQuestionSchema).max(L.groupQuestions).optional() })
  .strict();
export type Question = z.infer<typeof QuestionSchema>;

export const SectionSchema = z
  .object({
    key: bounded(L.key),
    title: bounded(L.label),
    description: bounded(L.help).optional(),
    questions: z.array(QuestionSchema).max(L.questionsPerSection),
  })
  .strict();
export type Section = z.infer<typeof SectionSchema>;

export const DefinitionSchema = z.object({ sections: z.array(SectionSchema).max(L.sections) }).strict();
export type Definition = z.infer<typeof DefinitionSchema>;

/** Every question in document order with its path in the definition and the group it sits in. */
export interface Located {
  question: Question;
  path: string;
  /** The group's key for a question inside a repeatable group. */
  groupKey?: string;
}
export const questionsInOrder = (d: Definition): Located[] =>
  d.sections.flatMap((s, si) =>
    s.questions.flatMap((q, qi): Located[] => {
      const path = `sections.${si}.questions.${qi}`;
      return [
        { question: q, path },
        ...(q.questions ?? []).map((c, ci) => ({ question: c, path: `${path}.questions.${ci}`, groupKey: q.key })),
      ];
    }),
  );

const validPattern = (p: string) => {
  try {
    new RegExp(p, 'u');
    return true;
  } catch {
    return false;
  }
};

/**
 * The definition's rules (issue 21), checked by the builder as it is edited and again by the server on every
 * save and publish: unique keys, a type for every question, choices for choice questions, conditions only on
 * EARLIER questions (so conditions can never form a cycle), groups of leaf questions. Paths are prefixed
 * with `prefix` (the body field the definition travels in).
 */
export const definitionProblems = (d: Definition, prefix = 'definition'): FieldError[] => {
  const out: FieldError[] = [];
  const at = (path: string, message: string) => out.push({ name: `${prefix}.${path}`, message });
  if (!d.sections.length) at('sections', Q_MESSAGES.sectionsRequired);
  const all = questionsInOrder(d);
  if (all.length > L.questions) at('sections', Q_MESSAGES.tooMany);
  d.sections.forEach((s, si) => {
    if (!s.title.trim()) at(`sections.${si}.title`, Q_MESSAGES.sectionTitle);
    if (!s.questions.length) at(`sections.${si}.questions`, Q_MESSAGES.sectionEmpty);
  });
  const seen = new Map<string, Located>();
  const filled = new Set<string>();
  for (const loc of all) {
    const { question: q, path } = loc;
    if (!q.type) at(`${path}.type`, Q_MESSAGES.typeRequired);
    if (!q.label.trim()) at(`${path}.label`, Q_MESSAGES.labelRequired);
    if (!q.key) at(`${path}.key`, Q_MESSAGES.keyRequired);
    else if (!QUESTION_KEY_PATTERN.test(q.key)) at(`${path}.key`, Q_MESSAGES.keyFormat);
    else if (seen.has(q.key)) at(`${path}.key`, Q_MESSAGES.keyDuplicate);
    if (isChoiceType(q.type)) {
      const opts = q.options ?? [];
      if (!opts.length) at(`${path}.options`, Q_MESSAGES.optionsRequired);
      else if (opts.some((o) => !o.trim())) at(`${path}.options`, Q_MESSAGES.optionEmpty);
      else if (new Set(opts.map((o) => o.trim().toLowerCase())).size !== opts.length)
        at(`${path}.options`, Q_MESSAGES.optionDuplicate);
    }
    if (q.type === 'group') {
      if (loc.groupKey) at(`${path}.type`, Q_MESSAGES.groupNested);
      else if (!q.questions?.length) at(`${path}.questions`, Q_MESSAGES.groupEmpty);
    }
    const v = q.validation;
    if (v) {
      if (v.min !== undefined && v.max !== undefined && v.min > v.max) at(`${path}.validation.min`, Q_MESSAGES.minMax);
      if (v.minLength !== undefined && v.maxLength !== undefined && v.minLength > v.maxLength)
        at(`${path}.validation.minLength`, Q_MESSAGES.minMax);
      if (v.minItems !== undefined && v.maxItems !== undefined && v.minItems > v.maxItems)
        at(`${path}.validation.minItems`, Q_MESSAGES.minMax);
      if (v.pattern && !validPattern(v.pattern)) at(`${path}.validation.pattern`, Q_MESSAGES.pattern);
    }
    if (q.showIf) {
      const src = seen.get(q.showIf.questionKey);
      // Earlier, and reachable: a top-level question cannot test an answer inside a group (one per entry),
      // a question inside a group may test its own group's earlier questions or any earlier top-level one.
      if (!src || (src.groupKey && src.groupKey !== loc.groupKey)) at(`${path}.showIf`, Q_MESSAGES.conditionEarlier);
      else if (!CONDITION_SOURCE_TYPES.includes(src.question.type)) at(`${path}.showIf`, Q_MESSAGES.conditionSource);
      else if (!conditionValueFits(src.question, q.showIf.equals)) at(`${path}.showIf`, Q_MESSAGES.conditionValue);
    }
    const fill = fillProblem(q, !!loc.groupKey);
    if (fill) at(`${path}.fills`, fill);
    else if (q.fills && filled.has(q.fills)) at(`${path}.fills`, FILL_MESSAGES.twice);
    if (q.fills) filled.add(q.fills);
    if (q.key && !seen.has(q.key)) seen.set(q.key, loc);
  }
  return out;
};

const conditionValueFits = (src: Question, v: Condition['equals']) => {
  if (src.type === 'yesNo') return typeof v === 'boolean';
  if (isChoiceType(src.type)) return typeof v === 'string' && (src.options ?? []).includes(v);
  if (src.type === 'number') return typeof v === 'number';
  return typeof v === 'string';
};

// ---------------------------------------------------------------------------------------------------------
// Answers: what the respondent's form (and the preview) shows and checks.

export type AnswerValue = string | number | boolean | string[] | AddressAnswer | Answers[] | null | undefined;
export interface AddressAnswer {
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
}
export type Answers = Record<string, AnswerValue>;

/** R: a question with a condition is shown only while the earlier answer matches (multiple choice: contains). */
export const isShown = (q: Question, answers: Answers, outer: Answers = {}): boolean => {
  if (!q.showIf) return true;
  const k = q.showIf.questionKey;
  const a = k in answers ? answers[k] : outer[k];
  if (Array.isArray(a)) return a.includes(q.showIf.equals as never);
  return a === q.showIf.equals;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ().-]{7,20}$/;

export const ANSWER_MESSAGES = {
  required: 'This answer is required',
  email: 'Enter a valid e-mail address',
  phone: 'Enter a valid phone number',
  number: 'Enter a number',
  min: (n: number) => `Must be at least ${n}`,
  max: (n: number) => `Must be at most ${n}`,
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be at most ${n} characters`,
  minItems: (n: number) => `Add at least ${n}`,
  maxItems: (n: number) => `Add at most ${n}`,
  pattern: 'The answer does not have the expected format',
} as const;

const isEmpty = (v: AnswerValue) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && !Object.values(v).some((x) => x));

const answerProblem = (q: Question, v: AnswerValue): string | null => {
  if (isEmpty(v)) return q.required ? ANSWER_MESSAGES.required : null;
  const r = q.validation ?? {};
  if (q.type === 'address') {
    const a = v as AddressAnswer;
    return q.required && !(a.street && a.city && a.country) ? ANSWER_MESSAGES.required : null;
  }
  if (typeof v === 'string') {
    if (q.type === 'email' && !EMAIL.test(v)) return ANSWER_MESSAGES.email;
    if (q.type === 'phone' && !PHONE.test(v)) return ANSWER_MESSAGES.phone;
    if (r.minLength !== undefined && v.length < r.minLength) return ANSWER_MESSAGES.minLength(r.minLength);
    if (r.maxLength !== undefined && v.length > r.maxLength) return ANSWER_MESSAGES.maxLength(r.maxLength);
    if (r.pattern && validPattern(r.pattern) && !new RegExp(r.pattern, 'u').test(v))
      return r.patternMessage || ANSWER_MESSAGES.pattern;
  }
  if (q.type === 'number') {
    if (typeof v !== 'number' || Number.isNaN(v)) return ANSWER_MESSAGES.number;
    if (r.min !== undefined && v < r.min) return ANSWER_MESSAGES.min(r.min);
    if (r.max !== undefined && v > r.max) return ANSWER_MESSAGES.max(r.max);
  }
  if (Array.isArray(v)) {
    if (r.minItems !== undefined && v.length < r.minItems) return ANSWER_MESSAGES.minItems(r.minItems);
    if (r.maxItems !== undefined && v.length > r.maxItems) return ANSWER_MESSAGES.maxItems(r.maxItems);
  }
  return null;
};

/**
 * The problems of a respondent's answers (hidden questions are skipped), as `{name, message}` with the
 * answer's path: `employers.0.employerName`.
 */
export const answerProblems = (d: Definition, answers: Answers): FieldError[] => {
  const out: FieldError[] = [];
  const check = (qs: Question[], scope: Answers, outer: Answers, prefix: string) => {
    for (const q of qs) {
      if (!isShown(q, scope, outer)) continue;
      const v = scope[q.key];
      if (q.type === 'group') {
        const entries = Array.isArray(v) ? (v as Answers[]) : [];
        const p = answerProblem(q, entries.length ? entries : q.required ? [] : undefined);
        if (p) out.push({ name: `${prefix}${q.key}`, message: p });
        entries.forEach((e, i) => {
          check(q.questions ?? [], e, { ...outer, ...scope }, `${prefix}${q.key}.${i}.`);
        });
        continue;
      }
      const p = answerProblem(q, v);
      if (p) out.push({ name: `${prefix}${q.key}`, message: p });
    }
  };
  for (const s of d.sections) check(s.questions, answers, {}, '');
  return out;
};

// ---------------------------------------------------------------------------------------------------------
// JSON Schema (draft 2020-12) of the answers, for other tools: the definition itself is the UI description.

type Json = Record<string, unknown>;
const schemaOf = (q: Question): Json => {
  const base: Json = { title: q.label, ...(q.helpText ? { description: q.helpText } : {}) };
  const v = q.validation ?? {};
  switch (q.type) {
    case 'number':
      return {
        ...base,
        type: 'number',
        ...(v.min !== undefined && { minimum: v.min }),
        ...(v.max !== undefined && { maximum: v.max }),
      };
    case 'yesNo':
      return { ...base, type: 'boolean' };
    case 'date':
      return { ...base, type: 'string', format: 'date' };
    case 'email':
      return { ...base, type: 'string', format: 'email' };
    case 'singleChoice':
      return { ...base, type: 'string', enum: q.options ?? [] };
    case 'multipleChoice':
      return { ...base, type: 'array', items: { type: 'string', enum: q.options ?? [] }, uniqueItems: true };
    case 'address':
      return {
        ...base,
        type: 'object',
        properties: Object.fromEntries(
          ['street', 'city', 'state', 'zip', 'country'].map((k) => [k, { type: 'string' }]),
        ),
      };
    case 'file':
      return { ...base, type: 'string', contentMediaType: 'application/octet-stream' };
    case 'group':
      return {
        ...base,
        type: 'array',
        items: objectOf(q.questions ?? []),
        ...(v.minItems !== undefined && { minItems: v.minItems }),
        ...(v.maxItems !== undefined && { maxItems: v.maxItems }),
      };
    default:
      return {
        ...base,
        type: 'string',
        ...(v.minLength !== undefined && { minLength: v.minLength }),
        ...(v.maxLength !== undefined && { maxLength: v.maxLength }),
        ...(v.pattern && { pattern: v.pattern }),
      };
  }
};
const objectOf = (qs: Question[]): Json => ({
  type: 'object',
  properties: Object.fromEntries(qs.map((q) => [q.key, schemaOf(q)])),
  // Conditional questions are required only when shown; the definition's `showIf` says when.
  required: qs.filter((q) => q.required && !q.showIf).map((q) => q.key),
});

export const jsonSchemaOf = (d: Definition, title: string): Json => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title,
  ...objectOf(d.sections.flatMap((s) => s.questions)),
});
