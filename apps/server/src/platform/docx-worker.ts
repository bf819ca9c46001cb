import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  DOCX_JOB_HEAP_MB,
  DOCX_JOB_TIME_MS,
  DOCX_LIMIT_MESSAGES,
  DOCX_QUEUE_MAX,
  declaredBreach,
  zipEntries,
} from '@caseport/domain/files/docx-limits';
import type { DocxJob, DocxJobAnswer } from './docx-job';
import type { DocxProblem } from './docx-template';
import { AppError } from './errors';

/**
 * Issue 39 (finding 3): the one door to the .docx template work (docxtemplater's parse and fill). Every job runs
 * in a worker thread of its own (docx-job.ts) with a heap limit (DOCX_JOB_HEAP_MB) and a time limit
 * (DOCX_JOB_TIME_MS), at most one per spare core at a time, the rest queued (at most DOCX_QUEUE_MAX): one
 * tenant's document never holds the request thread, so other tenants' requests keep their pace. A document the
 * zip's declared sizes already put over the limits is refused here, without a worker. Callers hold no database
 * transaction while they wait (PGlite has one connection).
 */

export type TooComplex = { kind: 'too-complex'; limit: 'xml' | 'tags' | 'time' | 'memory' };
export type DocxAnswer = Exclude<DocxJobAnswer, { kind: 'too-complex' }> | TooComplex;

/** At most one worker per spare core, at least one (the request thread keeps a core on a 2-core machine). */
const WORKERS = Math.max(1, Math.min(4, availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];

const acquire = async () => {
  if (running < WORKERS) {
    running++;
    return;
  }
  if (waiting.length >= DOCX_QUEUE_MAX) throw new AppError('RATE_LIMITED', DOCX_LIMIT_MESSAGES.busy);
  await new Promise<void>((resolve) => waiting.push(resolve));
};
const release = () => {
  const next = waiting.shift();
  if (next) next();
  else running--;
};

/**
 * The worker's script: dist/docx-job.js next to dist/main.js once built (npm start); from the sources (tests,
 * tsx) the TypeScript file, loaded through tsx's loader registered inside the worker.
 */
const workerOf = (options: ConstructorParameters<typeof Worker>[1]) => {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./docx-job.js', here), options);
  const tsx = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./docx-job.ts', here).href;
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(code, { ...options, eval: true });
};

const run = (job: DocxJob): Promise<DocxAnswer> =>
  new Promise((resolve, reject) => {
    const worker = workerOf({ resourceLimits: { maxOldGenerationSizeMb: DOCX_JOB_HEAP_MB } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => resolve({ kind: 'too-complex', limit: 'time' })), DOCX_JOB_TIME_MS);
    worker.once('message', (answer: DocxAnswer) => settle(() => resolve(answer)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ kind: 'too-complex', limit: 'memory' }) : reject(error),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`The document worker stopped (exit ${code})`))));
    worker.postMessage(job, [job.data.buffer as ArrayBuffer]);
  });

const queued = async (job: DocxJob): Promise<DocxAnswer> => {
  const entries = zipEntries(job.data);
  const breach = entries && declaredBreach(entries);
  if (breach) return { kind: 'too-complex', limit: breach };
  await acquire();
  try {
    return await run(job);
  } finally {
    release();
  }
};

/** A copy in a buffer of its own: the copy is moved to the worker, the caller's bytes stay usable. */
const own = (data: Uint8Array) => new Uint8Array(data);

/** Null when the bytes are a .docx within the limits whose tags compile; else what is wrong. */
export const checkDocxTemplate = async (data: Uint8Array): Promise<DocxProblem | TooComplex | null> => {
  const answer = await queued({ op: 'check', data: own(data) });
  return answer.kind === 'ok' || answer.kind === 'filled' ? null : answer;
};

/** The document with `values` merged into its tags (and the tags left blank), or what is wrong. */
export const fillDocxTemplate = async (data: Uint8Array, values: Record<string, string | null | undefined>) => {
  const answer = await queued({ op: 'fill', data: own(data), values });
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
