/**
 * Named prepared statements for the read batches (issue 22; read-batch.ts, pglite-read.ts).
 *
 * Every unnamed statement is parsed and planned again each time it runs. For a list read, PostgreSQL spent
 * more time planning than executing: the scope statement with its session re-check plans in ~0.34 ms and
 * runs in ~0.09 ms, the page in ~0.37 ms and runs in ~0.19 ms (EXPLAIN ANALYZE, 50,000 labels). A named
 * statement is parsed once per connection and, with the read's plan_cache_mode = force_generic_plan (scope.ts,
 * issue 37: left to choose, PostgreSQL planned a list's page again with the values on every request), planned
 * once too, so a read mostly binds and executes.
 *
 * Safe with row-level security: the policies read the tenant through `(SELECT app_current_tenant())`, a
 * setting evaluated when the statement runs, not when it is planned, and PostgreSQL re-plans a cached
 * statement whose row-security role changed. read-batch.test.ts and the isolation fuzz run on both engines.
 *
 * One `StatementNames` per connection (each PostgreSQL connection, and the one PGlite session), because a
 * prepared statement lives in its session. A name is taken as known only once its batch has answered; when a
 * batch fails, what it parsed is unknown (the server may have parsed some statements before the failure), so
 * the next names get a new prefix and can never collide with a statement the server already holds.
 */
export interface NamedStatement {
  /** The statement's name, or '' for an unnamed one. */
  name: string;
  /** Whether this batch must send the Parse (the connection does not hold the statement yet). */
  parse: boolean;
}

export class StatementNames {
  private readonly known = new Map<string, string>();
  private generation = 0;
  private counter = 0;

  /**
   * At most `max` statements per connection; any text beyond that goes unnamed, as before. After `maxFailures`
   * failed batches (each may leave statements behind on the server) the connection names nothing more.
   */
  constructor(
    private readonly max = 200,
    private readonly maxFailures = 20,
  ) {}

  /**
   * The names for one batch's statement texts, in order, and the callbacks to call with its outcome. A text
   * that appears twice in a batch is parsed once.
   */
  forBatch(texts: readonly string[]): { statements: NamedStatement[]; answered: () => void; failed: () => void } {
    const fresh = new Map<string, string>();
    const statements = texts.map((text): NamedStatement => {
      const name = this.known.get(text);
      if (name) return { name, parse: false };
      const pending = fresh.get(text);
      if (pending) return { name: pending, parse: false };
      if (this.generation >= this.maxFailures || this.known.size + fresh.size >= this.max)
        return { name: '', parse: true };
      const named = `caseport_${this.generation}_${this.counter++}`;
      fresh.set(text, named);
      return { name: named, parse: true };
    });
    return {
      statements,
      answered: () => {
        for (const [text, name] of fresh) this.known.set(text, name);
      },
      // A known statement may be what failed (a table changed under a cached plan): forget them all and parse
      // afresh under new names.
      failed: () => {
        this.known.clear();
        this.generation++;
      },
    };
  }
}
