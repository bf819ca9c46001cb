import { inflateRawSync } from 'node:zlib';
import {
  countTags,
  DOCX_MAX_TAGS,
  DOCX_MAX_XML_BYTES,
  type DocxLimitBreach,
  declaredBreach,
  entryData,
  isXmlPart,
  zipEntries,
} from '@caseport/domain/files/docx-limits';
import { MISSING_VALUE_BLANK } from '@caseport/domain/letters/contracts';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';

/**
 * A .docx read as a letter template (issue 20): its {tags} compiled or filled by docxtemplater. This is the work
 * that runs in a document worker (docx-job.ts, started by docx-worker.ts), never on the request thread: the
 * features call docx-worker.ts. Before docxtemplater sees a document, `measure` holds it to the issue 39 limits.
 */

export type DocxProblem =
  | { kind: 'not-docx' }
  | { kind: 'tags'; message: string }
  | { kind: 'too-complex'; limit: DocxLimitBreach };

/**
 * The issue 39 limits, checked while unzipping: the declared sizes first (a 48 MB document.xml is refused without
 * inflating a byte), then each XML part inflated with what is left of the XML budget as zlib's output cap (a zip
 * that lies about its sizes stops there), its tag openings counted as it goes; it stops at the first breach.
 */
export const measure = (data: Uint8Array): DocxProblem | null => {
  const entries = zipEntries(data);
  if (!entries?.some((e) => e.name === 'word/document.xml')) return { kind: 'not-docx' };
  const declared = declaredBreach(entries);
  if (declared) return { kind: 'too-complex', limit: declared };
  let budget = DOCX_MAX_XML_BYTES;
  let tags = 0;
  for (const e of entries) {
    if (!isXmlPart(e.name)) continue;
    const raw = entryData(data, e);
    if (!raw) return { kind: 'not-docx' };
    let xml: Uint8Array;
    if (e.method === 0) xml = raw;
    else if (e.method === 8) {
      try {
        xml = inflateRawSync(raw, { maxOutputLength: Math.max(1, budget) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { kind: 'too-complex', limit: 'xml' };
        return { kind: 'not-docx' };
      }
    } else return { kind: 'not-docx' };
    budget -= xml.length;
    if (budget < 0) return { kind: 'too-complex', limit: 'xml' };
    tags += countTags(xml, DOCX_MAX_TAGS - tags);
    if (tags > DOCX_MAX_TAGS) return { kind: 'too-complex', limit: 'tags' };
  }
  return null;
};

const zipOf = (data: Uint8Array) => {
  try {
    const zip = new PizZip(data);
    return zip.file('word/document.xml') ? zip : null;
  } catch {
    return null;
  }
};

interface TemplateErrorDetail {
  properties?: { id?: string; explanation?: string; xtag?: string; context?: string };
  message?: string;
}

/** docxtemplater's "multi error" as one sentence per tag: "Unclosed tag "{beneficiary_name"" ... */
const describe = (error: unknown) => {
  const e = error as { properties?: { errors?: TemplateErrorDetail[] }; message?: string };
  const details = e.properties?.errors ?? [error as TemplateErrorDetail];
  const lines = details.slice(0, 5).map((d) => d.properties?.explanation ?? d.message ?? 'Invalid tag');
  return `The document's tags are not valid: ${[...new Set(lines)].join('; ')}`;
};

const templaterOf = (zip: PizZip, nullGetter?: (part: { value?: string }) => string) =>
  new Docxtemplater(zip, {
    paragraphLoop: true,
    linebreaks: true,
    // Its own console dump of a template error would bypass the server's log rules (SECURITY 20).
    errorLogging: false,
    delimiters: { start: '{', end: '}' },
    ...(nullGetter ? { nullGetter } : {}),
  });

/** Null when the bytes are a .docx within the limits whose tags compile; else what is wrong (R-LETTER-010/011). */
export const docxProblem = (data: Uint8Array): DocxProblem | null => {
  const measured = measure(data);
  if (measured) return measured;
  const zip = zipOf(data);
  if (!zip) return { kind: 'not-docx' };
  try {
    templaterOf(zip);
    return null;
  } catch (error) {
    return { kind: 'tags', message: describe(error) };
  }
};

export type FilledDocx = { kind: 'filled'; data: Uint8Array; missing: string[] } | DocxProblem;

/**
 * Merges `values` into the document's {tags} (tags split across runs still merge: docxtemplater reads the
 * paragraph's text, not the runs). A tag without a value is left as a visible blank and named in `missing`.
 */
export const fillDocx = (data: Uint8Array, values: Record<string, string | null | undefined>): FilledDocx => {
  const measured = measure(data);
  if (measured) return measured;
  const zip = zipOf(data);
  if (!zip) return { kind: 'not-docx' };
  const missing = new Set<string>();
  const present: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v?.trim()) present[k] = v;
  try {
    const doc = templaterOf(zip, (part) => {
      if (part.value) missing.add(part.value);
      return MISSING_VALUE_BLANK;
    });
    doc.render(present);
    const out = doc.getZip().generate({ type: 'uint8array', compression: 'DEFLATE' }) as Uint8Array;
    return { kind: 'filled', data: out, missing: [...missing] };
  } catch (error) {
    return { kind: 'tags', message: describe(error) };
  }
};
