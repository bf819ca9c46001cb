import { describe, expect, it, vi } from 'vitest';
import { containsText, pageWindow, toPage } from './list';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i }));

describe('server list helper', () => {
  it('pageWindow turns page and perpage into LIMIT and OFFSET', () => {
    expect(pageWindow({ page: 3, perpage: 25 })).toEqual({ limit: 25, offset: 50 });
  });

  it('a short page is the last one: its total needs no count query', async () => {
    const count = vi.fn(async () => 999);
    expect(await toPage(rows(7), { page: 3, perpage: 25 }, count)).toEqual({ list: rows(7), totalCount: 57 });
    expect(await toPage(rows(0), { page: 1, perpage: 25 }, count)).toEqual({ list: [], totalCount: 0 });
    expect(count).not.toHaveBeenCalled();
  });

  it('a full page, or a page past the end, asks the count query', async () => {
    const count = vi.fn(async () => 1000);
    expect((await toPage(rows(25), { page: 1, perpage: 25 }, count)).totalCount).toBe(1000);
    expect(await toPage(rows(0), { page: 99, perpage: 25 }, count)).toEqual({ list: [], totalCount: 1000 });
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('containsText adds no condition for blank or missing text', () => {
    expect(containsText({} as never, '   ')).toBeUndefined();
    expect(containsText({} as never, null)).toBeUndefined();
  });
});
