import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from './storage';

describe('storage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('round-trips typed values and validates what it reads', () => {
    storage.set('list_perpage', 50);
    expect(storage.get('list_perpage', 25)).toBe(50);
    const isSmall = (v: unknown): v is number => typeof v === 'number' && v < 10;
    expect(storage.get('list_perpage', 5, isSmall)).toBe(5);
  });

  it('returns the fallback for garbage and when storage throws', () => {
    window.localStorage.setItem('broken', '{not json');
    expect(storage.get('broken', 'x')).toBe('x');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(storage.get('anything', 7)).toBe(7);
    expect(() => storage.set('anything', 1)).not.toThrow();
  });
});
