import { describe, expect, it, vi } from 'vitest';
import { containsText, pageWindow, toPage } from './list';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i }));

describe('server list helper', () => {
  it('pageWindow turns page and perpage into LIMIT and OFFSET', () => {
    expect(pageWindow({ page: 3, perpage: 25 })).toEqual({ limit: 25, offset: 50 });
  });

  it('toPage asks for the page and the count together and answers both', async () => {
    let release: (v: { n: number }[]) => void = () => {};
    const total = new Promise<{ n: number }[]>((r) => {
      release = r;
    });
    const page = vi.fn(async () => rows(25));
    const answer = toPage(page(), total);
    expect(page).toHaveBeenCalledTimes(1);
    release([{ n: 1000 }]);
    expect(await answer).toEqual({ list: rows(25), totalCount: 1000 });
    expect(await toPage(Promise.resolve([]), Promise.resolve([]))).toEqual({ list: [], totalCount: 0 });
  });

  it('containsText adds no condition for blank or missing text', () => {
    expect(containsText({} as never, '   ')).toBeUndefined();
    expect(containsText({} as never, null)).toBeUndefined();
  });
});
