import { expect } from 'vitest';
import { outbox } from '#server/db/schema';
import type { TestApp } from './test-app';

/**
 * Waits until no outbox message is queued or being sent (each one sent or failed) and returns
 * the rows: after that the worker has nothing left to send, so a test can check that nothing
 * more arrived without sleeping on a guess.
 */
export async function settledOutbox(t: TestApp, timeout = 10_000) {
  let rows: Array<typeof outbox.$inferSelect> = [];
  await expect
    .poll(
      async () => {
        rows = await t.ctx.db.select().from(outbox);
        return rows.every((r) => r.status === 'sent' || r.status === 'failed');
      },
      { timeout, interval: 50 },
    )
    .toBe(true);
  return rows;
}
