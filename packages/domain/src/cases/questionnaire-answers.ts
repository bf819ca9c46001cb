import { z } from 'zod';
import { money, text } from '../api/scalars';
import type { PartyRoleId } from '../auth/roles';
import { PersonInputShape, PostalAddressSchema } from '../people/contracts';
import { ENTITY_TYPES, type EntityType } from '../questionnaires/contracts';
import {
  type AddressAnswer,
  type Answers,
  type AnswerValue,
  type Definition,
  DefinitionSchema,
  isShown,
} from '../questionnaires/definition';
import { caseFactOf, FILL_TARGET_BY_VALUE, type PersonFillField, personFieldOf } from '../questionnaires/fills';

/**
 * Issue 35 item 2: questionnaires answered. The firm (roles 3, 4) sends the case's pinned questionnaire version to
 * the person its audience names (a beneficiary questionnaire to the linked beneficiary, a petitioner one to the
 * petitioner contact); the person answers it in the portal with the questionnaire form, saves drafts, uploads the
 * documents it asks for and submits. On submit the answers of the questions that name a fact (./fills.ts) fill the
 * case's facts and the beneficiary's record, and SUBMIT_BY_BENEFICIARY completes. The firm accepts the answers or
 * sends them back with a comment: the activity opens again and the person is told.
 *
 * States: sent → submitted → accepted, or → returned → submitted again. Saving a draft keeps the state.
 */
export const RESPONSE_STATUSES = ['sent', 'submitted', 'accepted', 'returned'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];
export const RESPONSE_STATUS_LABELS: Record<ResponseStatus, string> = {
  sent: 'Waiting for answers',
  submitted: 'Answers to review',
  accepted: 'Accepted',
  returned: 'Sent back',
};
/** The person may still answer. */
export const isAnswerable = (s: ResponseStatus) => s === 'sent' || s === 'returned';

/** Who answers a questionnaire of each audience (questionnaires/contracts ENTITY_TYPES): the role linked to the case. */
export const AUDIENCE_ROLES: Record<EntityType, PartyRoleId> = { beneficiary: 11, petitioner: 50, sponsor: 51 };
/** What people call the one who answers, in the firm's hints ('Link the sponsor’s portal account …'). */
export const AUDIENCE_NAMES: Record<EntityType, string> = {
  beneficiary: 'beneficiary',
  petitioner: 'petitioner contact',
  sponsor: 'sponsor',
};
/** A stored audience read safely (a value of an older row not among ENTITY_TYPES is the beneficiary's). */
export const audienceOf = (entityType: string): EntityType =>
  (ENTITY_TYPES as readonly string[]).includes(entityType) ? (entityType as EntityType) : 'beneficiary';
/**
 * The case's person whose record the answers' `person.*` questions fill: the sponsor's own for a sponsor's
 * questionnaire; the beneficiary's otherwise (an employer questionnaire asks about the beneficiary too).
 */
export const FILLED_PERSON: Record<EntityType, 'beneficiaryId' | 'sponsorId'> = {
  beneficiary: 'beneficiaryId',
  petitioner: 'beneficiaryId',
  sponsor: 'sponsorId',
};

export const QUESTIONNAIRE_ANSWER_MESSAGES = {
  none: 'This case has no questionnaire: its case configuration names none',
  notLinked: 'Link this person to the case first',
  alreadyOpen: 'This case’s questionnaire is already waiting for answers',
  sent: 'Questionnaire sent',
  saved: 'Draft saved',
  submitted: 'Answers sent to your law firm',
  accepted: 'Answers accepted',
  returned: 'Answers sent back',
  notAnswerable: 'These answers were already sent',
  notSubmitted: 'There are no answers to review',
  commentRequired: 'Say what needs to change',
  fileMissing: 'Upload the file again',
  changed: 'The questionnaire changed meanwhile. Open it again.',
} as const;

/** Issue 35 item 5: the e-mails. Neither carries more than the recipient's name and the case number. */
interface MailTo {
  name: string;
  caseNumber: string;
  link: string;
}
export const QUESTIONNAIRE_MAILS = {
  toAnswer: (m: MailTo) => ({
    subject: 'You have a questionnaire to answer',
    text: `Hello ${m.name},\n\nYour law firm sent you a questionnaire for case ${m.caseNumber}.\n\nSign in to answer it: ${m.link}\n`,
  }),
  sentBack: (m: MailTo) => ({
    subject: 'Your answers were sent back',
    text: `Hello ${m.name},\n\nYour law firm sent back your answers for case ${m.caseNumber} with a comment.\n\nSign in to read it and answer again: ${m.link}\n`,
  }),
} as const;

// ---- answers on the wire ----

const LEAF_TEXT = 5000;
const scalar = z.union([text().max(LEAF_TEXT), money().min(-1e9).max(1e9), z.boolean(), z.null()]);
const AddressAnswerSchema = z
  .object({
    street: text().max(200).optional(),
    city: text().max(100).optional(),
    state: text().max(100).optional(),
    zip: text().max(12).optional(),
    country: text().max(100).optional(),
  })
  .strict();
const leaf = z.union([scalar, z.array(text().max(200)).max(100), AddressAnswerSchema]);
/** The answers as saved: question keys to values; a group's value is its entries, each of leaf answers. */
export const AnswersSchema = z
  .record(text().max(60), z.union([leaf, z.array(z.record(text().max(60), leaf)).max(100)]))
  .refine((a) => Object.keys(a).length <= 600, 'Too many answers');

/** The answers kept: only the definition's own questions (another key is dropped, never stored). */
export const answersOf = (d: Definition, answers: Answers): Answers => {
  const keys = new Set(d.sections.flatMap((s) => s.questions.map((q) => q.key)));
  return Object.fromEntries(Object.entries(answers).filter(([k]) => keys.has(k)));
};

/** The ids of the documents the answers' file questions name (top level and in groups). */
export const fileAnswerIds = (d: Definition, answers: Answers): string[] => {
  const out: string[] = [];
  for (const s of d.sections)
    for (const q of s.questions) {
      if (q.type === 'file' && typeof answers[q.key] === 'string') out.push(answers[q.key] as string);
      if (q.type === 'group' && Array.isArray(answers[q.key]))
        for (const e of answers[q.key] as Answers[])
          for (const c of q.questions ?? [])
            if (c.type === 'file' && typeof e[c.key] === 'string') out.push(e[c.key] as string);
    }
  return out;
};

const isBlank = (v: AnswerValue) =>
  v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.length === 0);

const toPostal = (a: AddressAnswer) => ({
  line1: a.street?.trim() ?? '',
  city: a.city?.trim() ?? '',
  country: a.country?.trim() ?? '',
  ...(a.state?.trim() ? { state: a.state.trim() } : {}),
  ...(a.zip?.trim() ? { zipcode: a.zip.trim() } : {}),
});

/**
 * What the answers fill (./fills.ts): the case facts and the beneficiary's fields, from the shown, answered
 * top-level questions that name one, checked against the fact's own rules. A value a fact refuses is a field
 * error on its question (`answers.<key>`), so the person corrects it before anything is written.
 */
export const filledByAnswers = (
  d: Definition,
  answers: Answers,
): {
  facts: Record<string, unknown>;
  person: Partial<Record<PersonFillField, unknown>>;
  filled: { questionKey: string; fills: string }[];
  fields: { name: string; message: string }[];
} => {
  const facts: Record<string, unknown> = {};
  const person: Partial<Record<PersonFillField, unknown>> = {};
  const filled: { questionKey: string; fills: string }[] = [];
  const fields: { name: string; message: string }[] = [];
  for (const s of d.sections)
    for (const q of s.questions) {
      if (!q.fills || !FILL_TARGET_BY_VALUE.has(q.fills) || !isShown(q, answers)) continue;
      const v = answers[q.key];
      if (isBlank(v)) continue;
      const value = typeof v === 'string' ? v.trim() : v;
      const fact = caseFactOf(q.fills);
      const field = personFieldOf(q.fills);
      // An address answer filling the worksites is the one worksite.
      if (fact)
        facts[fact] =
          FILL_TARGET_BY_VALUE.get(q.fills)?.kind === 'addresses' ? [toPostal(value as AddressAnswer)] : value;
      else if (field) {
        const raw = field === 'address' ? toPostal(value as AddressAnswer) : value;
        const schema = field === 'address' ? PostalAddressSchema : PersonInputShape[field];
        const parsed = schema.safeParse(raw);
        if (!parsed.success) {
          fields.push({ name: `answers.${q.key}`, message: parsed.error.issues[0]?.message ?? 'Invalid value' });
          continue;
        }
        person[field] = parsed.data;
      }
      filled.push({ questionKey: q.key, fills: q.fills });
    }
  return { facts, person, filled, fields };
};

// ---- the firm's side ----

export const QuestionnaireSendBodySchema = z.object({ caseId: z.uuid(), userId: z.uuid() }).strict();
export type QuestionnaireSendBody = z.infer<typeof QuestionnaireSendBodySchema>;
export const QuestionnaireReviewBodySchema = z
  .object({
    caseId: z.uuid(),
    responseId: z.uuid(),
    decision: z.enum(['accept', 'return']),
    comment: text().trim().max(2000).optional(),
  })
  .strict();
export type QuestionnaireReviewBody = z.infer<typeof QuestionnaireReviewBodySchema>;

const FileRefSchema = z.object({ _id: z.string(), name: z.string() });
export const ResponseViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  questionnaireVersion: z.number(),
  status: z.enum(RESPONSE_STATUSES),
  respondent: z.object({ userId: z.string(), name: z.string() }),
  definition: DefinitionSchema,
  answers: z.record(z.string(), z.unknown()),
  comment: z.string().nullable(),
  sentOn: z.string(),
  submittedOn: z.string().nullable(),
  reviewedOn: z.string().nullable(),
  /** The documents the file questions name. */
  files: z.array(FileRefSchema),
});
export type ResponseView = z.infer<typeof ResponseViewSchema>;

/** The case's questionnaire as the firm sees it: the pinned version, who may answer, the latest response. */
export const CaseQuestionnaireSchema = z.object({
  questionnaire: z.object({ name: z.string(), version: z.number(), entityType: z.enum(ENTITY_TYPES) }).nullable(),
  /** The linked accounts of the audience's role, who it may be sent to. */
  recipients: z.array(z.object({ userId: z.string(), name: z.string() })),
  response: ResponseViewSchema.nullable(),
  /** The case's facts and the filled person's fields now (FILLED_PERSON), for the answers' `case.x` / `person.y`. */
  current: z.record(z.string(), z.unknown()),
});
export type CaseQuestionnaire = z.infer<typeof CaseQuestionnaireSchema>;

// ---- the person's side ----

export const AnsweringItemSchema = z.object({
  _id: z.string(),
  caseId: z.string(),
  caseNumber: z.string(),
  firmName: z.string(),
  name: z.string(),
  status: z.enum(RESPONSE_STATUSES),
  comment: z.string().nullable(),
  sentOn: z.string(),
});
export type AnsweringItem = z.infer<typeof AnsweringItemSchema>;
export const AnsweringListSchema = z.object({ list: z.array(AnsweringItemSchema) });
export const AnsweringListBodySchema = z.object({}).strict();
export const AnsweringIdBodySchema = z.object({ responseId: z.uuid() }).strict();
export const AnsweringSaveBodySchema = z.object({ responseId: z.uuid(), answers: AnswersSchema }).strict();
export type AnsweringSaveBody = z.infer<typeof AnsweringSaveBodySchema>;
export const AnsweringOpenSchema = AnsweringItemSchema.extend({
  definition: DefinitionSchema,
  answers: z.record(z.string(), z.unknown()),
  files: z.array(FileRefSchema),
});
export type AnsweringOpen = z.infer<typeof AnsweringOpenSchema>;
export const AnsweringUploadedSchema = z.object({ message: z.string(), file: FileRefSchema });
