import { beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '#shared/london-time';
import { receiptHash, receiptNonce, receiptOpening } from '#shared/proofing/receipt';
import { proofReceipts, tipRecords } from '#server/db/schema';
import type { TestApp } from '../support/test-app';
import { withPagesApp } from '../support/web-build';
import { fetchPage } from './ssr-helpers';

/**
 * The site's profit, ROI and strike-rate sentence (GET /api/record-claim, on the home and subscribe
 * pages) is drawn from the record, names its period, bank and price basis, and is made only once
 * RECORD_CLAIMS_MIN_TIPS (100) proofed tips are settled (receipted and time-stamped before the off).
 */
let t: TestApp;
withPagesApp((app) => (t = app));
beforeEach(async () => {
  await t.reset();
  // Sunday 22 November 2026, 09:00 London (GMT).
  t.clock.set(new Date('2026-11-22T09:00:00Z'));
});

const FIRST = '2026-08-01';

/**
 * `n` settled NAPs, one a day from 1 August: every fourth a 4/1 winner (+4), the others beaten (−1).
 * Each has its receipt; the first `proofed` of them (all by default) were time-stamped before the off.
 */
async function settledTips(n: number, from = FIRST, proofed = n) {
  const receipts = await t.ctx.db
    .insert(proofReceipts)
    .values(
      Array.from({ length: n }, (_, i): typeof proofReceipts.$inferInsert => {
        const day = addDays(from, i);
        const publishedAt = `${day}T09:00:00.000Z`;
        const opening = receiptOpening({
          day,
          kind: 'nap',
          multiple: null,
          raceTime: '14:10',
          course: 'Ascot',
          horse: `Horse ${i}`,
          advised: '4/1',
          market: null,
          publishedAt,
          nonce: receiptNonce(),
          replaces: null,
        });
        return {
          raceDate: day,
          seq: 1,
          hash: receiptHash(opening),
          opening,
          kind: 'nap',
          raceTime: '14:10',
          course: 'Ascot',
          horse: `Horse ${i}`,
          publishedAt: new Date(publishedAt),
          proofedAt: i < proofed ? new Date(`${day}T09:00:05Z`) : null,
        };
      }),
    )
    .returning({ id: proofReceipts.id });
  await t.ctx.db.insert(tipRecords).values(
    Array.from({ length: n }, (_, i): typeof tipRecords.$inferInsert => ({
      receiptId: receipts[i].id,
      raceDate: addDays(from, i),
      raceTime: '14:10',
      raceLocation: 'Ascot',
      selectionName: `Horse ${i}`,
      selectionType: 'nap',
      advisedOdds: '4/1',
      result: i % 4 === 3 ? 'WON' : 'LOST',
      profitLoss: i % 4 === 3 ? 4 : -1,
      settledAt: new Date(`${addDays(from, i)}T16:00:00Z`),
      settledBy: 'results',
    })),
  );
}

const claim = async () => ((await t.client().get('/api/record-claim')).json as { claim: string | null }).claim;

describe('claims only from the record', () => {
  it('makes no claim below 100 settled tips: not in the API, not on the home or subscribe page', async () => {
    expect(await claim()).toBeNull();
    await settledTips(99);
    // Today's settled tip is not yet in the public record, so it does not make the hundredth.
    await settledTips(1, '2026-11-22');
    expect(await claim()).toBeNull();
    for (const path of ['/', '/subscribe']) {
      const page = await fetchPage(t.client(), path);
      expect(page.status, path).toBe(200);
      expect(page.data, path).not.toBeNull(); // rendered on the server
      expect(page.html, path).not.toContain('data-testid="record-claim"');
      expect(page.html, path).not.toMatch(/return on investment|strike rate/i);
    }
  });

  it('counts only proofed tips: 100 settled with one stamped after its off make no claim', async () => {
    await settledTips(100, FIRST, 99);
    expect(await claim()).toBeNull();
  });

  it('from 100 settled tips: states the figures with their period, bank and price basis, on both pages', async () => {
    await settledTips(100); // 25 winners at +4, 75 beaten: +25 points from 100 staked
    const sentence =
      'Our proofed record from 1 August 2026 to 8 November 2026: 100 settled tips, +25.00 points to 1-point level stakes at the advised prices (a 100-point bank), a return on investment of 25.0%, and 25 winners from the 100 that ran (a strike rate of 25.0%).';
    expect(await claim()).toBe(sentence);
    for (const path of ['/', '/subscribe']) {
      const page = await fetchPage(t.client(), path);
      expect(page.root, path).toContain('data-testid="record-claim"');
      expect(page.root, path).toContain(sentence);
    }
  });
});
