import { deflateSync } from 'node:zlib';
import { certificateLines } from '@caseport/domain/cases/envelopes';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderSignedDocument, sha256Of } from '../src/platform/signed-document';
import { pdfText } from './support/pdf-text';

/** A one-page letter, as a prepared e-sign template's PDF. */
const letter = async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText('Employer Support Letter', {
    x: 56,
    y: 720,
    size: 14,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return doc.save();
};

/** A tiny real PNG (2x2, dark ink) as a drawn signature's data URL. */
const drawnPng = () => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.from([0, 20, 20, 60, 20, 20, 60, 0, 20, 20, 60, 20, 20, 60]);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
};

describe('the signed document (issue 35 item 3)', () => {
  it('issue 35: each signer’s fields are drawn in place, the certificate page names them and both hashes, and one byte changed no longer matches', async () => {
    const sent = await letter();
    const sha256Sent = sha256Of(sent);
    const signedOn = new Date('2026-11-29T15:05:00.000Z');
    const out = await renderSignedDocument({
      sent,
      fields: [
        { page: 1, x: 56, y: 200, width: 180, height: 36, role: 'signatory', type: 'signature' },
        { page: 1, x: 260, y: 200, width: 90, height: 20, role: 'signatory', type: 'date' },
        { page: 1, x: 56, y: 120, width: 180, height: 36, role: 'petitioner', type: 'signature' },
        { page: 1, x: 260, y: 120, width: 60, height: 30, role: 'petitioner', type: 'initials' },
      ],
      inks: {
        signatory: { name: 'Sam Signer', signature: { kind: 'typed', text: 'Sam Signer' }, date: '11/29/2026' },
        petitioner: { name: 'Priya Patel', signature: { kind: 'drawn', png: drawnPng() }, date: '11/29/2026' },
      },
      certificate: (sha256SignedPages) =>
        certificateLines({
          documentName: 'Employer Support Letter',
          envelopeId: 'env-1',
          caseNumber: 'DLF-H1B-2026-10001',
          sentAt: '2026-11-29T15:00:00.000Z',
          signers: [
            {
              name: 'Sam Signer',
              email: 'signatory@petitioner.test',
              role: 'Authorized Signatory',
              signedAt: '2026-11-29T15:02:00.000Z',
              ip: '203.0.113.7',
              signature: 'typed',
            },
            {
              name: 'Priya Patel',
              email: 'petitioner@lawfirm.test',
              role: 'Petitioner',
              signedAt: signedOn.toISOString(),
              ip: '198.51.100.4',
              signature: 'drawn',
            },
          ],
          sha256Sent,
          sha256Signed: sha256SignedPages,
        }),
      signedOn,
    });
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getForm().getFields()).toEqual([]);
    const text = await pdfText(Buffer.from(out.bytes));
    for (const expected of [
      'Employer Support Letter',
      'Sam Signer',
      '11/29/2026',
      'PP',
      'Certificate of signature',
      'Signer 1: Sam Signer <signatory@petitioner.test> (Authorized Signatory)',
      'Signer 2: Priya Patel <petitioner@lawfirm.test> (Petitioner)',
      '203.0.113.7',
      `SHA-256 of the document sent: ${sha256Sent}`,
      `SHA-256 of the signed pages: ${out.sha256SignedPages}`,
    ])
      expect(text).toContain(expected);
    expect(out.sha256).toBe(sha256Of(out.bytes));
    const tampered = Buffer.from(out.bytes);
    const at = Math.floor(tampered.length / 2);
    tampered[at] = (tampered[at] as number) ^ 1;
    expect(sha256Of(tampered)).not.toBe(out.sha256);
  });
});
