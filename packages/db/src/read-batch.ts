import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './db-types';
import * as schema from './schema/index';
import { checkScopeAnswer, scopeStatementText, type TenantScope } from './scope';
import { StatementNames } from './statement-names';

/**
 * Tenant-scoped reads on PostgreSQL with one write and one read on the socket per batch, instead of one per
 * statement (BEGIN, the scope, each query, COMMIT): node-postgres sends each statement on its own and waits
 * for its answer, and a list request made five round trips (list bench, issue 2).
 *
 * A batch is one extended-protocol pipeline ending in a single Sync. PostgreSQL runs everything before a
 * Sync as one implicit transaction (protocol docs, "Pipelining"). So each batch is
 *   select set_config(read only, tenant, role, local); <the queries>; Sync
 * and the role, the tenant and the read-only mode hold for exactly those queries. If one statement fails,
 * the server skips the rest and rolls the transaction back at the Sync.
 *
 * Queries that drizzle issues in the same turn of the event loop, such as `Promise.all([page, count])`,
 * share a batch. A query issued after another one has answered goes in a new batch, which is scoped again.
 * Under READ COMMITTED every statement takes its own snapshot anyway, so a read sees the same data either way.
 * Writes are refused by the read-only mode. Services that write use `inTenantTx`.
 */

const { Result, utils } = pg as unknown as {
  Result: new (rowMode?: string, types?: unknown) => pg.QueryResult & ResultInternals;
  utils: { prepareValue: (v: unknown) => unknown };
};
interface ResultInternals {
  addFields(fields: unknown): void;
  parseRow(fields: unknown): unknown;
  addRow(row: unknown): void;
  addCommandComplete(msg: unknown): void;
}
/** The part of node-postgres' connection a submittable query writes to (pg/lib/connection.js). */
interface Wire {
  stream: { cork?: () => void; uncork?: () => void };
  parse(m: { text: string; name: string }): void;
  bind(m: { statement: string; values: unknown[]; valueMapper: (v: unknown) => unknown }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: { portal: string }): void;
  sync(): void;
}
interface Statement {
  text: string;
  values: unknown[];
  rowMode?: string;
  types?: unknown;
  /** A named prepared statement (statement-names.ts): '' or absent for an unnamed one. */
  name?: string;
  /** False when the connection already holds the named statement: bind and execute only. */
  parse?: boolean;
}

/** The statements of one batch as a node-postgres Submittable: parse/bind/describe/execute each, one Sync. */
class BatchQuery implements pg.Submittable {
  private readonly results: (pg.QueryResult & ResultInternals)[];
  private current = 0;
  private parseError: unknown = null;

  constructor(
    private readonly statements: Statement[],
    private readonly done: (error: unknown, results?: pg.QueryResult[]) => void,
  ) {
    this.results = statements.map((s) => new Result(s.rowMode, s.types));
  }

  submit(connection: unknown) {
    const wire = connection as Wire;
    wire.stream.cork?.();
    try {
      for (const s of this.statements) {
        if (s.parse !== false) wire.parse({ text: s.text, name: s.name ?? '' });
        wire.bind({ statement: s.name ?? '', values: s.values, valueMapper: utils.prepareValue });
        wire.describe({ type: 'P', name: '' });
        wire.execute({ portal: '' });
      }
      wire.sync();
    } finally {
      wire.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(msg: { fields: unknown }) {
    this.results[this.current]?.addFields(msg.fields);
  }

  handleDataRow(msg: { fields: unknown }) {
    const result = this.results[this.current];
    if (!result || this.parseError) return;
    try {
      result.addRow(result.parseRow(msg.fields));
    } catch (error) {
      this.parseError = error;
    }
  }

  handleCommandComplete(msg: unknown) {
    this.results[this.current]?.addCommandComplete(msg);
    this.current++;
  }

  handleEmptyQuery() {
    this.current++;
  }

  handleError(error: unknown) {
    this.done(error);
  }

  handleReadyForQuery() {
    if (this.parseError) this.done(this.parseError);
    else this.done(null, this.results);
  }

  handlePortalSuspended() {}
  handleCopyInResponse() {}
  handleCopyData() {}
}

/** The scope statement as text and parameters (scope.ts). */
const scoping = (scope: TenantScope): Statement => scopeStatementText(scope, { readOnly: true });

interface Pending {
  scope: TenantScope;
  statement: Statement;
  resolve: (r: pg.QueryResult) => void;
  reject: (e: unknown) => void;
}

const TRANSACTION_CONTROL = /^\s*(begin|start|commit|end|rollback|savepoint|release|prepare|set\s+transaction)\b/i;

/**
 * The client drizzle talks to during a read: it collects the queries of one event-loop turn and sends them,
 * scoped, as one batch on the checked-out connection.
 */
class BatchingClient {
  scope: TenantScope | null = null;
  /** A failure of the connection itself (not of a statement): the connection must not be reused. */
  broken: Error | undefined;
  private pending: Pending[] = [];
  private scheduled = false;
  /** The statements this connection has prepared (issue 22: parse and plan once, not per read). */
  private readonly names = new StatementNames();

  constructor(private readonly connection: pg.PoolClient) {}

  query(config: { text: string; rowMode?: string; types?: unknown }, values: unknown[] = []) {
    return new Promise<pg.QueryResult>((resolve, reject) => {
      const scope = this.scope;
      if (!scope) return reject(new Error('read batch used outside readBatched'));
      // A transaction of its own would end the batch's implicit one early.
      if (TRANSACTION_CONTROL.test(config.text)) return reject(new Error('no transaction control in a read batch'));
      this.pending.push({ scope, statement: { ...config, values }, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    // One request holds the connection at a time, so a batch has one scope; anything else is refused.
    const scope = batch[0]?.scope;
    if (!scope || batch.some((p) => p.scope !== scope)) {
      for (const p of batch) p.reject(new Error('read batch with more than one scope'));
      return;
    }
    const statements: Statement[] = [scoping(scope), ...batch.map((p) => p.statement)];
    const named = this.names.forBatch(statements.map((s) => s.text));
    for (const [i, s] of statements.entries()) Object.assign(s, named.statements[i]);
    const ahead = 1; // the scope (read-only, tenant, role) before the batch's own
    this.connection.query(
      new BatchQuery(statements, (error, results) => {
        if (error || !results) {
          named.failed();
          // A failed batch may leave statements it parsed on the server under names this client no longer
          // uses: the connection is closed rather than reused, which frees them.
          this.broken = error instanceof Error ? error : new Error(String(error));
          for (const p of batch) p.reject(error);
          return;
        }
        named.answered();
        // A session re-checked in the scope statement (issue 22) that is no longer alive: nothing was scoped,
        // so what ran after it saw no rows; every query of the batch fails.
        try {
          checkScopeAnswer(scope, results[0]?.rows ?? []);
        } catch (invalid) {
          for (const p of batch) p.reject(invalid);
          return;
        }
        for (const [i, p] of batch.entries()) p.resolve(results[ahead + i] as pg.QueryResult);
      }),
    );
  }
}

/** One batching client and its drizzle instance per pooled connection (building drizzle per request costs). */
const perConnection = new WeakMap<pg.PoolClient, { client: BatchingClient; db: Db }>();

/**
 * Runs `fn` against a drizzle instance whose queries go out in scoped, read-only batches on one pooled
 * connection. PostgreSQL only: `pool` is the server's pg pool.
 */
export const readBatched = async <T>(pool: pg.Pool, scope: TenantScope, fn: (db: Db) => Promise<T>): Promise<T> => {
  const connection = await pool.connect();
  let entry = perConnection.get(connection);
  if (!entry) {
    const client = new BatchingClient(connection);
    entry = { client, db: drizzle(client as unknown as pg.Client, { schema }) as unknown as Db };
    perConnection.set(connection, entry);
  }
  entry.client.scope = scope;
  try {
    return await fn(entry.db);
  } finally {
    entry.client.scope = null;
    connection.release(entry.client.broken);
    if (entry.client.broken) perConnection.delete(connection);
  }
};
