import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The letter documents (issue 20) converted to PDF where LibreOffice is installed. Their {tags} are read and
 * filled by docxtemplater in a document worker (platform/docx-worker.ts, issue 39).
 */

// ---- PDF through LibreOffice, where the server has it ----

/**
 * LibreOffice runs at nice 10 (set as soon as it is started, before it starts its own processes and threads,
 * which inherit it), so a conversion yields the CPU to the server's requests (issue 39: other tenants' pace).
 */
const run = (file: string, args: string[], timeout: number) =>
  new Promise<void>((resolve, reject) => {
    const child = execFile(file, args, { timeout }, (error) => (error ? reject(error) : resolve()));
    try {
      if (child.pid) setPriority(child.pid, 10);
    } catch {}
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
