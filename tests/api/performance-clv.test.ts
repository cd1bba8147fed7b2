import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { recordPrices, type PriceSource } from '#server/db/price-snapshots';
import { tipRecords } from '#server/db/schema';
import type { ResultsResponse } from '#shared/schemas/performance';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { record, settle } from './performance-helpers';

// Closing line value on the proofed record: each tip with its SP, its BSP when a file gave one and
// its price history that day; the share of tips that beat SP and BSP and the average edge.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  t.clock.set(new Date('2026-07-20T09:00:00Z'));
});

async function price(
  date: string,
  source: PriceSource,
  at: string,
  horseName: string,
  priceText: string,
  decimal: number,
) {
  await t.ctx.db.transaction((tx) =>
    recordPrices(tx, {
      date,
      source,
      observedAt: new Date(at),
      recordedBy: null,
      prices: [{ time: '14:10', course: 'Ascot', horseName, price: decimal, priceText }],
    }),
  );
}

describe('closing line value in GET /api/results', () => {
  it('counts the tips that beat SP and BSP, with the average edge, and gives each tip its BSP and price history', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    // 5/1 (6.0) against an SP of 4/1 (5.0): +20%; BSP 5.5: +9.1%.
    const star = await record(admin, {
      raceDate: '2026-07-14',
      raceTime: '14:10',
      raceLocation: 'Ascot',
      selectionName: 'Northern Star',
      advisedOdds: '5/1',
    });
    await settle(admin, star, 'WON', '4/1');
    await price('2026-07-14', 'morning', '2026-07-14T07:00:00Z', 'Northern Star', '6/1', 7);
    await price('2026-07-14', 'analyst', '2026-07-14T11:00:00Z', 'Northern Star', '9/2', 5.5);
    await price('2026-07-14', 'bsp', '2026-07-14T15:00:00Z', 'Northern Star', '5.5', 5.5);
    // 3/1 (4.0) against an SP of 7/2 (4.5): −11.1%; no BSP.
    const light = await record(admin, {
      raceDate: '2026-07-15',
      raceTime: '14:10',
      raceLocation: 'Ascot',
      selectionName: 'Harbour Light',
      advisedOdds: '3/1',
      selectionType: 'nb',
    });
    await settle(admin, light, 'LOST', '7/2');
    // A non-runner is left out.
    const nr = await record(admin, {
      raceDate: '2026-07-16',
      selectionName: 'Velvet Arrow',
      advisedOdds: '8/1',
      selectionType: 'longshot',
    });
    await settle(admin, nr, 'NR');

    const res = await t.client().get('/api/results');
    expect(res.status).toBe(200);
    const body = res.json as ResultsResponse;
    expect(body.clv.sp).toEqual({ tips: 2, beat: 1, share: 50, averageEdge: 4.4 });
    expect(body.clv.bsp).toEqual({ tips: 1, beat: 1, share: 100, averageEdge: 9.1 });
    const starTip = body.tips.find((tip) => tip.id === star)!;
    expect(starTip.bsp).toBe(5.5);
    // The market before the off, oldest first; the BSP is the closing price, not part of the line.
    expect(starTip.priceHistory.map((p) => [p.source, p.priceText])).toEqual([
      ['morning', '6/1'],
      ['analyst', '9/2'],
    ]);
    const lightTip = body.tips.find((tip) => tip.id === light)!;
    expect(lightTip).toMatchObject({ bsp: null, priceHistory: [] });
  });

  it('measures a corrected tip at its corrected price, the one its record settles at, not the advised one', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const id = await record(admin, {
      raceDate: '2026-07-14',
      raceTime: '14:10',
      raceLocation: 'Ascot',
      selectionName: 'Northern Star',
      advisedOdds: '5/1',
    });
    // A confirmed correction to 3/1 (as the Record New Tips form writes it for a published tip).
    await t.ctx.db
      .update(tipRecords)
      .set({ correctedOdds: '3/1', oddsCorrectedAt: new Date('2026-07-14T09:00:00Z') })
      .where(eq(tipRecords.id, id));
    await settle(admin, id, 'WON', '4/1');
    await price('2026-07-14', 'bsp', '2026-07-14T15:00:00Z', 'Northern Star', '4.4', 4.4);
    const body = (await t.client().get('/api/results')).json as ResultsResponse;
    // 3/1 (4.0) against SP 4/1 (5.0): −20%, not beaten (the advised 5/1 would have beaten it by 20%).
    expect(body.clv.sp).toEqual({ tips: 1, beat: 0, share: 0, averageEdge: -20 });
    // 4.0 against BSP 4.4: −9.1% (5/1 would be +36.4%).
    expect(body.clv.bsp).toEqual({ tips: 1, beat: 0, share: 0, averageEdge: -9.1 });
  });

  it('a horse of the same name in another race or on another day lends it no prices', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const id = await record(admin, {
      raceDate: '2026-07-14',
      raceTime: '14:10',
      raceLocation: 'Ascot',
      selectionName: 'Northern Star',
      advisedOdds: '5/1',
    });
    await settle(admin, id, 'LOST', '5/1');
    await price('2026-07-13', 'bsp', '2026-07-13T15:00:00Z', 'Northern Star', '4.0', 4);
    await t.ctx.db.transaction((tx) =>
      recordPrices(tx, {
        date: '2026-07-14',
        source: 'bsp',
        observedAt: new Date('2026-07-14T16:00:00Z'),
        recordedBy: null,
        prices: [{ time: '15:45', course: 'Ascot', horseName: 'Northern Star', price: 3, priceText: '3.0' }],
      }),
    );
    const body = (await t.client().get('/api/results')).json as ResultsResponse;
    expect(body.tips[0]).toMatchObject({ bsp: null, priceHistory: [] });
    // 6.0 against an SP of 6.0: not beaten, no edge.
    expect(body.clv.sp).toEqual({ tips: 1, beat: 0, share: 0, averageEdge: 0 });
    expect(body.clv.bsp.tips).toBe(0);
  });

  it("visitors' figures leave out today's settled tips, as the rest of the record does", async () => {
    t.clock.set(new Date('2026-07-20T13:15:00Z')); // 14:15 in London: the 14:10 is off
    const { client: admin } = await signedIn(t, 'admin');
    const today = await record(admin, {
      raceDate: '2026-07-20',
      raceTime: '14:10',
      raceLocation: 'Ascot',
      selectionName: 'Northern Star',
      advisedOdds: '5/1',
    });
    await settle(admin, today, 'WON', '4/1');
    const visitor = (await t.client().get('/api/results')).json as ResultsResponse;
    expect(visitor.clv.sp.tips).toBe(0);
    const { client: member } = await signedIn(t, 'member');
    expect(((await member.get('/api/results')).json as ResultsResponse).clv.sp).toMatchObject({ tips: 1, beat: 1 });
  });
});
