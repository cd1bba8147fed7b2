import { describe, expect, it } from 'vitest';
import { runBounded } from './run-bounded';

/** A task whose completion the test controls, recording how many run at once. */
function gate() {
  let inFlight = 0;
  let most = 0;
  const started: number[] = [];
  const release = new Map<number, () => void>();
  const task = async (n: number) => {
    inFlight++;
    most = Math.max(most, inFlight);
    started.push(n);
    await new Promise<void>((resolve) => release.set(n, resolve));
    inFlight--;
  };
  return { task, started, release, most: () => most };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('runBounded', () => {
  it('keeps at most `limit` tasks under way, starting the next as one finishes, in order', async () => {
    const g = gate();
    const done = runBounded([1, 2, 3, 4, 5, 6, 7], 3, g.task);
    await settle();
    expect(g.started).toEqual([1, 2, 3]);
    g.release.get(2)!();
    await settle();
    expect(g.started).toEqual([1, 2, 3, 4]);
    // Each release lets the next item start, never a fourth at once.
    for (let n = 1; n <= 7; n++) {
      g.release.get(n)!();
      await settle();
    }
    await done;
    expect(g.started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(g.most()).toBe(3);
  });

  it('runs each item once with fewer items than the limit, and nothing for none', async () => {
    const seen: number[] = [];
    await runBounded([1, 2], 8, async (n) => void seen.push(n));
    expect(seen).toEqual([1, 2]);
    await runBounded([], 8, async () => void seen.push(0));
    expect(seen).toEqual([1, 2]);
  });

  it('a task that throws rejects the run', async () => {
    await expect(
      runBounded([1, 2, 3], 2, async (n) => {
        if (n === 2) throw new Error('two');
      }),
    ).rejects.toThrow('two');
  });
});
