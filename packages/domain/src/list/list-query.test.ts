import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_PER_PAGE, listQuerySchema, nextSort, PER_PAGE_OPTIONS, pageItems } from './list-query';

const schema = listQuerySchema({
  sortPaths: ['name', 'createdOn'],
  defaultSort: { path: 'createdOn', order: -1 },
  filters: { name: z.string().max(50).optional() },
});

describe('list query contract', () => {
  it('R-LIST-001: per-page options are 10, 25, 50, 75 and 100; anything else is refused', () => {
    expect(PER_PAGE_OPTIONS).toEqual([10, 25, 50, 75, 100]);
    for (const perpage of PER_PAGE_OPTIONS) expect(schema.safeParse({ perpage }).success).toBe(true);
    expect(schema.safeParse({ perpage: 1000 }).success).toBe(false);
  });

  it('R-LIST-002: per page defaults to 25', () => {
    expect(DEFAULT_PER_PAGE).toBe(25);
    expect(schema.parse({}).perpage).toBe(25);
  });

  it('R-LIST-007: the default sort is createdOn descending', () => {
    expect(schema.parse({}).sorting).toEqual({ path: 'createdOn', order: -1 });
  });

  it('R-LIST-006: clicking the sorted column toggles between 1 and -1', () => {
    expect(nextSort({ path: 'name', order: 1 }, 'name')).toEqual({ path: 'name', order: -1 });
    expect(nextSort({ path: 'name', order: -1 }, 'name')).toEqual({ path: 'name', order: 1 });
  });

  it('a newly sorted column starts descending for the dates (createdOn, updatedOn) and ascending for other keys', () => {
    expect(nextSort({ path: 'name', order: 1 }, 'createdOn')).toEqual({ path: 'createdOn', order: -1 });
    expect(nextSort({ path: 'name', order: 1 }, 'updatedOn')).toEqual({ path: 'updatedOn', order: -1 });
    expect(nextSort({ path: 'createdOn', order: -1 }, 'name')).toEqual({ path: 'name', order: 1 });
  });

  it('R-LIST-004: pagination shows a range of 3 pages and 2 margin pages on each side', () => {
    expect(pageItems(10, 20)).toEqual([1, 2, null, 9, 10, 11, null, 19, 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, null, 19, 20]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('sorting and filters outside the allow-list are refused (mass assignment)', () => {
    expect(schema.safeParse({ sorting: { path: 'password', order: 1 } }).success).toBe(false);
    expect(schema.safeParse({ filters: { tenantId: 'x' } }).success).toBe(false);
    expect(schema.safeParse({ tenantId: 'x' }).success).toBe(false);
  });
});
