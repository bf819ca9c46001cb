import { describe, expect, it } from 'vitest';
import {
  applyEnvelopeAction,
  certificateLines,
  currentSigner,
  ENVELOPE_MESSAGES,
  type Envelope,
  newEnvelope,
  SIGNATURE_PAGE,
  SIGNING_MAILS,
  SignatureSchema,
  signaturePageFields,
  signerListProblems,
  signingStepsOf,
  withTurns,
  yourPlacesSentence,
} from './envelopes';

const two = () =>
  newEnvelope([
    { userId: 'sig', role: 'signatory' },
    { userId: 'pet', role: 'petitioner' },
  ]);
const act = (e: Envelope, action: Parameters<typeof applyEnvelopeAction>[1]) => {
  const r = applyEnvelopeAction(e, action);
  if ('error' in r) throw new Error(r.error);
  return r.envelope;
};

describe('envelopes (issue 35 item 3)', () => {
  it('issue 35: signers sign in order; the envelope is signed when the last one signs', () => {
    let e = two();
    expect(e.signers.map((s) => s.status)).toEqual(['pending', 'waiting']);
    expect(currentSigner(e)?.userId).toBe('sig');
    // The second signer cannot act before the first.
    expect(applyEnvelopeAction(e, { type: 'sign', userId: 'pet' })).toEqual({ error: ENVELOPE_MESSAGES.notYourTurn });
    e = act(e, { type: 'view', userId: 'sig' });
    expect(e.status).toBe('viewed');
    // Viewing again changes nothing (the same object: no second audit row).
    expect(act(e, { type: 'view', userId: 'sig' })).toBe(e);
    e = act(e, { type: 'sign', userId: 'sig' });
    expect(e.status).toBe('sent');
    expect(e.signers.map((s) => s.status)).toEqual(['signed', 'pending']);
    e = act(e, { type: 'sign', userId: 'pet' });
    expect(e.status).toBe('signed');
    expect(currentSigner(e)).toBeNull();
    expect(applyEnvelopeAction(e, { type: 'cancel' })).toEqual({ error: ENVELOPE_MESSAGES.closed });
  });

  it('issue 35: the turn is read from the stored rows: the first signer who has not signed, while the envelope is open', () => {
    const stored = [
      { seq: 0, status: 'signed' as const },
      { seq: 1, status: 'waiting' as const },
      { seq: 2, status: 'waiting' as const },
    ];
    expect(withTurns('sent', stored).map((x) => x.status)).toEqual(['signed', 'pending', 'waiting']);
    expect(withTurns('declined', stored).map((x) => x.status)).toEqual(['signed', 'waiting', 'waiting']);
    const viewed = [{ status: 'viewed' as const }, { status: 'waiting' as const }];
    expect(withTurns('viewed', viewed)).toEqual(viewed);
  });

  it('issue 35: a decline closes the envelope; a cancelled one takes no action', () => {
    const declined = act(two(), { type: 'decline', userId: 'sig' });
    expect(declined.status).toBe('declined');
    expect(applyEnvelopeAction(declined, { type: 'sign', userId: 'pet' })).toEqual({ error: ENVELOPE_MESSAGES.closed });
    const cancelled = act(two(), { type: 'cancel' });
    expect(cancelled.status).toBe('cancelled');
    expect(applyEnvelopeAction(cancelled, { type: 'view', userId: 'sig' })).toEqual({
      error: ENVELOPE_MESSAGES.cancelled,
    });
  });

  it('issue 35: a signed envelope finishes the signing steps of the roles that signed it', () => {
    expect(signingStepsOf(['signatory', 'petitioner'])).toEqual([
      'REQUEST_PETITIONER_SIGN',
      'RFE_REQUEST_PETITIONER_SIGN',
      'DOC_SIGNER_LIST',
    ]);
    expect(signingStepsOf(['signatory'])).toEqual(['DOC_SIGNER_LIST']);
    expect(signingStepsOf(['beneficiary'])).toEqual([]);
  });

  it('issue 35: the e-mails of signing name their recipient and the case number, with a link to sign in first', () => {
    const to = { name: 'Sara Singh', caseNumber: 'H1B-10001', link: 'https://portal.example/to-sign' };
    expect(SIGNING_MAILS.yourTurn(to)).toEqual({
      subject: 'A document is waiting for your signature',
      text: 'Hello Sara Singh,\n\nA document of case H1B-10001 is waiting for your signature.\n\nSign in to review and sign it: https://portal.example/to-sign\n',
    });
    expect(SIGNING_MAILS.allSigned(to).subject).toBe('Everyone has signed');
    expect(SIGNING_MAILS.allSigned(to).text).toContain('case H1B-10001');
  });

  it('issue 35: a signer list names somebody, each person once, one person per role', () => {
    expect(signerListProblems([])).toEqual([ENVELOPE_MESSAGES.noSigners]);
    expect(
      signerListProblems([
        { userId: 'a', role: 'signatory' },
        { userId: 'a', role: 'petitioner' },
      ]),
    ).toEqual([ENVELOPE_MESSAGES.signerTwice]);
    expect(
      signerListProblems([
        { userId: 'a', role: 'petitioner' },
        { userId: 'b', role: 'petitioner' },
      ]),
    ).toEqual([ENVELOPE_MESSAGES.roleTwice]);
    expect(
      signerListProblems([
        { userId: 'a', role: 'signatory' },
        { userId: 'b', role: 'petitioner' },
      ]),
    ).toEqual([]);
  });

  it('issue 35: a case document gets a page of signatures, one block per signer in order, inside the page, none overlapping', () => {
    const fields = signaturePageFields(['signatory', 'petitioner', 'beneficiary', 'attorney'], 3);
    expect(fields).toHaveLength(12);
    expect(fields.every((f) => f.page === 3)).toBe(true);
    expect(fields.filter((f) => f.role === 'signatory').map((f) => f.type)).toEqual(['signature', 'date', 'text']);
    for (const f of fields) {
      expect(f.x).toBeGreaterThanOrEqual(0);
      expect(f.y).toBeGreaterThanOrEqual(36);
      expect(f.x + f.width).toBeLessThanOrEqual(SIGNATURE_PAGE.width);
      expect(f.y + f.height).toBeLessThanOrEqual(SIGNATURE_PAGE.height);
    }
    const apart = (a: (typeof fields)[number], b: (typeof fields)[number]) =>
      a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    fields.forEach((a, i) => {
      for (const b of fields.slice(i + 1)) expect(apart(a, b)).toBe(true);
    });
    // The first signer's block is above the second's.
    const sig = (role: string) => fields.find((f) => f.role === role && f.type === 'signature')?.y ?? 0;
    expect(sig('signatory')).toBeGreaterThan(sig('petitioner'));
  });

  it('issue 35: a signature is typed text or a PNG drawing, nothing else', () => {
    expect(SignatureSchema.safeParse({ kind: 'typed', text: '  Priya Patel ' }).data).toEqual({
      kind: 'typed',
      text: 'Priya Patel',
    });
    expect(SignatureSchema.safeParse({ kind: 'typed', text: '   ' }).success).toBe(false);
    expect(SignatureSchema.safeParse({ kind: 'drawn', png: 'data:image/png;base64,iVBORw0KGgo=' }).success).toBe(true);
    expect(SignatureSchema.safeParse({ kind: 'drawn', png: 'data:image/svg+xml;base64,PHN2Zz4=' }).success).toBe(false);
    expect(SignatureSchema.safeParse({ kind: 'stamp', text: 'x' }).success).toBe(false);
  });

  it('issue 35: the certificate names each signer, e-mail, instant and address, and both hashes', () => {
    const lines = certificateLines({
      documentName: 'Employer Support Letter',
      envelopeId: 'env-1',
      caseNumber: 'DLF-H1B-2026-10001',
      sentAt: '2026-11-29T15:00:00.000Z',
      signers: [
        {
          name: 'Sam Signer',
          email: 'signatory@petitioner.test',
          role: 'Authorized Signatory',
          signedAt: '2026-11-29T15:05:00.000Z',
          ip: '203.0.113.7',
          signature: 'typed',
        },
      ],
      sha256Sent: 'a'.repeat(64),
      sha256Signed: 'b'.repeat(64),
    });
    expect(lines).toContain('Signer 1: Sam Signer <signatory@petitioner.test> (Authorized Signatory)');
    expect(lines).toContain('  Signed 2026-11-29T15:05:00.000Z from 203.0.113.7, typed signature');
    expect(lines).toContain(`SHA-256 of the document sent: ${'a'.repeat(64)}`);
    expect(lines).toContain(`SHA-256 of the signed pages: ${'b'.repeat(64)}`);
  });

  it('issue 35: the review says where the signer’s own ink goes, each page and kind once, in order', () => {
    expect(yourPlacesSentence([])).toBeNull();
    expect(yourPlacesSentence([{ page: 1, type: 'signature' }])).toBe(
      'Marked in yellow on page 1: where your signature goes.',
    );
    expect(
      yourPlacesSentence([
        { page: 3, type: 'text' },
        { page: 2, type: 'date' },
        { page: 2, type: 'signature' },
        { page: 3, type: 'signature' },
      ]),
    ).toBe('Marked in yellow on pages 2 and 3: where your signature, date and name go.');
  });
});
