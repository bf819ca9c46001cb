import { StatementNames } from '@caseport/db/statement-names';
import { describe, expect, it } from 'vitest';

// packages/db/src/statement-names.ts: which statements of a read batch go out named, and when they are parsed.
describe('prepared statement names of the read batches (issue 22)', () => {
  it('names a text once: parsed in its first batch, only bound once that batch has answered', () => {
    const names = new StatementNames();
    const first = names.forBatch(['scope', 'page', 'page']);
    expect(first.statements.map((s) => s.parse)).toEqual([true, true, false]);
    expect(first.statements[2]?.name).toBe(first.statements[1]?.name);
    // Not answered yet: a batch sent meanwhile parses under names of its own.
    const overlapping = names.forBatch(['scope']);
    expect(overlapping.statements[0]?.parse).toBe(true);
    expect(overlapping.statements[0]?.name).not.toBe(first.statements[0]?.name);
    first.answered();
    const next = names.forBatch(['page', 'scope']);
    expect(next.statements).toEqual([
      { name: first.statements[1]?.name, parse: false },
      { name: first.statements[0]?.name, parse: false },
    ]);
  });

  it('after a failed batch every text is parsed again under a name never used before', () => {
    const names = new StatementNames();
    const first = names.forBatch(['scope', 'page']);
    first.answered();
    const failing = names.forBatch(['scope', 'count']);
    failing.failed();
    const after = names.forBatch(['scope', 'page', 'count']);
    expect(after.statements.every((s) => s.parse)).toBe(true);
    const used = [...first.statements, ...failing.statements].map((s) => s.name);
    for (const s of after.statements) expect(used).not.toContain(s.name);
  });

  it('stops naming at its limits: beyond max texts, and after too many failures, statements go unnamed', () => {
    const names = new StatementNames(2, 2);
    const batch = names.forBatch(['a', 'b', 'c']);
    expect(batch.statements.map((s) => s.name === '')).toEqual([false, false, true]);
    batch.answered();
    names.forBatch(['d']).failed();
    names.forBatch(['e']).failed();
    expect(names.forBatch(['a'])).toMatchObject({ statements: [{ name: '', parse: true }] });
  });
});
