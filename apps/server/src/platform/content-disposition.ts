/** RFC 6266 header with an ASCII fallback and the UTF-8 name. */
export const contentDisposition = (type: 'inline' | 'attachment', filename: string) => {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

/**
 * The headers of a file the API serves: its type, shown in the page (`inline`) or saved (`attachment`) under
 * `filename`, never cached, and `nosniff` holding the browser to the type. For `reply.headers(...)`.
 */
export const fileHeaders = (contentType: string, disposition: 'inline' | 'attachment', filename: string) => ({
  'Content-Type': contentType,
  'Content-Disposition': contentDisposition(disposition, filename),
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
});

/**
 * The policy of every uploaded file the API serves (viewfile, a case's documents; issue 39): sandboxed, loading
 * nothing, framed only by the app.
 */
export const UPLOAD_CSP = "sandbox; default-src 'none'; frame-ancestors 'self'";
