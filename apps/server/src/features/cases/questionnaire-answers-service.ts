import type { Executor, Tx } from '@caseport/db/client';
import { type CaseFactKey, FACT_BY_KEY, factApplies } from '@caseport/domain/cases/facts';
import {
  type AnsweringSaveBody,
  AUDIENCE_ROLES,
  answersOf,
  audienceOf,
  type CaseQuestionnaire,
  FILLED_PERSON,
  fileAnswerIds,
  filledByAnswers,
  isAnswerable,
  QUESTIONNAIRE_ANSWER_MESSAGES as M,
  QUESTIONNAIRE_MAILS,
  type QuestionnaireReviewBody,
  type QuestionnaireSendBody,
  type ResponseStatus,
  type ResponseView,
} from '@caseport/domain/cases/questionnaire-answers';
import type { PersonValues } from '@caseport/domain/people/contracts';
import { type Answers, answerProblems, type Definition } from '@caseport/domain/questionnaires/definition';
import { caseFactOf, personFieldOf } from '@caseport/domain/questionnaires/fills';
import { recordAudit } from '../../platform/audit';
import { recordCaseDocument } from '../../platform/case-documents';
import type { Clock } from '../../platform/clock';
import type { TenantContext } from '../../platform/context';
import { withUniqueAs } from '../../platform/db-errors';
import { AppError, fieldError, fieldErrors, formError, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/file-storage';
import { type IncomingFile, storeUploads } from '../../platform/files';
import { asFirmStep } from '../../platform/firm-step';
import { queueMail } from '../../platform/owner-notice';
import { takeSteps } from './activities-service';
import { caseAccountsOf, userContactOf } from './envelopes-repository';
import * as people from './people-repository';
import { personDetails } from './people-service';
import * as repo from './questionnaire-answers-repository';
import { findCase, updateCase } from './repository';
import { factsAfter } from './service';

/**
 * Issue 35 item 2: questionnaires answered (the rules: packages/domain/src/cases/questionnaire-answers.ts). The firm
 * sends the case's pinned version to the person of its audience, reads the answers beside the facts they filled,
 * accepts them or sends them back; the person opens, saves, uploads and submits. The person's requests run as
 * app_party (migration 0060 shows them only their own responses); what their submit writes on the case (its facts,
 * the beneficiary's record, the documents, SUBMIT_BY_BENEFICIARY) is written in the firm's scope (firm-step.ts),
 * after the server's own checks, under the response's row lock. One audit row per request.
 */

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STEP = 'SUBMIT_BY_BENEFICIARY' as const;

/** The documents the answers name that are the case's (a forged or deleted id names nothing). */
const filesOf = async (tx: Executor, tenantId: string, caseId: string, d: Definition, answers: Answers) =>
  repo.caseDocumentNames(
    tx,
    tenantId,
    caseId,
    fileAnswerIds(d, answers).filter((id) => UUID.test(id)),
  );

const viewOf = async (tx: Executor, tenantId: string, row: repo.ResponseRow): Promise<ResponseView> => {
  const definition = row.definition as Definition;
  const answers = row.answers as Answers;
  return {
    _id: row.id,
    name: row.name,
    questionnaireVersion: row.questionnaireVersion,
    status: row.status as ResponseStatus,
    respondent: { userId: row.userId, name: row.respondentName },
    definition,
    answers,
    comment: row.comment,
    sentOn: iso(row.createdOn) as string,
    submittedOn: iso(row.submittedOn),
    reviewedOn: iso(row.reviewedOn),
    files: await filesOf(tx, tenantId, row.caseId, definition, answers),
  };
};

/** Issue 35 item 5: one questionnaire e-mail (QUESTIONNAIRE_MAILS) to one person, queued in the outbox. */
const queueAnswerMail = (
  tx: Tx,
  ctx: TenantContext,
  to: { name: string; email: string },
  mail: keyof typeof QUESTIONNAIRE_MAILS,
  caseNumber: string,
  link: string,
) =>
  queueMail(
    tx,
    { tenantId: ctx.tenantId, userId: ctx.principal.userId },
    to.email,
    QUESTIONNAIRE_MAILS[mail]({ name: to.name, caseNumber, link }),
  );

const caseOr404 = async (tx: Executor, ctx: TenantContext, caseId: string) => {
  const kase = await findCase(tx, ctx.tenantId, caseId);
  if (!kase) throw notFound('Case');
  return kase;
};

const pinnedOf = async (tx: Executor, ctx: TenantContext, kase: { questionnaireVersionId: string | null }) =>
  kase.questionnaireVersionId ? repo.findPinnedVersion(tx, ctx.tenantId, kase.questionnaireVersionId) : null;

/** The case's questionnaire on the case page (roles 3, 4). */
export const caseQuestionnaire = async (
  tx: Executor,
  ctx: TenantContext,
  caseId: string,
): Promise<CaseQuestionnaire> => {
  const kase = await caseOr404(tx, ctx, caseId);
  const pinned = await pinnedOf(tx, ctx, kase);
  const audience = pinned ? audienceOf(pinned.entityType) : null;
  const role = audience ? AUDIENCE_ROLES[audience] : null;
  const recipients = role
    ? (await caseAccountsOf(tx, ctx.tenantId, caseId))
        .filter((a) => a.roleId === role)
        .map(({ userId, name }) => ({ userId, name }))
    : [];
  const latest = await repo.latestResponseOfCase(tx, ctx.tenantId, caseId);
  const response = latest ? await viewOf(tx, ctx.tenantId, latest) : null;
  // The facts and the filled person's fields the answers fill, as they stand now.
  const current: Record<string, unknown> = {};
  const personId = kase[FILLED_PERSON[audience ?? 'beneficiary']];
  const person = personId ? await personDetails(tx, ctx, personId).catch(() => null) : null;
  for (const s of response?.definition.sections ?? [])
    for (const q of s.questions) {
      if (!q.fills) continue;
      const fact = caseFactOf(q.fills);
      const field = personFieldOf(q.fills);
      if (fact) current[q.fills] = (kase.facts as Record<string, unknown> | null)?.[fact] ?? null;
      else if (field) current[q.fills] = person?.[field] ?? null;
    }
  return {
    questionnaire: pinned
      ? {
          name: pinned.name,
          version: pinned.version,
          entityType: audienceOf(pinned.entityType),
        }
      : null,
    recipients,
    response,
    current,
  };
};

export const sendQuestionnaire = async (tx: Tx, ctx: TenantContext, body: QuestionnaireSendBody, origin: string) => {
  const kase = await caseOr404(tx, ctx, body.caseId);
  const pinned = await pinnedOf(tx, ctx, kase);
  if (!pinned) throw formError(M.none);
  const role = AUDIENCE_ROLES[audienceOf(pinned.entityType)];
  const to = (await caseAccountsOf(tx, ctx.tenantId, body.caseId)).find(
    (a) => a.userId === body.userId && a.roleId === role,
  );
  if (!to) throw fieldError('userId', M.notLinked);
  if (await repo.openResponseOfCase(tx, ctx.tenantId, body.caseId)) throw formError(M.alreadyOpen);
  // The partial unique index holds one open questionnaire per case against a concurrent send too.
  const id = await withUniqueAs(
    () => formError(M.alreadyOpen),
    () =>
      repo.insertResponse(tx, ctx.tenantId, {
        caseId: body.caseId,
        questionnaireVersionId: pinned.id,
        name: pinned.name,
        questionnaireVersion: pinned.version,
        definition: pinned.definition,
        userId: body.userId,
        sentBy: ctx.principal.userId,
      }),
  );
  await recordAudit(tx, ctx, {
    entity: 'questionnaire_response',
    entityId: id,
    action: 'send',
    after: { caseId: body.caseId, name: pinned.name, version: pinned.version, userId: body.userId },
  });
  const contact = await userContactOf(tx, ctx.tenantId, body.userId);
  const mails = contact
    ? [await queueAnswerMail(tx, ctx, contact, 'toAnswer', kase.caseNumber, `${origin}/to-answer/${id}`)]
    : [];
  return { answer: { message: M.sent }, mails };
};

export const reviewAnswers = async (
  tx: Tx,
  ctx: TenantContext,
  clock: Clock,
  body: QuestionnaireReviewBody,
  origin: string,
) => {
  const kase = await caseOr404(tx, ctx, body.caseId);
  const row = await repo.findResponse(tx, ctx.tenantId, body.responseId, { caseId: body.caseId, lock: true });
  if (!row) throw notFound('Questionnaire');
  if (row.status !== 'submitted') throw formError(M.notSubmitted);
  const comment = body.comment?.trim() || null;
  if (body.decision === 'return' && !comment) throw fieldError('comment', M.commentRequired);
  const status = body.decision === 'accept' ? 'accepted' : 'returned';
  const now = clock().toISOString();
  const written = await repo.updateResponse(tx, ctx.tenantId, row.id, row.version, {
    status,
    reviewedOn: now,
    reviewedBy: ctx.principal.userId,
    ...(status === 'returned' ? { comment } : {}),
  });
  if (!written) throw formError(M.changed);
  // Sent back: the step waits on the person again (when nothing after it is done yet).
  const steps = status === 'returned' ? await takeSteps(tx, ctx, clock, body.caseId, [STEP], 'undo') : [];
  await recordAudit(tx, ctx, {
    entity: 'questionnaire_response',
    entityId: row.id,
    action: body.decision,
    before: { status: row.status },
    after: {
      status,
      ...(comment && status === 'returned' ? { comment } : {}),
      ...(steps.length ? { reopenedSteps: steps } : {}),
    },
  });
  const to = { name: row.respondentName, email: row.respondentEmail };
  const mails =
    status === 'returned'
      ? [await queueAnswerMail(tx, ctx, to, 'sentBack', kase.caseNumber, `${origin}/to-answer/${row.id}`)]
      : [];
  return { answer: { message: status === 'accepted' ? M.accepted : M.returned }, mails };
};

// ---- the person's side ----

const itemOf = (r: Awaited<ReturnType<typeof repo.responsesOfUser>>[number]) => ({
  _id: r.id,
  caseId: r.caseId,
  caseNumber: r.caseNumber,
  firmName: r.firmName,
  name: r.name,
  status: r.status as ResponseStatus,
  comment: r.comment,
  sentOn: iso(r.createdOn) as string,
});

export const answeringList = async (tx: Executor, ctx: TenantContext) => ({
  list: (await repo.responsesOfUser(tx, ctx.tenantId, ctx.principal.userId)).map(itemOf),
});

/** A response of the caller's (another person's, or another tenant's: 404). */
const mine = async (tx: Executor, ctx: TenantContext, responseId: string, lock = false) => {
  const row = await repo.findResponse(tx, ctx.tenantId, responseId, { lock });
  if (!row || row.userId !== ctx.principal.userId) throw notFound('Questionnaire');
  return row;
};

export const openAnswering = async (tx: Executor, ctx: TenantContext, responseId: string) => {
  const row = await mine(tx, ctx, responseId);
  const [item] = await repo.responsesOfUser(tx, ctx.tenantId, ctx.principal.userId, row.id);
  if (!item) throw notFound('Questionnaire');
  const view = await viewOf(tx, ctx.tenantId, row);
  return { ...itemOf(item), definition: view.definition, answers: view.answers, files: view.files };
};

/** The answers kept for a save or a submit: only the definition's questions; a file answer names a case document. */
const keptAnswers = async (tx: Executor, ctx: TenantContext, row: repo.ResponseRow, given: Answers) => {
  const d = row.definition as Definition;
  const answers = answersOf(d, given);
  const ids = fileAnswerIds(d, answers);
  const known = new Set((await filesOf(tx, ctx.tenantId, row.caseId, d, answers)).map((f) => f._id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) {
    const keys = Object.entries(answers).filter(([, v]) => typeof v === 'string' && missing.includes(v));
    throw fieldErrors(
      (keys.length ? keys : [['files', '']]).map(([k]) => ({ name: `answers.${k}`, message: M.fileMissing })),
    );
  }
  return answers;
};

const answerableMine = async (tx: Executor, ctx: TenantContext, responseId: string) => {
  const row = await mine(tx, ctx, responseId, true);
  if (!isAnswerable(row.status as ResponseStatus)) throw formError(M.notAnswerable);
  return row;
};

export const saveAnswers = async (tx: Tx, ctx: TenantContext, body: AnsweringSaveBody) => {
  const row = await answerableMine(tx, ctx, body.responseId);
  const answers = await keptAnswers(tx, ctx, row, body.answers as Answers);
  if (!(await repo.updateResponse(tx, ctx.tenantId, row.id, row.version, { answers }))) throw formError(M.changed);
  await recordAudit(tx, ctx, { entity: 'questionnaire_response', entityId: row.id, action: 'save' });
  return { message: M.saved };
};

/**
 * The answers submitted: complete (the definition's own rules, answerProblems), each filled fact valid for it; then,
 * in the firm's scope, the case's facts (the ones its type holds) and the beneficiary's record take the answers,
 * and SUBMIT_BY_BENEFICIARY completes when open.
 */
export const submitAnswers = async (tx: Tx, ctx: TenantContext, clock: Clock, body: AnsweringSaveBody) => {
  const row = await answerableMine(tx, ctx, body.responseId);
  const d = row.definition as Definition;
  const answers = await keptAnswers(tx, ctx, row, body.answers as Answers);
  const problems = answerProblems(d, answers);
  if (problems.length) throw fieldErrors(problems.map((p) => ({ name: `answers.${p.name}`, message: p.message })));
  const filled = filledByAnswers(d, answers);
  if (filled.fields.length) throw fieldErrors(filled.fields);
  const kase = await caseOr404(tx, ctx, row.caseId);
  const type = { category: kase.category, code: kase.typeCode };
  const facts = Object.fromEntries(
    Object.entries(filled.facts).filter(
      ([k]) => FACT_BY_KEY[k as CaseFactKey] && factApplies(FACT_BY_KEY[k as CaseFactKey], type),
    ),
  );
  const steps = await asFirmStep(tx, ctx, async () => {
    const before = (kase.facts ?? {}) as Record<string, unknown>;
    const after = await factsAfter(tx, ctx, type, before, facts).catch((e) => {
      throw remapFactErrors(e, filled.filled);
    });
    await updateCase(tx, ctx.tenantId, kase._id, { facts: after });
    // The person the answers describe: the sponsor's own record for a sponsor's questionnaire, else the
    // beneficiary's (FILLED_PERSON).
    const version = row.questionnaireVersionId
      ? await repo.findPinnedVersion(tx, ctx.tenantId, row.questionnaireVersionId)
      : null;
    const personId = kase[FILLED_PERSON[audienceOf(version?.entityType ?? 'beneficiary')]];
    if (personId && Object.keys(filled.person).length) {
      const { _id, caseCount: _c, ...was } = await personDetails(tx, ctx, personId);
      await people.updatePerson(tx, ctx.tenantId, personId, { ...was, ...filled.person } as PersonValues);
    }
    return takeSteps(tx, ctx, clock, kase._id, [STEP]);
  });
  if (
    !(await repo.updateResponse(tx, ctx.tenantId, row.id, row.version, {
      answers,
      status: 'submitted',
      submittedOn: clock().toISOString(),
    }))
  )
    throw formError(M.changed);
  await recordAudit(tx, ctx, {
    entity: 'questionnaire_response',
    entityId: row.id,
    action: 'submit',
    after: {
      filled: filled.filled.map((f) => f.fills),
      ...(steps.length ? { completedSteps: steps } : {}),
    },
  });
  return { message: M.submitted };
};

/** A fact's refusal (`facts.<key>`) named on the question that filled it (`answers.<question>`). */
const remapFactErrors = (e: unknown, filled: { questionKey: string; fills: string }[]) => {
  if (!(e instanceof AppError) || !e.fields) return e;
  const fields = e.fields.map((f) => {
    const q = filled.find((x) => `facts.${caseFactOf(x.fills)}` === f.name);
    return q ? { ...f, name: `answers.${q.questionKey}` } : f;
  });
  return new AppError(e.code, e.message, fields, e.status);
};

/**
 * A document the questionnaire asks for: checked by content (the 'caseDocument' purpose) and kept as one of the
 * case's documents (its audit row is the request's one), in the firm's scope; the answer then names its id.
 */
export const uploadAnswerFile = async (
  tx: Tx,
  ctx: TenantContext,
  storage: FileStorage,
  responseId: string,
  files: IncomingFile[],
) => {
  const row = await answerableMine(tx, ctx, responseId);
  if (files.length !== 1) throw fieldError('files', 'Upload one file at a time');
  const [stored] = await storeUploads(tx, ctx, storage, 'caseDocument', 'private', files, { audit: false });
  const file = stored as NonNullable<typeof stored>;
  const id = await asFirmStep(tx, ctx, () =>
    recordCaseDocument(tx, ctx, {
      caseId: row.caseId,
      kind: 'upload',
      name: file.name,
      filePath: file.path,
      formLetterId: null,
    }),
  );
  return { message: 'File uploaded', file: { _id: id, name: file.name } };
};
