import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type DocxProblem, docxProblem, type FilledDocx, fillDocx } from './docx-template';

/**
 * The body of one document worker (issue 39): it reads one job from docx-worker.ts, does the docxtemplater work
 * (docx-template.ts) and posts the answer back. Built as its own file (apps/server/build.mjs: dist/docx-job.js);
 * the worker is started per job with a heap limit and ended after the answer or at the time limit.
 */
export type DocxJob =
  | { op: 'check'; data: Uint8Array }
  | { op: 'fill'; data: Uint8Array; values: Record<string, string | null | undefined> };

export type DocxJobAnswer = { kind: 'ok' } | DocxProblem | FilledDocx;

const answerOf = (job: DocxJob): DocxJobAnswer =>
  job.op === 'check' ? (docxProblem(job.data) ?? { kind: 'ok' }) : fillDocx(job.data, job.values);

/**
 * The document work yields the CPU to the request thread: on Linux a thread's nice value is its own (setpriority
 * with 0 names the calling thread), so this worker runs at nice 10 and the server's requests keep their pace on a
 * busy 2-core machine. Where the platform refuses, the worker runs at the process's priority.
 */
try {
  setPriority(10);
} catch {}

parentPort?.once('message', (job: DocxJob) => {
  const answer = answerOf(job);
  const out = answer.kind === 'filled' ? answer.data : null;
  // The filled document goes back without a copy when it owns its whole buffer.
  const transfer =
    out && out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? [out.buffer as ArrayBuffer] : [];
  parentPort?.postMessage(answer, transfer);
});
