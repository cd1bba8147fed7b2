import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCalculationScheduler } from './calc-scheduler';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('calculation scheduler', () => {
  it('runs once, 150 ms after the last change', () => {
    const run = vi.fn();
    const s = createCalculationScheduler(run, 150);
    s.schedule();
    vi.advanceTimersByTime(100);
    s.schedule();
    vi.advanceTimersByTime(149);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never overlaps runs: a change during a run queues one more run after it', async () => {
    let active = 0;
    let most = 0;
    const finishers: Array<() => void> = [];
    const run = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          active++;
          most = Math.max(most, active);
          finishers.push(() => {
            active--;
            resolve();
          });
        }),
    );
    const s = createCalculationScheduler(run, 150);
    const first = s.runNow();
    void s.runNow();
    void s.runNow();
    expect(run).toHaveBeenCalledTimes(1);
    finishers.shift()!();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    finishers.shift()!();
    await first;
    expect(run).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
  });

  it('Calculate drops the pending delay; cancel stops it', () => {
    const run = vi.fn();
    const s = createCalculationScheduler(run, 150);
    s.schedule();
    void s.runNow();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
    s.schedule();
    s.cancel();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
