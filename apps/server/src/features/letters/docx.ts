import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MISSING_VALUE_BLANK } from '@caseport/domain/letters/contracts';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';

/**
 * The letter documents (issue 20): a real .docx (a zip holding word/document.xml) whose {tags} docxtemplater
 * can read; filled for a case; converted to PDF where LibreOffice is installed.
 */

export type DocxProblem = { kind: 'not-docx' } | { kind: 'tags'; message: string };

const zipOf = (data: Buffer) => {
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

/** Null when the bytes are a .docx whose tags compile; else what is wrong (R-LETTER-010/011 save checks). */
export const docxProblem = (data: Buffer): DocxProblem | null => {
  const zip = zipOf(data);
  if (!zip) return { kind: 'not-docx' };
  try {
    templaterOf(zip);
    return null;
  } catch (error) {
    return { kind: 'tags', message: describe(error) };
  }
};

/**
 * Merges `values` into the document's {tags} (tags split across runs still merge: docxtemplater reads the
 * paragraph's text, not the runs). A tag without a value is left as a visible blank and named in `missing`.
 */
export const fillDocx = (data: Buffer, values: Record<string, string | null | undefined>) => {
  const zip = zipOf(data);
  if (!zip) return { kind: 'not-docx' as const };
  const missing = new Set<string>();
  const present: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v?.trim()) present[k] = v;
  try {
    const doc = templaterOf(zip, (part) => {
      if (part.value) missing.add(part.value);
      return MISSING_VALUE_BLANK;
    });
    doc.render(present);
    const out = doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
    return { kind: 'filled' as const, data: out, missing: [...missing] };
  } catch (error) {
    return { kind: 'tags' as const, message: describe(error) };
  }
};

// ---- PDF through LibreOffice, where the server has it ----

const run = (file: string, args: string[], timeout: number) =>
  new Promise<void>((resolve, reject) => {
    execFile(file, args, { timeout }, (error) => (error ? reject(error) : resolve()));
  });

let soffice: Promise<string | null> | null = null;
/** The LibreOffice binary (`SOFFICE_PATH`, else `soffice` on PATH), or null: looked up once per process. */
export const sofficePath = () => {
  soffice ??= (async () => {
    const candidate = process.env.SOFFICE_PATH || 'soffice';
    try {
      await run(candidate, ['--version'], 20_000);
      return candidate;
    } catch {
      return null;
    }
  })();
  return soffice;
};

/**
 * The .docx converted to PDF by LibreOffice (headless, its own profile dir), null without it, or 'failed' when
 * LibreOffice could not read the document (it exits 0 and writes nothing, e.g. a .docx without its package
 * relationships).
 */
export const docxToPdf = async (data: Buffer): Promise<Buffer | null | 'failed'> => {
  const binary = await sofficePath();
  if (!binary) return null;
  const dir = await mkdtemp(join(tmpdir(), 'caseport-letter-'));
  try {
    await writeFile(join(dir, 'letter.docx'), data);
    await run(
      binary,
      [
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        join(dir, 'letter.docx'),
      ],
      60_000,
    );
    return await readFile(join(dir, 'letter.pdf')).catch(() => 'failed' as const);
  } catch {
    return 'failed';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
