import type { Executor, Tx } from '@caseport/db/client';
import {
  NO_DRAFT_MESSAGE,
  QUESTIONNAIRE_DUPLICATE_MESSAGE,
  type QuestionnaireCreateBody,
  type QuestionnaireSaveDraftBody,
} from '@caseport/domain/questionnaires/contracts';
import { type Definition, definitionProblems } from '@caseport/domain/questionnaires/definition';
import { actorOf } from '../../platform/actor';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { withUniqueAs } from '../../platform/db-errors';
import { duplicateField, fieldError, fieldErrors, notFound } from '../../platform/errors';
import * as repo from './repository';

const duplicate = () => duplicateField('name', QUESTIONNAIRE_DUPLICATE_MESSAGE);

/** The definition's rules (packages/domain), re-checked here on every save and publish. */
const checkDefinition = (definition: Definition) => {
  const problems = definitionProblems(definition);
  if (problems.length) throw fieldErrors(problems);
};

const summaryView = (r: repo.VersionRow) => ({
  version: r.version,
  status: r.status,
  name: r.name,
  entityType: r.entityType,
  publishedOn: r.publishedOn,
  publishedByName: r.publishedByName,
  updatedOn: r.updatedOn,
});
const versionView = (r: repo.VersionRow) => ({ ...summaryView(r), definition: r.definition });

/** The builder's view: header, versions newest first, and the draft (else the latest published version). */
export const questionnaireDetails = async (tx: Executor, id: string) => {
  const header = await repo.findTemplate(tx, id);
  if (!header) throw notFound('Questionnaire');
  const versions = await repo.versionsOf(tx, id);
  const current = versions[0];
  if (!current) throw notFound('Questionnaire');
  return {
    _id: header.id,
    name: header.name,
    entityType: header.entityType,
    versions: versions.map(summaryView),
    current: versionView(current),
  };
};

export const createQuestionnaire = async (tx: Tx, ctx: RequestContext, clock: Clock, body: QuestionnaireCreateBody) => {
  checkDefinition(body.definition);
  if (await repo.nameTaken(tx, body.name)) throw duplicate();
  const now = clock();
  const header = await withUniqueAs(duplicate, () =>
    repo.insertTemplate(tx, {
      tenantId: null,
      name: body.name,
      entityType: body.entityType,
      createdOn: now,
      updatedOn: now,
    }),
  );
  await repo.insertVersion(tx, {
    tenantId: null,
    questionnaireId: header.id,
    version: 1,
    status: 'draft',
    name: body.name,
    entityType: body.entityType,
    definition: body.definition,
    createdBy: ctx.principal.userId,
    createdOn: now,
    updatedOn: now,
  });
  const saved = await questionnaireDetails(tx, header.id);
  await recordAudit(tx, ctx, { entity: 'questionnaire', entityId: header.id, action: 'create', after: saved });
  return { message: 'Questionnaire created successfully', questionnaire: saved };
};

/**
 * Saves the draft. A published version never changes: with no draft, the save makes the next version a
 * draft. Until the first publication the header follows the draft's name (the library lists it).
 */
export const saveDraft = async (tx: Tx, ctx: RequestContext, clock: Clock, body: QuestionnaireSaveDraftBody) => {
  const header = await repo.findTemplate(tx, body.questionnaireId);
  if (!header) throw notFound('Questionnaire');
  checkDefinition(body.definition);
  if (await repo.nameTaken(tx, body.name, header.id)) throw duplicate();
  const before = await questionnaireDetails(tx, header.id);
  const now = clock();
  const values = { name: body.name, entityType: body.entityType, definition: body.definition, updatedOn: now };
  const draft = (await repo.versionsOf(tx, header.id)).find((r) => r.status === 'draft');
  if (draft) await repo.updateDraft(tx, draft.id, values);
  else
    await repo.insertVersion(tx, {
      tenantId: null,
      questionnaireId: header.id,
      version: await repo.nextVersion(tx, header.id),
      status: 'draft',
      createdBy: ctx.principal.userId,
      createdOn: now,
      ...values,
    });
  if (!before.versions.some((r) => r.status === 'published'))
    await withUniqueAs(duplicate, () =>
      repo.updateTemplate(tx, header.id, { name: body.name, entityType: body.entityType, updatedOn: now }),
    );
  const after = await questionnaireDetails(tx, header.id);
  await recordAudit(tx, ctx, { entity: 'questionnaire', entityId: header.id, action: 'update', before, after });
  return { message: 'Draft saved', questionnaire: after };
};

/** Publishes the draft as it is (re-checked); the header takes its name and audience. */
export const publish = async (tx: Tx, ctx: RequestContext, clock: Clock, questionnaireId: string) => {
  const header = await repo.findTemplate(tx, questionnaireId);
  if (!header) throw notFound('Questionnaire');
  const draft = (await repo.versionsOf(tx, header.id)).find((r) => r.status === 'draft');
  if (!draft) throw fieldError('questionnaireId', NO_DRAFT_MESSAGE);
  checkDefinition(draft.definition);
  if (await repo.nameTaken(tx, draft.name, header.id)) throw duplicate();
  const before = await questionnaireDetails(tx, header.id);
  const actor = await actorOf(tx, ctx);
  const now = clock();
  await repo.updateDraft(tx, draft.id, {
    status: 'published',
    publishedOn: now,
    publishedByName: actor.name,
    updatedOn: now,
  });
  await withUniqueAs(duplicate, () =>
    repo.updateTemplate(tx, header.id, { name: draft.name, entityType: draft.entityType, updatedOn: now }),
  );
  const after = await questionnaireDetails(tx, header.id);
  await recordAudit(tx, ctx, { entity: 'questionnaire', entityId: header.id, action: 'publish', before, after });
  return { message: `Version ${draft.version} published`, questionnaire: after };
};

/**
 * One version as it was saved (a published one never changes: its preview is the same forever). `publishedOnly` for role 2, who reads a version only through the platform Case
 * Configuration's Preview (it picks among published versions): a draft is Questionnaire Templates' (role 1's).
 */
export const versionOf = async (tx: Executor, questionnaireId: string, version: number, publishedOnly: boolean) => {
  if (!(await repo.findTemplate(tx, questionnaireId))) throw notFound('Questionnaire');
  const row = await repo.findVersion(tx, questionnaireId, version);
  if (!row || (publishedOnly && row.status !== 'published')) throw notFound('Questionnaire version');
  return { version: versionView(row) };
};

/** The case-type configuration's Preview: the latest published version (tenants see nothing else). */
export const publishedPreview = async (tx: Executor, questionnaireId: string) => {
  const row = await repo.latestPublished(tx, questionnaireId);
  if (!row) throw notFound('Questionnaire');
  return { version: versionView(row) };
};
