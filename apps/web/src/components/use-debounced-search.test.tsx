import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedSearch } from './use-debounced-search';

describe('useDebouncedSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('R-LIST-014: the search reaches the list 900 ms after the last keystroke', () => {
    const { result } = renderHook(() => useDebouncedSearch());
    act(() => result.current.setSearch('H-1'));
    act(() => vi.advanceTimersByTime(500));
    act(() => result.current.setSearch('H-1B '));
    act(() => vi.advanceTimersByTime(899));
    expect(result.current.debouncedSearch).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.debouncedSearch).toBe('H-1B');
  });

  it('R-LIST-015: a wait of 0 searches immediately', () => {
    const { result } = renderHook(() => useDebouncedSearch('', 0));
    act(() => result.current.setSearch('ABC'));
    expect(result.current.debouncedSearch).toBe('ABC');
  });
});
