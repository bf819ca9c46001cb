import { describe, expect, it } from 'vitest';
import { cursorToward, ListCursorSchema, parseSeekKey } from './seek';

describe('keyset paging keys (issue 37)', () => {
  it('issue 37: a key is a real moment to the microsecond and an id (a number or a uuid); anything else is not a key', () => {
    expect(parseSeekKey('2026-11-30T09:00:00.123456Z~42')).toEqual({ at: '2026-11-30T09:00:00.123456Z', id: '42' });
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(parseSeekKey(`2026-11-30T09:00:00.000000Z~${uuid}`)?.id).toBe(uuid);
    for (const bad of [
      '2026-02-30T09:00:00.123456Z~42',
      '2026-13-01T09:00:00.123456Z~42',
      '2026-11-30T25:00:00.123456Z~42',
      '2026-11-30T09:00:00.123Z~42',
      "2026-11-30T09:00:00.123456Z~42' or '1'='1",
      `2026-11-30T09:00:00.123456Z~${'9'.repeat(19)}`,
      '2026-11-30T09:00:00.123456Z',
    ])
      expect(parseSeekKey(bad), bad).toBeNull();
    expect(ListCursorSchema.safeParse({ key: '2026-02-30T09:00:00.123456Z~42', direction: 'after' }).success).toBe(
      false,
    );
    expect(ListCursorSchema.safeParse({ key: '2026-11-30T09:00:00.123456Z~42', direction: 'sideways' }).success).toBe(
      false,
    );
  });

  it('issue 37: the next page moves from the last row, the previous from the first; page 1 and any jump read by number', () => {
    const from = { page: 3, cursors: { first: 'F', last: 'L' } };
    expect(cursorToward(from, 4)).toEqual({ key: 'L', direction: 'after' });
    expect(cursorToward(from, 2)).toEqual({ key: 'F', direction: 'before' });
    expect(cursorToward(from, 7)).toBeUndefined();
    expect(cursorToward({ page: 2, cursors: from.cursors }, 1)).toBeUndefined();
    expect(cursorToward({ page: 3 }, 4)).toBeUndefined();
  });
});
