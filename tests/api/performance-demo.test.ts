import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoPerformance } from '#server/features/performance/demo';
import { seedDemoTips } from '#server/features/tips/demo';
import type { ResultsResponse } from '#shared/schemas/performance';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('demo tipping record', () => {
  it("records every published day, settles the past ones and leaves today's pending", async () => {
    t.clock.set(new Date('2026-11-22T07:00:00Z'));
    await seedDemoTips(t.ctx);
    await seedDemoPerformance(t.ctx);
    const body = (await t.client().get('/api/results')).json as ResultsResponse;
    expect(body.pending).toBe(3);
    // 20 Nov: Morning Mist WON 4/1 (+4), River Dance LOST, Tall Order LOST;
    // 21 Nov: Copper Coast PLACED, Silent Witness WON 6/1 (+6), Quiet Harbour NR.
    expect(
      body.tips.map((tip) => [tip.raceDate, tip.selectionName, tip.advisedOdds, tip.result, tip.profitLoss]),
    ).toEqual([
      ['2026-11-21', 'Quiet Harbour', '16/1', 'NR', 0],
      ['2026-11-21', 'Silent Witness', '6/1', 'WON', 6],
      ['2026-11-21', 'Copper Coast', '5/1', 'PLACED', -1],
      ['2026-11-20', 'Tall Order', '25/1', 'LOST', -1],
      ['2026-11-20', 'River Dance', '11/2', 'LOST', -1],
      ['2026-11-20', 'Morning Mist', '4/1', 'WON', 4],
    ]);
    expect(body.stats.overall).toMatchObject({
      staked: 5,
      won: 2,
      profitLoss: 7,
      roi: 140,
      longestLosingRun: 3,
      maxDrawdown: 3,
    });
    // Running it again adds nothing.
    await seedDemoPerformance(t.ctx);
    expect(((await t.client().get('/api/results')).json as ResultsResponse).pending).toBe(3);
  });
});
