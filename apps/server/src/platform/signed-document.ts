import { createHash } from 'node:crypto';
import {
  SIGNATURE_PAGE,
  type Signature,
  signatureBlockBoxes,
  signaturePageFields,
} from '@caseport/domain/cases/envelopes';
import {
  ESIGN_SIGNER_ROLE_LABELS,
  type EsignField,
  type EsignSignerRole,
} from '@caseport/domain/esign-fields/contracts';
import type { PDFFont, PDFPage } from 'pdf-lib';

/**
 * Issue 35 item 3: the signed document. Each signer's placed fields are drawn into the pages of the document that
 * was sent (a signature typed in a script face or drawn as the signer's strokes, their initials, the day in the
 * firm's calendar, their name in a text field), flattened (drawn content, no form fields left to change), and a
 * last page certifies who signed, from where and when, with the SHA-256 of the document sent and of the signed
 * pages. The caller stores the bytes and the SHA-256 of the whole file; one byte changed no longer matches it.
 */
export interface SignerInk {
  name: string;
  signature: Signature;
  /** The day they signed, as the firm writes dates. */
  date: string;
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

/** What a signed document is made from: the document sent, its placed fields, each role's ink, the certificate. */
export interface SignDocumentInput {
  sent: Uint8Array;
  fields: readonly EsignField[];
  inks: Partial<Record<EsignSignerRole, SignerInk>>;
  /** The certificate's lines, given the SHA-256 of the signed pages (domain certificateLines). */
  certificate: (sha256SignedPages: string) => string[];
  signedOn: Date;
}

/** The signed document's bytes to store, the SHA-256 of its signed pages and of the whole file. */
export interface SignedDocument {
  bytes: Uint8Array;
  sha256SignedPages: string;
  sha256: string;
}

/**
 * Issue 35 item 3, beside D-26's payment provider: who makes the signed document. The built-in signer is this file's
 * renderSignedDocument (the default); a commercial e-signature service would be one file implementing this
 * interface, passed as `AppConfig.signer`. The envelope's service keeps the rest: who signs, in which order, the
 * audit, the stored SHA-256 and its check.
 */
export interface SignatureProvider {
  signDocument(input: SignDocumentInput): Promise<SignedDocument>;
}

export const renderSignedDocument = async (input: SignDocumentInput): Promise<SignedDocument> => {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.load(input.sent);
  const script = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  // The standard fonts cover Latin-1 (WinAnsi); any other character prints as '?' (as the invoices do).
  const covered = new Set(regular.getCharacterSet());
  const printable = (value: string) =>
    Array.from(value, (ch) => (covered.has(ch.codePointAt(0) ?? 0) ? ch : '?')).join('');
  const ink = rgb(0.05, 0.1, 0.35);
  /** Text fitted into a field's box: the largest size up to 80% of its height that fits its width. */
  const fitted = (page: PDFPage, value: string, f: EsignField, font: PDFFont) => {
    const shown = printable(value);
    let size = Math.max(6, Math.floor(f.height * 0.8));
    while (size > 6 && font.widthOfTextAtSize(shown, size) > f.width - 4) size--;
    page.drawText(shown, { x: f.x + 2, y: f.y + (f.height - size) / 2 + 2, size, font, color: ink });
  };
  const pages = doc.getPages();
  for (const f of input.fields) {
    const signer = input.inks[f.role];
    const page = pages[f.page - 1];
    if (!signer || !page) continue;
    if (f.type === 'signature' && signer.signature.kind === 'drawn') {
      const png = await doc.embedPng(Buffer.from(signer.signature.png.split(',')[1] ?? '', 'base64'));
      const scale = Math.min(f.width / png.width, f.height / png.height);
      page.drawImage(png, { x: f.x, y: f.y, width: png.width * scale, height: png.height * scale });
    } else if (f.type === 'signature')
      fitted(page, signer.signature.kind === 'typed' ? signer.signature.text : signer.name, f, script);
    else if (f.type === 'initials') fitted(page, initialsOf(signer.name), f, script);
    else if (f.type === 'date') fitted(page, signer.date, f, regular);
    else fitted(page, signer.name, f, regular);
  }
  // No form fields are left for a viewer to change: the drawn ink is the page content.
  doc.getForm().flatten();
  const signedPages = await doc.save({ useObjectStreams: false });
  const sha256SignedPages = sha256Of(signedPages);

  const withCertificate = await PDFDocument.load(signedPages);
  withCertificate.setModificationDate(input.signedOn);
  const font = await withCertificate.embedFont(StandardFonts.Helvetica);
  const bold = await withCertificate.embedFont(StandardFonts.HelveticaBold);
  let page = withCertificate.addPage([612, 792]);
  let y = 740;
  for (const [i, line] of input.certificate(sha256SignedPages).entries()) {
    if (y < 60) {
      page = withCertificate.addPage([612, 792]);
      y = 740;
    }
    // A 64-character hash fits the page at 8 points.
    const size = i === 0 ? 16 : line.includes('SHA-256') ? 8 : 10;
    page.drawText(printable(line), { x: 56, y, size, font: i === 0 ? bold : font, color: rgb(0.13, 0.15, 0.2) });
    y -= i === 0 ? 28 : 16;
  }
  const bytes = await withCertificate.save({ useObjectStreams: false });
  return { bytes, sha256SignedPages, sha256: sha256Of(bytes) };
};

/** The built-in signer: the document drawn and certified in process (renderSignedDocument). */
export const builtInSigner: SignatureProvider = { signDocument: renderSignedDocument };

/**
 * Issue 35 item 3: a document of the case (a letter filled as PDF, an upload) sent for signature has no placed
 * fields, so it gets a last page of signatures: per signer in order, the role, a signature line, 'Name' and 'Date'
 * under their boxes (domain signatureBlockBoxes). Answers the new document and the fields placed on that page.
 * A file pdf-lib cannot read (encrypted, broken) answers null.
 */
export const withSignaturePage = async (
  pdf: Uint8Array,
  roles: readonly EsignSignerRole[],
): Promise<{ bytes: Uint8Array; fields: EsignField[] } | null> => {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.load(pdf).catch(() => null);
  if (!doc) return null;
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([SIGNATURE_PAGE.width, SIGNATURE_PAGE.height]);
  const grey = rgb(0.35, 0.38, 0.45);
  const dark = rgb(0.13, 0.15, 0.2);
  page.drawText(SIGNATURE_PAGE.title, {
    x: SIGNATURE_PAGE.left,
    y: SIGNATURE_PAGE.top + 40,
    size: 16,
    font: bold,
    color: dark,
  });
  roles.forEach((role, i) => {
    const b = signatureBlockBoxes(i);
    page.drawText(`${i + 1}. ${ESIGN_SIGNER_ROLE_LABELS[role]}`, {
      x: SIGNATURE_PAGE.left,
      y: b.headingY,
      size: 11,
      font: bold,
      color: dark,
    });
    const line = (box: { x: number; y: number; width: number }, label: string) => {
      page.drawLine({
        start: { x: box.x, y: box.y },
        end: { x: box.x + box.width, y: box.y },
        thickness: 0.75,
        color: grey,
      });
      page.drawText(label, { x: box.x, y: box.y - 11, size: 8, font, color: grey });
    };
    line(b.signature, 'Signature');
    line(b.date, 'Date');
    line(b.name, 'Name');
  });
  const bytes = await doc.save({ useObjectStreams: false });
  return { bytes, fields: signaturePageFields(roles, doc.getPageCount()) };
};
