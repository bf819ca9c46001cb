import { CASE_FACTS, type CaseFactKey, type FactDef, type FactKind } from '../cases/facts';

/** A question's type (definition.ts QUESTION_TYPES, which imports this file: named here as text, no import circle). */
type QuestionType = string;

/**
 * Issue 35 item 2: the fact a question fills. In the builder a question may name one fact of the case's facts
 * table (cases/facts.ts) or of the beneficiary's own record (people/contracts.ts: passport, I-94, status...); when
 * the person submits, each such answer is written there (`filledByAnswers`), so a letter filled for the case reads
 * it. Written `case.<fact>` or `person.<field>`. Only a question of a fitting type may fill a fact, and only one
 * question fills each fact. A question inside a repeatable group fills none (it has one answer per entry).
 */
export type FillKind =
  | Extract<FactKind, 'text' | 'date' | 'money' | 'int' | 'boolean' | 'enum' | 'addresses'>
  | 'country'
  | 'phone'
  | 'address';

export interface FillTarget {
  /** `case.jobTitle`, `person.passportNumber`. */
  value: string;
  label: string;
  group: string;
  kind: FillKind;
  /** An enum fact's choices: a single-choice question's choices must be among them. */
  options?: readonly string[];
}

/** The worksites ('addresses') take one address answer: the worksite. */
const FILLABLE_FACT_KINDS: readonly FactKind[] = ['text', 'date', 'money', 'int', 'boolean', 'enum', 'addresses'];

export const PERSON_FILLS = [
  { field: 'dateOfBirth', label: 'Date of birth', kind: 'date' },
  { field: 'countryOfBirth', label: 'Country of birth', kind: 'country' },
  { field: 'countryOfCitizenship', label: 'Country of citizenship', kind: 'country' },
  { field: 'passportNumber', label: 'Passport number', kind: 'text' },
  { field: 'passportExpiry', label: 'Passport expiry', kind: 'date' },
  { field: 'i94Number', label: 'I-94 number', kind: 'text' },
  { field: 'i94Expiry', label: 'I-94 expiry', kind: 'date' },
  { field: 'currentStatus', label: 'Current immigration status', kind: 'text' },
  { field: 'statusExpiry', label: 'Status expiry', kind: 'date' },
  { field: 'phone', label: 'Phone', kind: 'phone' },
  { field: 'address', label: 'Home address', kind: 'address' },
] as const satisfies readonly { field: string; label: string; kind: FillKind }[];
export type PersonFillField = (typeof PERSON_FILLS)[number]['field'];

export const FILL_TARGETS: readonly FillTarget[] = [
  ...PERSON_FILLS.map((p) => ({ value: `person.${p.field}`, label: p.label, group: 'Beneficiary', kind: p.kind })),
  ...(CASE_FACTS as readonly FactDef[])
    .filter((f) => FILLABLE_FACT_KINDS.includes(f.kind))
    .map((f) => ({
      value: `case.${f.key}`,
      label: f.label,
      group: `Case · ${f.group}`,
      kind: f.kind as FillKind,
      ...(f.options ? { options: f.options } : {}),
    })),
];
export const FILL_TARGET_BY_VALUE: ReadonlyMap<string, FillTarget> = new Map(FILL_TARGETS.map((t) => [t.value, t]));

/** The question types that may fill a fact of each kind. */
export const FILL_QUESTION_TYPES: Record<FillKind, readonly QuestionType[]> = {
  text: ['text', 'longText'],
  date: ['date'],
  money: ['number'],
  int: ['number'],
  boolean: ['yesNo'],
  enum: ['singleChoice'],
  country: ['country', 'text'],
  phone: ['phone'],
  address: ['address'],
  addresses: ['address'],
};

export const FILL_MESSAGES = {
  unknown: 'Choose a fact from the list',
  type: 'A question of this type cannot fill that fact',
  options: 'Each choice must be one of the fact’s values',
  twice: 'Another question already fills this fact',
  inGroup: 'A question in a repeatable group cannot fill a fact',
} as const;

/** The targets a question of `type` may fill (the builder's list). */
export const fillTargetsFor = (type: QuestionType): FillTarget[] =>
  FILL_TARGETS.filter((t) => FILL_QUESTION_TYPES[t.kind].includes(type));

/** Why a question may not fill `fills` (null when it may). */
export const fillProblem = (
  q: { type: QuestionType; fills?: string | undefined; options?: readonly string[] | undefined },
  inGroup: boolean,
): string | null => {
  if (!q.fills) return null;
  if (inGroup) return FILL_MESSAGES.inGroup;
  const t = FILL_TARGET_BY_VALUE.get(q.fills);
  if (!t) return FILL_MESSAGES.unknown;
  if (!FILL_QUESTION_TYPES[t.kind].includes(q.type)) return FILL_MESSAGES.type;
  if (t.options && (q.options ?? []).some((o) => !t.options?.includes(o))) return FILL_MESSAGES.options;
  return null;
};

export const caseFactOf = (fills: string): CaseFactKey | null =>
  fills.startsWith('case.') ? (fills.slice(5) as CaseFactKey) : null;
export const personFieldOf = (fills: string): PersonFillField | null =>
  fills.startsWith('person.') ? (fills.slice(7) as PersonFillField) : null;
