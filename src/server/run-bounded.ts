/**
 * Runs `task` over every item with at most `limit` of them under way at once (a small pool: not one
 * at a time, not all at once), each worker taking the next item as it finishes one. Resolves when
 * all are done; a task that throws rejects it (tasks that must not stop the rest catch their own).
 */
export async function runBounded<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
