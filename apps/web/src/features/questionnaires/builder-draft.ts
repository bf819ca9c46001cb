import type { ENTITY_TYPES, QuestionnaireDetails } from '@caseport/domain/questionnaires/contracts';
import type { Definition } from '@caseport/domain/questionnaires/definition';

export interface Draft {
  name: string;
  entityType: (typeof ENTITY_TYPES)[number];
  definition: Definition;
}

export const EMPTY: Draft = {
  name: '',
  entityType: 'beneficiary',
  definition: { sections: [{ key: 'section1', title: 'Section 1', questions: [] }] },
};

export const draftOf = (d: QuestionnaireDetails): Draft => ({
  name: d.current.name,
  entityType: d.current.entityType as Draft['entityType'],
  definition: d.current.definition as Definition,
});

export const allKeys = (d: Definition) =>
  new Set(d.sections.flatMap((s) => s.questions.flatMap((q) => [q.key, ...(q.questions ?? []).map((c) => c.key)])));
export const freeKey = (base: string, taken: Set<string>) => {
  let k = base || 'question';
  for (let i = 2; taken.has(k); i++) k = `${base}${i}`;
  return k;
};
/** "Employer name" → employerName. */
export const keyFromLabel = (label: string) => {
  const words = label
    .replace(/[^a-zA-Z0-9 ]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6);
  const k = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('');
  return /^[a-zA-Z]/.test(k) ? k.slice(0, 40) : `q${k}`.slice(0, 40);
};
export const AUTO_KEY = /^question\d*$/;

export const move = <T>(list: T[], i: number, by: number) => {
  const j = i + by;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
};
