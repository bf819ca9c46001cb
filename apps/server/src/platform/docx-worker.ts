import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DOCX_CORE_SHARE,
  DOCX_JOB_HEAP_MB,
  DOCX_JOB_TIME_MS,
  DOCX_LIMIT_MESSAGES,
  DOCX_QUEUE_MAX,
  declaredBreach,
  zipEntries,
} from '@caseport/domain/files/docx-limits';
import type { AnsweredJob, DocxJob, DocxJobAnswer } from './docx-job';
import type { DocxProblem } from './docx-template';
import { AppError } from './errors';
import { jobGate } from './job-gate';

/**
 * Issue 39 (finding 3): the one door to the .docx template work (docxtemplater's parse and fill). Every job runs
 * in a document process (docx-job.ts; started once, one job at a time), every thread of it at nice 10, with a heap limit (DOCX_JOB_HEAP_MB) and a time limit
 * (DOCX_JOB_TIME_MS), at most one per spare core at a time, the rest queued (at most DOCX_QUEUE_MAX), and while
 * jobs wait at most DOCX_CORE_SHARE of a core's time (job-gate.ts): one
 * tenant's document never holds the request thread, so other tenants' requests keep their pace. A document the
 * zip's declared sizes already put over the limits is refused here, without a worker. Callers hold no database
 * transaction while they wait (PGlite has one connection).
 */

export type TooComplex = { kind: 'too-complex'; limit: 'xml' | 'tags' | 'time' | 'memory' };
export type DocxAnswer = Exclude<DocxJobAnswer, { kind: 'too-complex' }> | TooComplex;

/** At most one worker per spare core, at least one (the request thread keeps a core on a 2-core machine). */
const WORKERS = Math.max(1, Math.min(4, availableParallelism() - 1));
const gateOf = (share: number) =>
  jobGate({ slots: WORKERS, queueMax: DOCX_QUEUE_MAX, share, maxRestMs: DOCX_JOB_TIME_MS });
let gate = gateOf(DOCX_CORE_SHARE);

/** DOCX_SHARE (lib/env.ts): another share of a core for the document work while jobs wait; 1 is no rest. */
export const setDocxShare = (share: number) => {
  gate = gateOf(share);
};

/**
 * The worker's script: dist/docx-job.js next to dist/main.js once built (npm start); from the sources (tests,
 * tsx) the TypeScript file, through tsx's loader.
 */
const jobScript = () => {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { script: fileURLToPath(new URL('./docx-job.js', here)), loader: [] };
  const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
  return { script: fileURLToPath(new URL('./docx-job.ts', here)), loader: ['--import', tsx] };
};

/** What V8 writes when a heap passes its limit (the process then aborts). */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit/i;

/** A document process kept after its job this long, for the next one; then ended (its memory returned). */
const IDLE_MS = 60_000;

/**
 * A document process: started once and given one job at a time. Starting a process from the server costs the
 * request thread a copy of its page tables (fork; ~0.1 s with PGlite's memory mapped): paid once, not per document.
 * It does not keep the server running (unref), and it ends with the server (its IPC channel closes).
 */
interface JobProcess {
  child: ChildProcess;
  stderr: string;
  idleTimer?: NodeJS.Timeout;
}
const idle: JobProcess[] = [];

const startProcess = (): JobProcess => {
  const { script, loader } = jobScript();
  const child = fork(script, [], {
    execArgv: [...loader, `--max-old-space-size=${DOCX_JOB_HEAP_MB}`, '--expose-gc'],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const proc: JobProcess = { child, stderr: '' };
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    proc.stderr = (proc.stderr + chunk).slice(-4096);
  });
  child.once('exit', () => {
    const at = idle.indexOf(proc);
    if (at >= 0) idle.splice(at, 1);
  });
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
  return proc;
};

const end = (proc: JobProcess) => {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
};

/** Back to the idle processes after a job answered; ended after IDLE_MS without another. */
const keep = (proc: JobProcess) => {
  proc.idleTimer = setTimeout(() => {
    const at = idle.indexOf(proc);
    if (at >= 0) idle.splice(at, 1);
    end(proc);
  }, IDLE_MS);
  proc.idleTimer.unref();
  idle.push(proc);
};

/** The answer, and the document process's CPU time for it (null when the process was ended or failed). */
const run = (job: DocxJob): Promise<{ answer: DocxAnswer; cpuMs: number | null }> =>
  new Promise((resolve, reject) => {
    const proc = idle.pop() ?? startProcess();
    clearTimeout(proc.idleTimer);
    const { child } = proc;
    let settled = false;
    const settle = (fn: () => void, reuse = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
      fn();
      if (reuse) keep(proc);
      else end(proc);
    };
    // Past its time the process is ended, whatever it was doing; the next job starts another.
    const timer = setTimeout(
      () => settle(() => resolve({ answer: { kind: 'too-complex', limit: 'time' }, cpuMs: null })),
      DOCX_JOB_TIME_MS,
    );
    const onMessage = (answered: AnsweredJob) => settle(() => resolve(answered), true);
    const onError = (error: Error) => settle(() => reject(error));
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      settle(() =>
        OUT_OF_MEMORY.test(proc.stderr)
          ? resolve({ answer: { kind: 'too-complex', limit: 'memory' }, cpuMs: null })
          : reject(new Error(`The document worker stopped (${signal ?? `exit ${code}`}): ${proc.stderr.slice(-500)}`)),
      );
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.on('error', onError);
    child.send(job);
  });

const queued = async (job: DocxJob): Promise<DocxAnswer> => {
  const entries = zipEntries(job.data);
  const breach = entries && declaredBreach(entries);
  if (breach) return { kind: 'too-complex', limit: breach };
  const slots = gate;
  if (!(await slots.acquire())) throw new AppError('RATE_LIMITED', DOCX_LIMIT_MESSAGES.busy);
  const started = performance.now();
  // The slot rests by the job's CPU time (a new process's start not counted), or by its wall time when the
  // process was ended or failed.
  let busyMs: number | null = null;
  try {
    const { answer, cpuMs } = await run(job);
    busyMs = cpuMs;
    return answer;
  } finally {
    slots.release(busyMs ?? performance.now() - started);
  }
};

/** Null when the bytes are a .docx within the limits whose tags compile; else what is wrong. */
export const checkDocxTemplate = async (data: Uint8Array): Promise<DocxProblem | TooComplex | null> => {
  const answer = await queued({ op: 'check', data });
  return answer.kind === 'ok' || answer.kind === 'filled' ? null : answer;
};

/** The document with `values` merged into its tags (and the tags left blank), or what is wrong. */
export const fillDocxTemplate = async (data: Uint8Array, values: Record<string, string | null | undefined>) => {
  const answer = await queued({ op: 'fill', data, values });
  if (answer.kind === 'ok') throw new Error('The document worker answered a fill with a check');
  return answer.kind === 'filled'
    ? { ...answer, data: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength) }
    : answer;
};

/** The 400 of a document over a limit, in the D-07 envelope, on the field that named the document. */
export const tooComplex = (field: string, problem: TooComplex) => {
  const message = DOCX_LIMIT_MESSAGES[problem.limit];
  return new AppError('DOCUMENT_TOO_COMPLEX', message, [{ name: field, message }]);
};
