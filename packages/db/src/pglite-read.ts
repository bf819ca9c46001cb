import { type PGlite, protocol, types } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from './db-types';
import { inTurn } from './pglite-queue';
import * as schema from './schema/index';
import { checkScopeAnswer, scopeStatementText, type TenantScope } from './scope';
import { type NamedStatement, StatementNames } from './statement-names';

/**
 * Tenant-scoped reads on PGlite in one call into the database per batch (issue 22, lever 4): the PGlite twin of
 * read-batch.ts. A list read on PGlite was BEGIN, the scope, the page, the count and COMMIT, five statements of
 * about six calls into WebAssembly each (PGlite's `query` parses and describes a statement before it binds it).
 * Here the queries drizzle issues in one event-loop turn go out with the scope statement as one extended-protocol
 * pipeline ending in a single Sync, handed to PGlite's `execProtocol` once: PostgreSQL runs everything before a
 * Sync as one implicit transaction, so the read-only mode, the tenant and the role hold for exactly those queries
 * and a failure rolls them all back. The parameters go as text, as node-postgres sends them on the PostgreSQL
 * path. The batch takes its turn in the arrival-order queue (pglite-queue.ts), so it never runs inside another
 * request's transaction.
 */
const { utils } = pg as unknown as { utils: { prepareValue: (v: unknown) => unknown } };
const { serialize } = protocol;
const TRANSACTION_CONTROL = /^\s*(begin|start|commit|end|rollback|savepoint|release|prepare|set\s+transaction)\b/i;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}
interface Pending {
  text: string;
  values: unknown[];
  options: QueryOptions | undefined;
  resolve: (r: unknown) => void;
  reject: (e: unknown) => void;
}
interface ProtocolMessage {
  name: string;
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
};
/** One statement's messages; a named statement the session already holds (statement-names.ts) is not parsed again. */
const statementMessages = (text: string, values: unknown[], named: NamedStatement) => [
  ...(named.parse ? [serialize.parse({ text, name: named.name })] : []),
  serialize.bind({ statement: named.name, values: values.map((v) => utils.prepareValue(v)) as (string | null)[] }),
  serialize.describe({ type: 'P' }),
  serialize.execute({}),
];
type Parser = (value: string, typeId: number) => unknown;
interface Answer {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  command?: string;
  rowCount?: number;
  affectedRows: number;
}
/**
 * The answers of a batch's statements, one per CommandComplete, parsed as PGlite's `parseResults` parses one
 * (the same result shape and text parsers), with each column's parser looked up once per statement instead of
 * per value. `parseResults` also copies the instance's whole parser table for every call that passes parsers of
 * its own, which drizzle does for every query: about a tenth of a PGlite list request's CPU (issue 22).
 */
const answersOf = (
  messages: readonly ProtocolMessage[],
  parsers: Record<number, Parser>,
  options: readonly (QueryOptions | undefined)[],
): Answer[] => {
  const answers: Answer[] = [];
  let fields: Answer['fields'] = [];
  let columns: (Parser | undefined)[] = [];
  let rows: unknown[] = [];
  for (const m of messages as (ProtocolMessage & Record<string, unknown>)[]) {
    const own = options[answers.length];
    if (m.name === 'rowDescription') {
      fields = (m.fields as { name: string; dataTypeID: number }[]).map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
      columns = fields.map((f) => own?.parsers?.[f.dataTypeID] ?? parsers[f.dataTypeID]);
    } else if (m.name === 'dataRow') {
      const values = (m.fields as (string | null)[]).map((v, i) => {
        const parse = columns[i];
        return v === null ? null : parse ? parse(v, (fields[i] as { dataTypeID: number }).dataTypeID) : v;
      });
      rows.push(own?.rowMode === 'array' ? values : Object.fromEntries(values.map((v, i) => [fields[i]?.name, v])));
    } else if (m.name === 'commandComplete') {
      const words = (m.text as string).split(' ');
      const command = words[0] as string;
      const count = Number.parseInt(words.at(-1) as string, 10);
      answers.push({
        rows,
        fields,
        command,
        affectedRows: 0,
        ...(Number.isNaN(count) ? {} : { rowCount: count }),
      });
      fields = [];
      columns = [];
      rows = [];
    }
  }
  return answers;
};

/** The statements the PGlite session has prepared (issue 22: parse and plan once, not per read). */
const preparedIn = new WeakMap<PGlite, StatementNames>();
const namesOf = (pglite: PGlite) => {
  let names = preparedIn.get(pglite);
  if (!names) {
    names = new StatementNames();
    preparedIn.set(pglite, names);
  }
  return names;
};

/** The client drizzle talks to during one read: it collects one turn's queries and sends them as one batch. */
class BatchingClient {
  scope: TenantScope | null = null;
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly pglite: PGlite) {}

  query(text: string, values: unknown[] = [], options?: QueryOptions) {
    return new Promise((resolve, reject) => {
      if (!this.scope) return reject(new Error('read batch used outside readBatchedPglite'));
      if (TRANSACTION_CONTROL.test(text)) return reject(new Error('no transaction control in a read batch'));
      this.pending.push({ text, values, options, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush() {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    const scope = this.scope;
    if (!scope) {
      for (const p of batch) p.reject(new Error('read batch used outside readBatchedPglite'));
      return;
    }
    const { text, values } = scopeStatementText(scope, { readOnly: true });
    const named = namesOf(this.pglite).forBatch([text, ...batch.map((p) => p.text)]);
    const message = concat([
      ...statementMessages(text, values, named.statements[0] as NamedStatement),
      ...batch.flatMap((p, i) => statementMessages(p.text, p.values, named.statements[i + 1] as NamedStatement)),
      serialize.sync(),
    ]);
    let answered = false;
    try {
      // execProtocolStream parses the answer as it comes; execProtocol also buffers and copies its raw bytes.
      const messages = await inTurn(this.pglite, () =>
        this.pglite.execProtocolStream(message, { throwOnError: false }),
      );
      const failure = (messages as ProtocolMessage[]).find((m) => m.name === 'error');
      if (failure) throw failure;
      named.answered();
      answered = true;
      // The instance's parsers: PGlite adds its array types (text[] ...) to the defaults when it starts.
      const parsers = (this.pglite as { parsers?: typeof types.parsers }).parsers ?? types.parsers;
      const answers = answersOf(messages as ProtocolMessage[], parsers as Record<number, Parser>, [
        undefined,
        ...batch.map((p) => p.options),
      ]);
      checkScopeAnswer(scope, answers[0]?.rows ?? []);
      for (const [i, p] of batch.entries()) p.resolve(answers[i + 1] ?? { rows: [], fields: [], affectedRows: 0 });
    } catch (error) {
      if (!answered) named.failed();
      for (const p of batch) p.reject(error);
    }
  }
}

/** Reusable batching clients with their drizzle instances (building drizzle per request costs), per PGlite. */
const idle = new WeakMap<PGlite, { client: BatchingClient; db: Db }[]>();

/** `inTenantRead` on PGlite: `fn`'s queries go out in scoped, read-only batches, one PGlite call each. */
export const readBatchedPglite = async <T>(
  pglite: PGlite,
  scope: TenantScope,
  fn: (db: Db) => Promise<T>,
): Promise<T> => {
  let free = idle.get(pglite);
  if (!free) {
    free = [];
    idle.set(pglite, free);
  }
  let entry = free.pop();
  if (!entry) {
    const client = new BatchingClient(pglite);
    entry = { client, db: drizzle(client as unknown as PGlite, { schema }) as unknown as Db };
  }
  entry.client.scope = scope;
  try {
    return await fn(entry.db);
  } finally {
    entry.client.scope = null;
    if (free.length < 64) free.push(entry);
  }
};
