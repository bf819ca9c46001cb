import type { Executor, Tx } from '@caseport/db/client';
import {
  applyEnvelopeAction,
  certificateLines,
  ENVELOPE_MESSAGES,
  type EnvelopeAction,
  type EnvelopeSendBody,
  type EnvelopeSendDocumentBody,
  type EnvelopeStatus,
  type EnvelopeView,
  newEnvelope,
  SIGNER_ACCOUNT_ROLES,
  SIGNING_MAILS,
  type Signature,
  type SignerStatus,
  signerListProblems,
  signingStepsOf,
  withTurns,
} from '@caseport/domain/cases/envelopes';
import {
  ESIGN_SIGNER_ROLE_LABELS,
  type EsignField,
  type EsignSignerRole,
} from '@caseport/domain/esign-fields/contracts';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { TenantContext } from '../../platform/context';
import { fieldError, fieldErrors, formError, notFound } from '../../platform/errors';
import { type FileStorage, newStoredPath } from '../../platform/file-storage';
import { findFileByPath, insertFile } from '../../platform/files-repository';
import { asFirmStep } from '../../platform/firm-step';
import { type QueuedMail, queueMail } from '../../platform/owner-notice';
import { type SignatureProvider, type SignerInk, sha256Of, withSignaturePage } from '../../platform/signed-document';
import { tenantDay } from '../../platform/tenant-day';
import { takeSteps } from './activities-service';
import { listCaseDocuments } from './documents-repository';
import * as repo from './envelopes-repository';
import { findCase } from './repository';

/**
 * Issue 35 item 3: documents signed. The firm sends a prepared e-sign template (its placed fields) or a PDF document
 * of the case (with a page of signatures added) to the case's people, in order; each signer views, signs in place
 * or declines; the last signature makes the signed PDF (platform/signed-document.ts, behind the SignatureProvider
 * interface) with its certificate page, stored with its SHA-256, never changed after, and completes the case's
 * signing steps (SIGNING_STEPS). Every change of status is audited (one row per request, SECURITY 19); the people
 * are told by e-mail (SIGNING_MAILS).
 */

const MESSAGES = {
  noFields: 'Place the signature fields on this template first',
  roleMissing: (role: string) => `Choose who signs as ${role}`,
  roleNotOnTemplate: 'This template has no fields for that role',
  notLinked: 'Link this person to the case first',
  notAttorney: 'Choose one of your firm’s attorneys',
  unreadablePdf: 'This PDF cannot be read (is it protected by a password?)',
  sent: 'Sent for signature',
  cancelled: 'Envelope cancelled',
  signed: 'Signed',
  declined: 'Declined',
} as const;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Issue 35 item 5: one e-mail of signing (SIGNING_MAILS) to one person, queued in the outbox. */
const queueSigningMail = async (
  tx: Tx,
  ctx: TenantContext,
  to: { name: string; email: string },
  mail: keyof typeof SIGNING_MAILS,
  caseNumber: string,
  link: string,
): Promise<QueuedMail> =>
  queueMail(
    tx,
    { tenantId: ctx.tenantId, userId: ctx.principal.userId },
    to.email,
    SIGNING_MAILS[mail]({ name: to.name, caseNumber, link }),
  );

/** Stores a PDF of an envelope (the copy sent, or the signed one) as a private file of the tenant; its path. */
const storeEnvelopePdf = async (tx: Tx, ctx: TenantContext, storage: FileStorage, name: string, data: Uint8Array) => {
  const storedName = newStoredPath('private', 'pdf');
  await storage.put(storedName, Buffer.from(data));
  await insertFile(tx, ctx.tenantId, {
    storedName,
    originalName: `${name}.pdf`,
    extn: 'pdf',
    mimetype: 'application/pdf',
    size: data.length,
    secureType: 'private',
    purpose: 'envelope',
    createdBy: ctx.principal.userId,
  });
  return storedName;
};

/** The envelope's signers with the turn read from their rows (withTurns). */
const signersNow = (row: repo.EnvelopeWithSigners) =>
  withTurns(
    row.status as EnvelopeStatus,
    row.signers.map((x) => ({ ...x, status: x.status as SignerStatus })),
  );

const toView = (row: Awaited<ReturnType<typeof repo.listEnvelopes>>[number], intact: boolean | null): EnvelopeView => ({
  _id: row.id,
  name: row.name,
  status: row.status as EnvelopeStatus,
  createdOn: iso(row.createdOn) as string,
  closedOn: iso(row.closedOn),
  signers: signersNow(row).map((x) => ({
    name: x.name,
    role: x.role as EsignSignerRole,
    status: x.status,
    signedOn: iso(x.signedOn),
    declineReason: x.declineReason,
  })),
  sha256: row.sha256,
  intact,
});

/** The signed file still matches the SHA-256 recorded when it was made (null while nothing is signed). */
const intactOf = async (storage: FileStorage, row: { signedFile: string | null; sha256: string | null }) => {
  if (!row.signedFile || !row.sha256) return null;
  const data = await storage.get(row.signedFile);
  return !!data && sha256Of(data) === row.sha256;
};

export const listCaseEnvelopes = async (tx: Executor, ctx: TenantContext, storage: FileStorage, caseId: string) => {
  if (!(await findCase(tx, ctx.tenantId, caseId))) throw notFound('Case');
  const rows = await repo.listEnvelopes(tx, ctx.tenantId, caseId);
  return {
    list: await Promise.all(rows.map(async (r) => toView(r, await intactOf(storage, r)))),
    attorneys: await repo.firmAttorneysOf(tx, ctx.tenantId),
  };
};

/**
 * The signers of a send, checked against the case's linked accounts and, for a template, its placed fields (each
 * role with fields has its signer, no signer of a role without fields).
 */
const checkSigners = async (
  tx: Executor,
  ctx: TenantContext,
  body: { caseId: string; signers: EnvelopeSendBody['signers'] },
  fields: EsignField[] | null,
) => {
  const roles = fields ? [...new Set(fields.map((f) => f.role))] : null;
  const problems: { name: string; message: string }[] = [];
  for (const role of roles ?? [])
    if (!body.signers.some((x) => x.role === role))
      problems.push({ name: 'signers', message: MESSAGES.roleMissing(ESIGN_SIGNER_ROLE_LABELS[role]) });
  for (const message of signerListProblems(body.signers)) problems.push({ name: 'signers', message });
  const linked = await repo.caseAccountsOf(tx, ctx.tenantId, body.caseId);
  // An attorney signs as one of the firm's own (role 5), not as a person linked to the case.
  const attorneys = body.signers.some((x) => x.role === 'attorney') ? await repo.firmAttorneysOf(tx, ctx.tenantId) : [];
  body.signers.forEach((x, i) => {
    if (roles && !roles.includes(x.role))
      problems.push({ name: `signers.${i}.role`, message: MESSAGES.roleNotOnTemplate });
    else if (x.role === 'attorney') {
      if (!attorneys.some((a) => a.userId === x.userId))
        problems.push({ name: `signers.${i}.userId`, message: MESSAGES.notAttorney });
    } else if (!linked.some((a) => a.userId === x.userId && a.roleId === SIGNER_ACCOUNT_ROLES[x.role]))
      problems.push({ name: `signers.${i}.userId`, message: MESSAGES.notLinked });
  });
  if (problems.length) throw fieldErrors(problems);
};

/**
 * Starts an envelope: its own copy of the document (a later change of the source changes no envelope), its signers
 * in order, the audit row, and the first signer's e-mail (item 5; the others when their turn comes).
 */
const startEnvelope = async (
  tx: Tx,
  ctx: TenantContext,
  storage: FileStorage,
  kase: { _id: string; caseNumber: string },
  envelope: {
    name: string;
    sourceKind: 'esign-template' | 'case-document';
    sourceId: string;
    fields: EsignField[];
    data: Uint8Array;
    signers: EnvelopeSendBody['signers'];
  },
  origin: string,
) => {
  const sentFile = await storeEnvelopePdf(tx, ctx, storage, envelope.name, envelope.data);
  const row = await repo.insertEnvelope(tx, ctx.tenantId, {
    caseId: kase._id,
    name: envelope.name,
    sourceKind: envelope.sourceKind,
    sourceId: envelope.sourceId,
    fields: envelope.fields,
    sentFile,
    sha256Sent: sha256Of(envelope.data),
    createdBy: ctx.principal.userId,
  });
  await repo.insertSigners(tx, ctx.tenantId, { id: row.id, caseId: kase._id }, newEnvelope(envelope.signers).signers);
  await recordAudit(tx, ctx, {
    entity: 'envelope',
    entityId: row.id,
    action: 'send',
    after: {
      caseId: kase._id,
      name: envelope.name,
      source: envelope.sourceKind,
      sourceId: envelope.sourceId,
      signers: envelope.signers,
    },
  });
  const [first] = await repo.signersOf(tx, ctx.tenantId, [row.id]);
  const mails = first ? [await queueSigningMail(tx, ctx, first, 'yourTurn', kase.caseNumber, `${origin}/to-sign`)] : [];
  return { answer: { message: MESSAGES.sent, envelopeId: row.id }, mails };
};

/** A prepared e-sign template of the firm (its placed fields), to the case's people in order. */
export const sendEnvelope = async (
  tx: Tx,
  ctx: TenantContext,
  storage: FileStorage,
  body: EnvelopeSendBody,
  origin: string,
) => {
  const kase = await findCase(tx, ctx.tenantId, body.caseId);
  if (!kase) throw notFound('Case');
  const template = await repo.findEsignTemplate(tx, ctx.tenantId, body.templateId);
  if (!template) throw notFound('Template');
  if (template.fields.length === 0) throw fieldError('templateId', MESSAGES.noFields);
  await checkSigners(tx, ctx, body, template.fields);
  const file = await findFileByPath(tx, ctx.tenantId, template.documentPath);
  const data = file ? await storage.get(file.storedName) : null;
  if (!data) throw notFound('Template');
  return startEnvelope(
    tx,
    ctx,
    storage,
    kase,
    {
      name: template.name,
      sourceKind: 'esign-template',
      sourceId: body.templateId,
      fields: template.fields,
      data,
      signers: body.signers,
    },
    origin,
  );
};

/**
 * A PDF document of the case (a letter filled as PDF, an upload) with a page of signatures added (one block per
 * signer, in order), to the case's people in order. A Word file is refused: it is filled as PDF first.
 */
export const sendCaseDocument = async (
  tx: Tx,
  ctx: TenantContext,
  storage: FileStorage,
  body: EnvelopeSendDocumentBody,
  origin: string,
) => {
  const kase = await findCase(tx, ctx.tenantId, body.caseId);
  if (!kase) throw notFound('Case');
  const [document] = await listCaseDocuments(tx, ctx.tenantId, { id: body.documentId });
  if (!document || document.caseId !== body.caseId) throw notFound('Document');
  if (document.extn !== 'pdf') throw fieldError('documentId', ENVELOPE_MESSAGES.pdfOnly);
  await checkSigners(tx, ctx, body, null);
  const data = await storage.get(document.filePath);
  if (!data) throw notFound('Document');
  const withPage = await withSignaturePage(
    data,
    body.signers.map((x) => x.role),
  );
  if (!withPage) throw fieldError('documentId', MESSAGES.unreadablePdf);
  return startEnvelope(
    tx,
    ctx,
    storage,
    kase,
    {
      name: document.name.replace(/\.pdf$/i, ''),
      sourceKind: 'case-document',
      sourceId: document.id,
      fields: withPage.fields,
      data: withPage.bytes,
      signers: body.signers,
    },
    origin,
  );
};

/** Applies an action under the envelope's row lock; answers the envelope after it (or throws its refusal). */
const act = async (tx: Tx, ctx: TenantContext, envelopeId: string, action: EnvelopeAction, caseId?: string) => {
  const row = await repo.findEnvelope(tx, ctx.tenantId, envelopeId, caseId, true);
  if (!row) throw notFound('Envelope');
  const before = {
    status: row.status as EnvelopeStatus,
    signers: signersNow(row).map((x) => ({ userId: x.userId, role: x.role as EsignSignerRole, status: x.status })),
  };
  // A signer sees only envelopes naming them: another person's is not found.
  if (action.type !== 'cancel' && !before.signers.some((x) => x.userId === action.userId)) throw notFound('Envelope');
  const result = applyEnvelopeAction(before, action);
  if ('error' in result) throw formError(result.error);
  const me = row.signers.find((x) => x.userId === ctx.principal.userId);
  return { row, me, before, after: result.envelope };
};

export const cancelEnvelope = async (tx: Tx, ctx: TenantContext, clock: Clock, caseId: string, envelopeId: string) => {
  const { row, after } = await act(tx, ctx, envelopeId, { type: 'cancel' }, caseId);
  await repo.updateEnvelope(tx, ctx.tenantId, row.id, row.version, {
    status: after.status,
    closedOn: clock().toISOString(),
  });
  await recordAudit(tx, ctx, {
    entity: 'envelope',
    entityId: row.id,
    action: 'cancel',
    before: { status: row.status },
  });
  return { message: MESSAGES.cancelled };
};

/** The envelope's PDF as the firm downloads it: the signed one once signed, else the one sent. */
export const envelopeFile = async (
  tx: Executor,
  ctx: TenantContext,
  storage: FileStorage,
  caseId: string,
  envelopeId: string,
) => {
  const row = await repo.findEnvelope(tx, ctx.tenantId, envelopeId, caseId);
  if (!row) throw notFound('Envelope');
  const data = await storage.get(row.signedFile ?? row.sentFile);
  if (!data) throw notFound('Envelope');
  return { filename: `${row.name}${row.signedFile ? ' (signed)' : ''}.pdf`, data };
};

// ---- the signer's side ----

export const signingList = async (tx: Executor, ctx: TenantContext) => {
  const rows = await repo.envelopesOfSigner(tx, ctx.tenantId, ctx.principal.userId);
  const signers = rows.length
    ? await repo.signersOf(
        tx,
        ctx.tenantId,
        rows.map((r) => r.id),
      )
    : [];
  return {
    list: rows.map((r) => {
      const status = r.status as EnvelopeStatus;
      const mine = withTurns(
        status,
        signers.filter((x) => x.envelopeId === r.id).map((x) => ({ ...x, status: x.status as SignerStatus })),
      ).find((x) => x.userId === ctx.principal.userId);
      const myStatus = mine?.status ?? 'waiting';
      return {
        _id: r.id,
        name: r.name,
        caseNumber: r.caseNumber,
        firmName: r.firmName,
        status,
        myStatus,
        yourTurn: myStatus === 'pending' || myStatus === 'viewed',
        createdOn: iso(r.createdOn) as string,
        // Only the signer's own places: where they sign is marked on the pages they review.
        fields: (r.fields as EsignField[]).filter((f) => f.role === r.myRole),
      };
    }),
  };
};

/** The signer opens the document: the first look on their turn marks it viewed (audited once). */
export const signingDocument = async (
  tx: Tx,
  ctx: TenantContext,
  storage: FileStorage,
  clock: Clock,
  envelopeId: string,
) => {
  const row = await repo.findEnvelope(tx, ctx.tenantId, envelopeId, undefined, true);
  const me = row && signersNow(row).find((x) => x.userId === ctx.principal.userId);
  if (!row || !me) throw notFound('Envelope');
  if (me.status === 'pending' && (row.status === 'sent' || row.status === 'viewed')) {
    const { after } = await act(tx, ctx, envelopeId, { type: 'view', userId: me.userId });
    await repo.updateSigner(tx, ctx.tenantId, row.id, me.seq, { status: 'viewed', viewedOn: clock().toISOString() });
    if (after.status !== row.status)
      await repo.updateEnvelope(tx, ctx.tenantId, row.id, row.version, { status: after.status });
    await recordAudit(tx, ctx, { entity: 'envelope', entityId: row.id, action: 'view' });
  }
  const data = await storage.get(row.signedFile ?? row.sentFile);
  if (!data) throw notFound('Envelope');
  return { filename: `${row.name}.pdf`, data };
};

/** MM/DD/YYYY of a calendar date, as the firm's letters write the day. */
const usDay = (day: string) => {
  const [y, m, d] = day.split('-');
  return `${m}/${d}/${y}`;
};

export const signEnvelope = async (
  tx: Tx,
  ctx: TenantContext,
  { storage, clock, signer }: { storage: FileStorage; clock: Clock; signer: SignatureProvider },
  body: { envelopeId: string; signature: Signature },
  /** The signer's address (for the certificate) and the origin of the e-mails' links. */
  from: { ip: string; origin: string },
) => {
  const { ip, origin } = from;
  const acted = await act(tx, ctx, body.envelopeId, { type: 'sign', userId: ctx.principal.userId });
  const { row, after } = acted;
  // act found the caller among the signers (else 404).
  const me = acted.me as NonNullable<typeof acted.me>;
  const now = clock();
  const caseNumber = (await findCase(tx, ctx.tenantId, row.caseId))?.caseNumber ?? '';
  await repo.updateSigner(tx, ctx.tenantId, row.id, me.seq, {
    status: 'signed',
    signedOn: now.toISOString(),
    signedFrom: ip,
    signature: body.signature,
  });
  let signed: { signedFile: string; sha256SignedPages: string; sha256: string } | null = null;
  if (after.status === 'signed') {
    const sent = await storage.get(row.sentFile);
    if (!sent) throw notFound('Envelope');
    const day = usDay(await tenantDay(tx, ctx.tenantId, now));
    const signers = row.signers.map((x) =>
      x.seq === me.seq ? { ...x, signature: body.signature, signedOn: now.toISOString(), signedFrom: ip } : x,
    );
    const inks: Partial<Record<EsignSignerRole, SignerInk>> = {};
    for (const x of signers)
      inks[x.role as EsignSignerRole] = { name: x.name, signature: x.signature as Signature, date: day };
    const out = await signer.signDocument({
      sent,
      fields: row.fields as EsignField[],
      inks,
      signedOn: now,
      certificate: (sha256SignedPages) =>
        certificateLines({
          documentName: row.name,
          envelopeId: row.id,
          caseNumber,
          sentAt: iso(row.createdOn) as string,
          signers: signers.map((x) => ({
            name: x.name,
            email: x.email,
            role: ESIGN_SIGNER_ROLE_LABELS[x.role as EsignSignerRole],
            signedAt: iso(x.signedOn) as string,
            ip: x.signedFrom ?? '',
            signature: (x.signature as Signature).kind,
          })),
          sha256Sent: row.sha256Sent,
          sha256Signed: sha256SignedPages,
        }),
    });
    const signedFile = await storeEnvelopePdf(tx, ctx, storage, `${row.name} (signed)`, out.bytes);
    signed = { signedFile, sha256SignedPages: out.sha256SignedPages, sha256: out.sha256 };
  }
  const written = await repo.updateEnvelope(tx, ctx.tenantId, row.id, row.version, {
    status: after.status,
    ...(signed ? { ...signed, closedOn: now.toISOString() } : {}),
  });
  if (!written) throw formError('This document changed meanwhile. Open it again.');
  // The last signature finishes the signing steps of the case's run, in the firm's scope (firm-step.ts).
  const steps = signed
    ? await asFirmStep(tx, ctx, () =>
        takeSteps(tx, ctx, clock, row.caseId, signingStepsOf(row.signers.map((x) => x.role as EsignSignerRole))),
      )
    : [];
  await recordAudit(tx, ctx, {
    entity: 'envelope',
    entityId: row.id,
    action: 'sign',
    after: {
      status: after.status,
      ...(signed ? { sha256: signed.sha256 } : {}),
      ...(steps.length ? { completedSteps: steps } : {}),
    },
  });
  // Item 5: the next signer is told it is their turn; once everyone has signed, the sender and every signer.
  const mails: QueuedMail[] = [];
  const next = after.signers.find((x) => x.status === 'pending');
  const nextRow = next && row.signers.find((x) => x.userId === next.userId);
  if (after.status === 'sent' && nextRow)
    mails.push(await queueSigningMail(tx, ctx, nextRow, 'yourTurn', caseNumber, `${origin}/to-sign`));
  if (after.status === 'signed') {
    const sender = row.createdBy ? await repo.userContactOf(tx, ctx.tenantId, row.createdBy) : null;
    if (sender)
      mails.push(
        await queueSigningMail(tx, ctx, sender, 'allSigned', caseNumber, `${origin}/cases/${row.caseId}?tab=documents`),
      );
    for (const x of row.signers)
      mails.push(await queueSigningMail(tx, ctx, x, 'allSigned', caseNumber, `${origin}/to-sign`));
  }
  return { answer: { message: MESSAGES.signed, status: after.status }, mails };
};

export const declineEnvelope = async (
  tx: Tx,
  ctx: TenantContext,
  clock: Clock,
  body: { envelopeId: string; reason: string },
) => {
  const acted = await act(tx, ctx, body.envelopeId, { type: 'decline', userId: ctx.principal.userId });
  const { row, after } = acted;
  const me = acted.me as NonNullable<typeof acted.me>;
  const now = clock().toISOString();
  await repo.updateSigner(tx, ctx.tenantId, row.id, me.seq, { status: 'declined', declineReason: body.reason });
  await repo.updateEnvelope(tx, ctx.tenantId, row.id, row.version, { status: after.status, closedOn: now });
  await recordAudit(tx, ctx, {
    entity: 'envelope',
    entityId: row.id,
    action: 'decline',
    after: { reason: body.reason },
  });
  return { message: MESSAGES.declined };
};
