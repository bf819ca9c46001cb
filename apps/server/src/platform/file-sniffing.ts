import { inflateRawSync } from 'node:zlib';
import { type ZipEntry, zipEntries } from '@caseport/domain/files/docx-limits';
import type { FileKind } from '@caseport/domain/files/purposes';

export interface Sniffed {
  kind: FileKind;
  extn: string;
  mimetype: string;
}

/** docx safety limits (SECURITY 18): entry count and unpacked size bound a zip bomb. */
export const DOCX_MAX_ENTRIES = 2000;
export const DOCX_MAX_UNPACKED = 100 * 1024 * 1024;

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const OLE_VBA_PROJECT = Buffer.from('_VBA_PROJECT', 'utf16le');

export type DocxVerdict = 'ok' | 'not-docx' | 'macro' | 'too-large';

/**
 * Inflates every entry with its declared size as the hard cap: a zip that lies about its sizes (a bomb
 * declaring a few bytes) is caught here, since zlib stops at maxOutputLength instead of filling memory.
 */
const entriesMatchDeclaredSizes = (buf: Buffer, entries: ZipEntry[]): DocxVerdict => {
  for (const e of entries) {
    const at = e.localHeaderOffset;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50) return 'not-docx';
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    if (start + e.compressedSize > buf.length) return 'not-docx';
    const data = buf.subarray(start, start + e.compressedSize);
    if (e.method === 0) {
      if (e.compressedSize !== e.uncompressedSize) return 'too-large';
      continue;
    }
    if (e.method !== 8) return 'not-docx';
    let out: Buffer;
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(1, e.uncompressedSize) });
    } catch (err) {
      return (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'not-docx';
    }
    if (out.length !== e.uncompressedSize) return 'too-large';
  }
  return 'ok';
};

/** A real Word document: the OOXML parts, no VBA project (docm), bounded entries and unpacked size. */
export const inspectDocx = (buf: Buffer): DocxVerdict => {
  const entries = zipEntries(buf);
  if (!entries) return 'not-docx';
  if (entries.length > DOCX_MAX_ENTRIES) return 'too-large';
  const unpacked = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (unpacked > DOCX_MAX_UNPACKED) return 'too-large';
  const names = new Set(entries.map((e) => e.name.toLowerCase()));
  if ([...names].some((n) => n.endsWith('vbaproject.bin') || n.endsWith('vbadata.xml'))) return 'macro';
  if (!names.has('[content_types].xml') || !names.has('word/document.xml')) return 'not-docx';
  return entriesMatchDeclaredSizes(buf, entries);
};

/** What the bytes really are, whatever the file is called (SECURITY 18). */
export const sniff = async (buf: Buffer): Promise<Sniffed | { rejected: DocxVerdict | 'unknown' }> => {
  if (buf.subarray(0, 8).equals(OLE_MAGIC)) {
    // Legacy .doc is an OLE compound file. Its macros live in a Macros/VBA storage whose _VBA_PROJECT
    // stream is named, like every directory entry, in UTF-16LE: a file carrying that name is refused like
    // a docm. .doc is accepted only where the purpose allows it (Word templates, documents).
    if (buf.includes(OLE_VBA_PROJECT)) return { rejected: 'macro' };
    return { kind: 'doc', extn: 'doc', mimetype: 'application/msword' };
  }
  // Loaded on the first upload, not at start-up (issue 15: the warm start).
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(buf);
  if (!type) return { rejected: 'unknown' };
  switch (type.ext) {
    case 'jpg':
      return { kind: 'jpg', extn: 'jpg', mimetype: 'image/jpeg' };
    case 'png':
      return { kind: 'png', extn: 'png', mimetype: 'image/png' };
    case 'ico':
      return { kind: 'ico', extn: 'ico', mimetype: 'image/x-icon' };
    case 'pdf':
      return { kind: 'pdf', extn: 'pdf', mimetype: 'application/pdf' };
    case 'docx':
    case 'zip': {
      const verdict = inspectDocx(buf);
      if (verdict !== 'ok') return { rejected: verdict };
      return {
        kind: 'docx',
        extn: 'docx',
        mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      };
    }
    default:
      // docm, xlsm, exe, svg, html ... are never accepted.
      return { rejected: 'unknown' };
  }
};
