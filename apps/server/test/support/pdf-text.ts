import { execFileSync } from 'node:child_process';

/**
 * LibreOffice on this machine (the server looks it up the same way: SOFFICE_PATH, else soffice on PATH). The API
 * tests and the e2e letter steps read a filled letter's PDF back only where it is installed.
 */
export const hasSoffice = (() => {
  try {
    execFileSync(process.env.SOFFICE_PATH || 'soffice', ['--version'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
})();

/** A PDF's text, read back with pdf.js (already a dependency of the web's preview), whitespace collapsed. */
export const pdfText = async (data: Buffer) => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(data), useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(''));
  }
  return parts.join('\n').replace(/\s+/g, ' ');
};
