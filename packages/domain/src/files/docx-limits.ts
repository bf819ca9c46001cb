/**
 * Issue 39 (finding 3): how much a Word document may ask of the server when it is read as a letter template
 * (parsed by docxtemplater, filled for a case) or opened in the letter editor. One tenant's 94 KB file of
 * 4,000,000 {caseNumber} tags (48 MB of XML once unzipped) took the server for 51 s; these limits refuse it
 * before anything is inflated. The figures, and what real letters need, are in docs/decisions.md
 * ("Issue 39: documents that stop the server"). Shared by the server (the check and the worker) and the web
 * (the letter editor refuses to render what the server would refuse to read).
 */

const KB = 1024;
const MB = 1024 * KB;

/**
 * The most XML (every .xml and .rels part, unzipped) a template may hold: 2 MB. Real letters need far less: the
 * starter library's letters hold 33-34 KB each (most of it Word's styles), the test and e2e fixtures under 5 KB;
 * a 20-page letter written in Word holds a few hundred KB. Images are not XML and do not count. docxtemplater's
 * cost grows with the XML: measured on the 2-core machine at load average 19, a 2 MB letter of 2,000 tags
 * compiles in 4.0 s and fills in 4.3 s at a 200 MB heap; 8 MB took 9.6 s and 12.8 s at 640 MB. Checked on the
 * zip's declared sizes first (nothing inflated), then while inflating, each part capped at what is left.
 */
export const DOCX_MAX_XML_BYTES = 2 * MB;

/**
 * The most {tags} a template may hold: 2,000. The letter variables are a few dozen (LETTER_TAGS) and a long
 * letter repeats some. docxtemplater's time and memory grow with
 * the tag count (4,000,000 tags: 71 s and 4 GB for one fill). The largest starter letter holds 14.
 */
export const DOCX_MAX_TAGS = 2_000;

/**
 * The longest one document's parse or fill may run in its worker before the worker is ended: 10 s. The largest
 * allowed letter (2 MB of XML, 2,000 tags) fills in 4.3 s on the 2-core machine at load average 19.
 */
export const DOCX_JOB_TIME_MS = 10_000;

/**
 * The old-generation heap of a document worker: 512 MB. Filling the largest allowed document (2 MB of XML)
 * peaks at about 200 MB; a worker past it is ended (ERR_WORKER_OUT_OF_MEMORY) and the request refused, the
 * server's own heap untouched.
 */
export const DOCX_JOB_HEAP_MB = 512;

/**
 * How many documents may wait for a worker: 16. One worker runs per spare core (at least one); a request past
 * the queue is answered 429 at once instead of holding a connection while others' documents are read.
 */
export const DOCX_QUEUE_MAX = 16;

/**
 * The share of a core the document work may take while documents wait: 1/4. A job that ran d ms of CPU leaves its
 * worker resting 3 × d (at most DOCX_JOB_TIME_MS) before the next waiting job starts; a job that finds its worker
 * rested starts at once. Measured with `npm run bench:docx` on the 2-core machine (another tenant's list p99 while
 * one tenant fills the largest allowed letter back to back, budget 1.5 × its baseline): without a rest 1.80 × on
 * PGlite and 1.68 × on PostgreSQL, at 1/2 1.66 × (PGlite), at 1/4 1.27-1.42 × on PGlite and no better on
 * PostgreSQL (1.72 ×); figures in docs/decisions.md. The cost: one tenant's letters, filled back to back, come at a
 * quarter of the pace (the largest allowed, one every ~2 s).
 */
export const DOCX_CORE_SHARE = 0.25;

export const DOCX_LIMIT_MESSAGES = {
  xml: `This document is too large to use as a letter: it holds more than ${DOCX_MAX_XML_BYTES / MB} MB of text and formatting`,
  tags: `This document has too many tags: a letter may hold at most ${DOCX_MAX_TAGS.toLocaleString('en-US')} tags`,
  time: `This document took too long to read (more than ${DOCX_JOB_TIME_MS / 1000} seconds): simplify it and upload it again`,
  memory: 'This document needs too much memory to read: simplify it and upload it again',
  busy: 'The server is reading other documents: try again in a moment',
} as const;

// ---- reading a zip's directory without inflating anything (the server and the browser) ----

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated: the only methods Word writes. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** A zip's central directory, read without inflating anything. Null when it is not a sane zip. */
export const zipEntries = (bytes: Uint8Array): ZipEntry[] | null => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (at: number) => view.getUint32(at, true);
  const u16 = (at: number) => view.getUint16(at, true);
  const minEocd = 22;
  if (bytes.length < minEocd) return null;
  let eocd = -1;
  for (let i = bytes.length - minEocd; i >= Math.max(0, bytes.length - minEocd - 0xffff); i--) {
    if (u32(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = u16(eocd + 10);
  let offset = u32(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) return null; // zip64: not something Word writes for templates
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || u32(offset) !== 0x02014b50) return null;
    const nameLen = u16(offset + 28);
    const extraLen = u16(offset + 30);
    const commentLen = u16(offset + 32);
    if (offset + 46 + nameLen > bytes.length) return null;
    entries.push({
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLen)),
      method: u16(offset + 10),
      compressedSize: u32(offset + 20),
      uncompressedSize: u32(offset + 24),
      localHeaderOffset: u32(offset + 42),
    });
    offset += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
};

/** The parts that count as XML: every .xml and .rels part (docxtemplater and the editor read them all). */
export const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

/** Where an entry's compressed bytes are, or null when the local header is not where the directory says. */
export const entryData = (bytes: Uint8Array, e: ZipEntry): Uint8Array | null => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = e.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + e.compressedSize > bytes.length) return null;
  return bytes.subarray(start, start + e.compressedSize);
};

export type DocxLimitBreach = 'xml' | 'tags';

/** The first limit the zip's declared sizes already break (nothing inflated), or null. */
export const declaredBreach = (entries: ZipEntry[]): DocxLimitBreach | null => {
  let xml = 0;
  for (const e of entries) if (isXmlPart(e.name)) xml += e.uncompressedSize;
  return xml > DOCX_MAX_XML_BYTES ? 'xml' : null;
};

const OPEN = 0x7b; // '{'

/**
 * Counts the tag openings ('{') of one XML part, up to `limit + 1` (it stops there). Every '{' counts, in every
 * part: a tag split across runs still has one; the few GUIDs Word writes in braces (settings, glossary) count
 * too, which the limit's room absorbs, and no '{' can hide from the count in a part docxtemplater reads.
 */
export const countTags = (xml: Uint8Array, limit: number) => {
  let n = 0;
  let i = xml.indexOf(OPEN);
  while (i >= 0 && n <= limit) {
    n++;
    i = xml.indexOf(OPEN, i + 1);
  }
  return n;
};
