import { z } from 'zod';
import { text } from '../api/scalars';
import {
  ESIGN_SIGNER_ROLES,
  type EsignField,
  EsignFieldSchema,
  type EsignFieldType,
  type EsignSignerRole,
} from '../esign-fields/contracts';
import { joinedWithAnd } from '../text/words';
import type { ActivityCode } from '../workflows/catalogue';

/**
 * Issue 35 item 3: documents signed. The firm sends a prepared e-sign template (its placed fields) or a filled letter
 * from a case to its signers, in order; each signer reviews the PDF and signs in place (typed or drawn) or declines
 * with a reason. The envelope's states and the signers' turns are this pure rule; the server stores the envelope,
 * applies an action under its row lock and audits every change of status.
 *
 * Envelope: sent (waiting on its signers) → viewed (a signer opened it) → signed (every signer signed: the flattened
 * PDF with its certificate page is stored and never changes), or declined (a signer declined, with a reason), or
 * cancelled (by the firm, before it is signed). A change to a signed document is a new envelope.
 */
export const ENVELOPE_STATUSES = ['sent', 'viewed', 'signed', 'declined', 'cancelled'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];
export const ENVELOPE_STATUS_NAMES: Record<EnvelopeStatus, string> = {
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

/** A signer: waiting for an earlier signer, to sign now (pending, then viewed once opened), signed or declined. */
export const SIGNER_STATUSES = ['waiting', 'pending', 'viewed', 'signed', 'declined'] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];

/** The portal role of the account that signs for each signer role of the placed fields. */
export const SIGNER_ACCOUNT_ROLES: Record<EsignSignerRole, number> = {
  signatory: 12,
  petitioner: 50,
  beneficiary: 11,
  attorney: 5,
};

export interface EnvelopeSigner {
  userId: string;
  role: EsignSignerRole;
  status: SignerStatus;
}
export interface Envelope {
  status: EnvelopeStatus;
  /** In signing order. */
  signers: EnvelopeSigner[];
}

export type EnvelopeAction =
  | { type: 'view'; userId: string }
  | { type: 'sign'; userId: string }
  | { type: 'decline'; userId: string }
  | { type: 'cancel' };

export const ENVELOPE_MESSAGES = {
  notYourTurn: 'This document is not waiting for your signature',
  closed: 'This document is no longer open for signing',
  noSigners: 'Choose who signs',
  signerTwice: 'A person signs an envelope once',
  roleTwice: 'One person signs for each role',
  pdfOnly: 'Only a PDF can be signed: fill the letter as PDF first',
  signatureRequired: 'Type or draw your signature',
  reasonRequired: 'Say why you decline',
  cancelled: 'The envelope was cancelled',
} as const;

/** Who an e-mail of signing goes to, and the link that signs them in first (then opens the page). */
export interface SigningMailTo {
  name: string;
  caseNumber: string;
  link: string;
}

/**
 * Issue 35 item 5: the e-mails of signing. Each names its recipient and the case number and nothing else of the
 * case (no document title, no other person), with a link that signs in first: 'A document is waiting for your
 * signature' to the signer whose turn comes, 'Everyone has signed' to the sender and every signer.
 */
export const SIGNING_MAILS = {
  yourTurn: (m: SigningMailTo) => ({
    subject: 'A document is waiting for your signature',
    text: `Hello ${m.name},\n\nA document of case ${m.caseNumber} is waiting for your signature.\n\nSign in to review and sign it: ${m.link}\n`,
  }),
  allSigned: (m: SigningMailTo) => ({
    subject: 'Everyone has signed',
    text: `Hello ${m.name},\n\nEveryone has signed a document of case ${m.caseNumber}. The signed copy is kept on the case.\n\nSign in to see it: ${m.link}\n`,
  }),
} as const;

/** What each placed field takes from the signer, in the review's sentence. */
const FIELD_WORDS: Record<EsignFieldType, string> = {
  signature: 'signature',
  initials: 'initials',
  date: 'date',
  text: 'name',
};

/**
 * The review's sentence of where the signer's ink goes: 'Marked in yellow on page 2: where your signature, date and
 * name go.' (the pages and kinds of their own fields, each once, in order); null when nothing is placed for them.
 */
export const yourPlacesSentence = (fields: readonly Pick<EsignField, 'page' | 'type'>[]): string | null => {
  if (fields.length === 0) return null;
  const pages = [...new Set(fields.map((f) => f.page))].sort((a, b) => a - b);
  const kinds = (Object.keys(FIELD_WORDS) as EsignFieldType[]).filter((k) => fields.some((f) => f.type === k));
  return `Marked in yellow on page${pages.length > 1 ? 's' : ''} ${joinedWithAnd(pages.map(String))}: where your ${joinedWithAnd(
    kinds.map((k) => FIELD_WORDS[k]),
  )} go${kinds.length === 1 && kinds[0] !== 'initials' ? 'es' : ''}.`;
};

/** A new envelope: the first signer's turn, the others waiting. */
export const newEnvelope = (signers: readonly { userId: string; role: EsignSignerRole }[]): Envelope => ({
  status: 'sent',
  signers: signers.map((s, i) => ({ ...s, status: i === 0 ? 'pending' : 'waiting' })),
});

const isOpen = (e: Envelope) => e.status === 'sent' || e.status === 'viewed';

/**
 * The signers as they stand: a stored row says 'waiting' until its turn, and the turn passes to the first signer
 * who has not signed while the envelope is open. It is read, not written, because a signer's request may change
 * only their own row (row-level security, migration 0059), never the next signer's.
 */
export const withTurns = <S extends { status: SignerStatus }>(status: EnvelopeStatus, signers: readonly S[]): S[] => {
  const at = signers.findIndex((x) => x.status !== 'signed');
  return signers.map((x, i) =>
    i === at && x.status === 'waiting' && (status === 'sent' || status === 'viewed') ? { ...x, status: 'pending' } : x,
  );
};

/** The signer whose turn it is (pending or viewed), or null when none is. */
export const currentSigner = (e: Envelope): EnvelopeSigner | null =>
  isOpen(e) ? (e.signers.find((s) => s.status === 'pending' || s.status === 'viewed') ?? null) : null;

/**
 * Applies an action: the envelope after it, or the message it is refused with. Only the signer whose turn it is
 * views, signs or declines; the firm cancels an open envelope. Viewing twice changes nothing (no second audit row).
 */
export const applyEnvelopeAction = (
  e: Envelope,
  action: EnvelopeAction,
): { envelope: Envelope } | { error: string } => {
  if (!isOpen(e)) return { error: e.status === 'cancelled' ? ENVELOPE_MESSAGES.cancelled : ENVELOPE_MESSAGES.closed };
  if (action.type === 'cancel') return { envelope: { ...e, status: 'cancelled' } };
  const current = currentSigner(e);
  if (!current || current.userId !== action.userId) return { error: ENVELOPE_MESSAGES.notYourTurn };
  const at = e.signers.indexOf(current);
  const signers = e.signers.map((s) => ({ ...s }));
  const me = signers[at] as EnvelopeSigner;
  if (action.type === 'view') {
    if (me.status === 'viewed') return { envelope: e };
    me.status = 'viewed';
    return { envelope: { status: 'viewed', signers } };
  }
  if (action.type === 'decline') {
    me.status = 'declined';
    return { envelope: { status: 'declined', signers } };
  }
  me.status = 'signed';
  const next = signers[at + 1];
  if (next) next.status = 'pending';
  return { envelope: { status: next ? 'sent' : 'signed', signers } };
};

/**
 * The steps of a case's run a signed envelope finishes, by who signed it: the petitioner's signature request
 * (also the RFE's) when a petitioner contact signed, the signatory's step when an authorized signatory did.
 */
export const SIGNING_STEPS: Partial<Record<ActivityCode, EsignSignerRole>> = {
  REQUEST_PETITIONER_SIGN: 'petitioner',
  RFE_REQUEST_PETITIONER_SIGN: 'petitioner',
  DOC_SIGNER_LIST: 'signatory',
};

export const signingStepsOf = (signedBy: readonly EsignSignerRole[]): ActivityCode[] =>
  (Object.entries(SIGNING_STEPS) as [ActivityCode, EsignSignerRole][])
    .filter(([, role]) => signedBy.includes(role))
    .map(([code]) => code);

/**
 * Refusals of a signer list before anything is sent: nobody, one person twice, or two people for one role (each
 * role's placed fields take one person's ink).
 */
export const signerListProblems = (signers: readonly { userId: string; role: EsignSignerRole }[]): string[] => {
  if (signers.length === 0) return [ENVELOPE_MESSAGES.noSigners];
  const problems: string[] = [];
  if (new Set(signers.map((s) => s.userId)).size !== signers.length) problems.push(ENVELOPE_MESSAGES.signerTwice);
  if (new Set(signers.map((s) => s.role)).size !== signers.length) problems.push(ENVELOPE_MESSAGES.roleTwice);
  return problems;
};

/**
 * A document of the case sent for signature (a filled letter, an upload) has no placed fields: it gets a last page
 * of signatures, one block per signer in signing order, each a signature line, the signer's printed name and the
 * day. US Letter points, as pdf-lib draws (y = the box's lower-left corner).
 */
export const SIGNATURE_PAGE = {
  width: 612,
  height: 792,
  left: 72,
  /** The first block's top; each block below the one before. */
  top: 680,
  block: 140,
  title: 'Signatures',
} as const;

/** The boxes of one signer's block on the signature page (block i, 0-based). */
export const signatureBlockBoxes = (i: number) => {
  const top = SIGNATURE_PAGE.top - i * SIGNATURE_PAGE.block;
  const { left } = SIGNATURE_PAGE;
  return {
    /** The heading line (the role) sits above the boxes. */
    headingY: top,
    signature: { x: left, y: top - 56, width: 240, height: 40 },
    name: { x: left, y: top - 92, width: 240, height: 20 },
    date: { x: left + 300, y: top - 56, width: 130, height: 22 },
  };
};

/** The placed fields of the signature page (page number `page`): each signer's signature, name and date. */
export const signaturePageFields = (roles: readonly EsignSignerRole[], page: number): EsignField[] =>
  roles.flatMap((role, i) => {
    const b = signatureBlockBoxes(i);
    return [
      { page, role, type: 'signature' as const, ...b.signature },
      { page, role, type: 'date' as const, ...b.date },
      { page, role, type: 'text' as const, ...b.name },
    ];
  });

/** A signature: typed (drawn in a script face) or drawn (a PNG data URL of the strokes, at most ~100 KB). */
export const SignatureSchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('typed'), text: text().trim().min(1, ENVELOPE_MESSAGES.signatureRequired).max(100) })
    .strict(),
  z
    .object({
      kind: z.literal('drawn'),
      png: text()
        .max(140_000, 'The drawing is too large')
        .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, ENVELOPE_MESSAGES.signatureRequired),
    })
    .strict(),
]);
export type Signature = z.infer<typeof SignatureSchema>;

export interface CertificateSigner {
  name: string;
  email: string;
  role: string;
  /** ISO instant. */
  signedAt: string;
  ip: string;
  signature: 'typed' | 'drawn';
}

/**
 * The certificate page's lines (its one layout, as the PDF draws them): the document, the envelope, each signer in
 * order with their e-mail, the instant and the address they signed from, and the SHA-256 of the document sent and
 * of the document signed (the pages before this one).
 */
export const certificateLines = (c: {
  documentName: string;
  envelopeId: string;
  caseNumber: string;
  sentAt: string;
  signers: readonly CertificateSigner[];
  sha256Sent: string;
  sha256Signed: string;
}): string[] => [
  'Certificate of signature',
  `Document: ${c.documentName}`,
  `Case: ${c.caseNumber}`,
  `Envelope: ${c.envelopeId}`,
  `Sent: ${c.sentAt}`,
  '',
  ...c.signers.flatMap((s, i) => [
    `Signer ${i + 1}: ${s.name} <${s.email}> (${s.role})`,
    `  Signed ${s.signedAt} from ${s.ip}, ${s.signature === 'typed' ? 'typed signature' : 'drawn signature'}`,
  ]),
  '',
  `SHA-256 of the document sent: ${c.sha256Sent}`,
  `SHA-256 of the signed pages: ${c.sha256Signed}`,
];

// ---- the routes' contracts ----

/** POST /api/cases/envelopes/send: a prepared e-sign template of the firm, to the case's people in this order. */
const signersInOrder = () =>
  z
    .array(z.object({ role: z.enum(ESIGN_SIGNER_ROLES), userId: z.uuid() }).strict())
    .min(1, ENVELOPE_MESSAGES.noSigners)
    .max(4);
export const EnvelopeSendBodySchema = z
  .object({ caseId: z.uuid(), templateId: z.uuid(), signers: signersInOrder() })
  .strict();
export type EnvelopeSendBody = z.infer<typeof EnvelopeSendBodySchema>;
/**
 * POST /api/cases/envelopes/send-document: a PDF document of the case (a letter filled as PDF, an upload), with a
 * page of signatures added, to the case's people in this order.
 */
export const EnvelopeSendDocumentBodySchema = z
  .object({ caseId: z.uuid(), documentId: z.uuid(), signers: signersInOrder() })
  .strict();
export type EnvelopeSendDocumentBody = z.infer<typeof EnvelopeSendDocumentBodySchema>;
export const EnvelopeQuerySchema = z.object({ caseId: z.uuid(), envelopeId: z.uuid() }).strict();

export const EnvelopeSignerViewSchema = z.object({
  name: z.string(),
  role: z.enum(ESIGN_SIGNER_ROLES),
  status: z.enum(SIGNER_STATUSES),
  signedOn: z.string().nullable(),
  declineReason: z.string().nullable(),
});
/** An envelope on the case page; `intact` is false when the stored signed file no longer matches its SHA-256. */
export const EnvelopeViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(ENVELOPE_STATUSES),
  createdOn: z.string(),
  closedOn: z.string().nullable(),
  signers: z.array(EnvelopeSignerViewSchema),
  sha256: z.string().nullable(),
  intact: z.boolean().nullable(),
});
export type EnvelopeView = z.infer<typeof EnvelopeViewSchema>;
/** A case's envelopes, and the firm's attorneys (role 5) who may sign a template's attorney fields. */
export const EnvelopeListSchema = z.object({
  list: z.array(EnvelopeViewSchema),
  attorneys: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string() })),
});

/** 'To sign': the envelopes of the signer's linked cases that name them. */
export const SigningItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  caseNumber: z.string(),
  firmName: z.string(),
  status: z.enum(ENVELOPE_STATUSES),
  myStatus: z.enum(SIGNER_STATUSES),
  yourTurn: z.boolean(),
  createdOn: z.string(),
  /** The signer's own placed fields (never another signer's), marked on the pages they review. */
  fields: z.array(EsignFieldSchema),
});
export const SigningListSchema = z.object({ list: z.array(SigningItemSchema) });
export const SigningIdBodySchema = z.object({ envelopeId: z.uuid() }).strict();
export const SignBodySchema = z.object({ envelopeId: z.uuid(), signature: SignatureSchema }).strict();
export const DeclineBodySchema = z
  .object({ envelopeId: z.uuid(), reason: text().trim().min(1, ENVELOPE_MESSAGES.reasonRequired).max(500) })
  .strict();
export const EnvelopeSentSchema = z.object({ message: z.string(), envelopeId: z.string() });
export const EnvelopeSignedSchema = z.object({ message: z.string(), status: z.enum(ENVELOPE_STATUSES) });
export const SigningListBodySchema = z.object({}).strict();
