import { type PGlite, parse as pgliteParse, protocol, types } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from './client';
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
/** The messages of one statement's answer, cut at each CommandComplete. */
const perStatement = (messages: ProtocolMessage[]) => {
  const out: ProtocolMessage[][] = [[]];
  for (const m of messages) {
    (out.at(-1) as ProtocolMessage[]).push(m);
    if (m.name === 'commandComplete') out.push([]);
  }
  return out;
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
      const answers = perStatement(messages as ProtocolMessage[]);
      // The instance's parsers: PGlite adds its array types (text[] ...) to the defaults when it starts.
      const parsers = (this.pglite as { parsers?: typeof types.parsers }).parsers ?? types.parsers;
      const parse = (m: ProtocolMessage[], options?: QueryOptions) =>
        pgliteParse.parseResults(m as never, parsers, options as never)[0];
      checkScopeAnswer(scope, (parse(answers[0] ?? []) as { rows: unknown[] }).rows);
      for (const [i, p] of batch.entries()) p.resolve(parse(answers[i + 1] ?? [], p.options));
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
