import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { stripExternalRelationships } from './docx-relationships';
import { type DocxProblem, docxProblem, type FilledDocx, fillDocx } from './docx-template';
import { sniff } from './file-sniffing';

/**
 * The body of one document worker (issue 39): it reads one job from docx-worker.ts, does the docxtemplater work
 * (docx-template.ts) and posts the answer back. Built as its own file (apps/server/build.mjs: dist/docx-job.js);
 * the process (started with a heap limit) takes one job at a time, is ended at a job's time limit, and ends with the
 * server or after a minute without a job.
 */
export type DocxJob =
  | { op: 'check'; data: Uint8Array }
  | { op: 'fill'; data: Uint8Array; values: Record<string, string | null | undefined> };

/**
 * A filled document comes back checked as an upload is checked (storeUploads): what its bytes are (sniff) and with
 * no external relationship, so the request thread stores it without inflating it again.
 */
export type CheckedFill = Extract<FilledDocx, { kind: 'filled' }> & { type: Awaited<ReturnType<typeof sniff>> };
export type DocxJobAnswer = { kind: 'ok' } | DocxProblem | CheckedFill;
/** What the process posts back: the answer, and the CPU it took. */
export interface AnsweredJob {
  answer: DocxJobAnswer;
  cpuMs: number;
}

const answerOf = async (job: DocxJob): Promise<DocxJobAnswer> => {
  if (job.op === 'check') return docxProblem(job.data) ?? { kind: 'ok' };
  const filled = fillDocx(job.data, job.values);
  if (filled.kind !== 'filled') return filled;
  const { data } = stripExternalRelationships(
    Buffer.from(filled.data.buffer, filled.data.byteOffset, filled.data.byteLength),
  );
  return { ...filled, data, type: await sniff(data) };
};

/**
 * The document work yields the CPU to the request thread: the job runs in a process of its own (docx-worker.ts)
 * and every thread of it — the job's and the JavaScript engine's own, whose garbage collection does most of a
 * large fill's work — runs at nice 10. On Linux a thread's nice value is its own (setpriority names one thread), so
 * each is set from /proc/self/task; threads started later inherit it. Where the platform refuses, the process
 * runs at its own priority.
 */
const yieldCpu = () => {
  try {
    for (const thread of readdirSync('/proc/self/task')) setPriority(Number(thread), 10);
  } catch {
    try {
      setPriority(10);
    } catch {}
  }
};
yieldCpu();

/**
 * The CPU time (every thread of the process) since the last answer: the job's own and the collection of the job
 * before it, which runs after that one's answer. The worker's door (job-gate.ts) rests by it.
 */
let since = process.cpuUsage();
const cpuMsSinceLast = () => {
  const used = process.cpuUsage(since);
  since = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

process.on('message', async (job: DocxJob) => {
  const answer = await answerOf(job);
  // The answer goes back on the IPC channel (structured clone); the job's garbage is collected before the next.
  const message: AnsweredJob = { answer, cpuMs: cpuMsSinceLast() };
  process.send?.(message, undefined, {}, () => (globalThis as { gc?: () => void }).gc?.());
});
// The server ended (or let this process go): nothing more to do.
process.on('disconnect', () => process.exit(0));
