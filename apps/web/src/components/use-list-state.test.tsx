import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listStorageKeys, useListState } from './use-list-state';

const defaults = { sorting: { path: 'createdOn', order: -1 as const }, filters: { search: '' } };

describe('useListState', () => {
  it('starts with the given default sort, page 1 and 25 per page', () => {
    const { result } = renderHook(() => useListState('socList', defaults));
    expect(result.current.sorting).toEqual({ path: 'createdOn', order: -1 });
    expect(result.current.page).toBe(1);
    expect(result.current.perpage).toBe(25);
  });

  it('R-LIST-009: remembers sort key, sort value and per-page per list between visits', () => {
    const first = renderHook(() => useListState('socList', defaults));
    act(() => first.result.current.setSorting({ path: 'name', order: 1 }));
    act(() => first.result.current.setPerpage(50));
    first.unmount();

    const keys = listStorageKeys('socList');
    expect(window.localStorage.getItem(keys.sortKey)).toBe('"name"');
    expect(window.localStorage.getItem(keys.sortValue)).toBe('1');
    expect(window.localStorage.getItem(keys.perpage)).toBe('50');

    const again = renderHook(() => useListState('socList', defaults));
    expect(again.result.current.sorting).toEqual({ path: 'name', order: 1 });
    expect(again.result.current.perpage).toBe(50);

    const otherList = renderHook(() => useListState('labelsList', defaults));
    expect(otherList.result.current.sorting).toEqual({ path: 'createdOn', order: -1 });
  });

  it('R-LIST-009: ignores a remembered value the list no longer allows', () => {
    window.localStorage.setItem('socList_sort_key', '"droppedColumn"');
    window.localStorage.setItem('socList_perpage', '33');
    const { result } = renderHook(() => useListState('socList', { ...defaults, sortPaths: ['name', 'createdOn'] }));
    expect(result.current.sorting).toEqual({ path: 'createdOn', order: -1 });
    expect(result.current.perpage).toBe(25);
  });

  it('goes back to page 1 when sorting, page size or filters change', () => {
    const { result } = renderHook(() => useListState('socList', defaults));
    act(() => result.current.setPage(4));
    act(() => result.current.setFilters({ search: 'engineer' }));
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(3));
    act(() => result.current.setSorting({ path: 'name', order: 1 }));
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(2));
    act(() => result.current.setPerpage(10));
    expect(result.current.page).toBe(1);
    expect(result.current.query).toEqual({
      page: 1,
      perpage: 10,
      sorting: { path: 'name', order: 1 },
      filters: { search: 'engineer' },
    });
    act(() => result.current.resetFilters());
    expect(result.current.filters).toEqual({ search: '' });
  });
});
