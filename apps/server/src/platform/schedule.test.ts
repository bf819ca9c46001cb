import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleEvery } from './schedule';

afterEach(() => vi.useRealTimers());

describe('scheduleEvery: the server’s timed runs (reminders, renewals)', () => {
  it('runs first after the delay, then every period; never two at once; a failure is logged and the next run goes on; stop ends it', async () => {
    vi.useFakeTimers();
    const errors: string[] = [];
    let runs = 0;
    let release: (() => void) | null = null;
    const stop = scheduleEvery(
      'renewal',
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('processor down');
        await new Promise<void>((done) => {
          release = done;
        });
      },
      { error: (_o, msg) => errors.push(msg) },
      1_000,
      100,
    );
    await vi.advanceTimersByTimeAsync(99);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    expect(errors).toEqual(['renewal run failed']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    // The second is still going: the next tick does not start a third.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    (release as (() => void) | null)?.();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(3);
    stop();
    (release as (() => void) | null)?.();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(3);
  });
});
