import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseShare, readEnv } from '../lib/env';
import { jobGate } from './job-gate';

afterEach(() => vi.useRealTimers());

/** What has resolved so far, by name. */
const tracker = () => {
  const started: string[] = [];
  const start = (gate: ReturnType<typeof jobGate>, name: string) =>
    gate.acquire().then((ok) => {
      started.push(ok ? name : `${name}: refused`);
    });
  return { started, start };
};

describe('jobGate: when a document job may start (issue 39)', () => {
  it('issue 39: with a share of 1/4, a job of 100 ms leaves its slot resting 300 ms before the next waiting job starts', async () => {
    vi.useFakeTimers();
    const gate = jobGate({ slots: 1, queueMax: 4, share: 0.25, maxRestMs: 10_000 });
    const { started, start } = tracker();
    void start(gate, 'a');
    void start(gate, 'b');
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a']);
    gate.release(100);
    await vi.advanceTimersByTimeAsync(299);
    expect(started).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['a', 'b']);
  });

  it('issue 39: a job that comes while the slot rests waits for the rest; one that comes after starts at once', async () => {
    vi.useFakeTimers();
    const gate = jobGate({ slots: 1, queueMax: 4, share: 0.5, maxRestMs: 10_000 });
    const { started, start } = tracker();
    void start(gate, 'a');
    await vi.advanceTimersByTimeAsync(0);
    gate.release(200); // rests 200 ms
    void start(gate, 'b');
    await vi.advanceTimersByTimeAsync(199);
    expect(started).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['a', 'b']);
    gate.release(0); // a job of no time: no rest
    void start(gate, 'c');
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('issue 39: a rest is at most maxRestMs, however long the job ran', async () => {
    vi.useFakeTimers();
    const gate = jobGate({ slots: 1, queueMax: 4, share: 0.25, maxRestMs: 1_000 });
    const { started, start } = tracker();
    void start(gate, 'a');
    void start(gate, 'b');
    await vi.advanceTimersByTimeAsync(0);
    gate.release(10_000); // would rest 30 s
    await vi.advanceTimersByTimeAsync(999);
    expect(started).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['a', 'b']);
  });

  it('issue 39: a share of 1 never rests; past the queue a job is refused at once and takes nothing', async () => {
    const gate = jobGate({
      slots: 2,
      queueMax: 1,
      share: 1,
      maxRestMs: 10_000,
      later: () => expect.fail('no rest at share 1'),
    });
    const { started, start } = tracker();
    await start(gate, 'a');
    await start(gate, 'b');
    const c = start(gate, 'c'); // waits: both slots taken
    await start(gate, 'd'); // the queue (1) is full
    expect(started).toEqual(['a', 'b', 'd: refused']);
    gate.release(500);
    await c;
    expect(started).toEqual(['a', 'b', 'd: refused', 'c']);
    gate.release(10);
    gate.release(10);
    await start(gate, 'e');
    await start(gate, 'f');
    expect(started.slice(-2)).toEqual(['e', 'f']);
  });

  it('issue 39: DOCX_SHARE is a share in (0, 1]; unset keeps the default; anything else stops the start', () => {
    expect(readEnv({}).docxShare).toBeNull();
    expect(readEnv({ DOCX_SHARE: '0.5' }).docxShare).toBe(0.5);
    expect(parseShare('1')).toBe(1);
    expect(parseShare(' ')).toBeNull();
    for (const bad of ['0', '-0.5', '1.5', 'half', 'NaN'])
      expect(() => parseShare(bad)).toThrow('DOCX_SHARE must be a number above 0 and at most 1');
  });
});
