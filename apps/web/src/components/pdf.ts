import type { PDFDocumentProxy } from 'pdfjs-dist';
// The worker is one of our own assets (same origin, CSP script-src 'self'): nothing is fetched elsewhere.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * Opens a PDF with pdf.js (5.6.x: 5.7+ needs Node 22). pdf.js loads only when a page opens a PDF (the e-sign
 * preparation page, the signer's review). No eval (CSP), no remote fonts or CMaps: standard fonts fall back to the system's.
 */
export const openPdf = async (data: ArrayBuffer): Promise<PDFDocumentProxy> => {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs.getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    useSystemFonts: true,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  }).promise;
};
