/**
 * Typed localStorage. Every access is guarded: Safari private mode, a full quota or a disabled storage
 * must never break a screen, only lose the remembered preference.
 */
export const storage = {
  get<T>(key: string, fallback: T, isValid?: (value: unknown) => value is T): T {
    try {
      const raw = window.localStorage.getItem(key);
      if (raw === null) return fallback;
      const value: unknown = JSON.parse(raw);
      if (isValid) return isValid(value) ? value : fallback;
      return value as T;
    } catch {
      return fallback;
    }
  },
  set<T>(key: string, value: T): void {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Preference only: nothing to do when storage is unavailable.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // See set().
    }
  },
};
