import { describe, expect, it } from 'vitest';
import { recordClaim, type RecordClaimTerms } from './record-claim';
import { computeStats, type SettledTip } from './tip-stats';

/** `n` settled tips from 1 March 2026 on, one a day: every fifth a 4/1 winner, the rest losers. */
function record(n: number): SettledTip[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    raceDate: new Date(Date.UTC(2026, 2, 1 + i)).toISOString().slice(0, 10),
    selectionType: 'nap',
    selectionName: `Horse ${i}`,
    result: i % 5 === 4 ? 'WON' : 'LOST',
    profitLoss: i % 5 === 4 ? 4 : -1,
  }));
}

const terms = (over: Partial<RecordClaimTerms> = {}): RecordClaimTerms => ({
  period: { from: '2026-03-01', to: '2026-06-08' },
  bank: 100,
  basis: 'advised',
  proofedTips: 100,
  minTips: 100,
  ...over,
});

describe('recordClaim', () => {
  it('claims nothing below the threshold of proofed tips, however good the figures', () => {
    const stats = computeStats(record(99));
    expect(recordClaim(stats, terms({ proofedTips: 99 }))).toBeNull();
    // Settled tips that are not proofed do not count towards it.
    expect(recordClaim(computeStats(record(150)), terms({ proofedTips: 99 }))).toBeNull();
    expect(recordClaim(computeStats([]), terms({ proofedTips: 0, minTips: 1 }))).toBeNull();
  });

  it('names the period, the bank, the stakes and the price basis, with figures from the record', () => {
    const stats = computeStats(record(100)); // 20 winners at +4, 80 losers: +0.00
    expect(stats).toMatchObject({ tips: 100, staked: 100, won: 20, profitLoss: 0, roi: 0, strikeRate: 20 });
    expect(recordClaim(stats, terms())).toBe(
      'Our proofed record from 1 March 2026 to 8 June 2026: 100 settled tips, 0.00 points to 1-point level stakes at the advised prices (a 100-point bank), a return on investment of 0.0%, and 20 winners from the 100 that ran (a strike rate of 20.0%).',
    );
  });

  it('shows a loss as a loss, counts non-runners as settled but not run, and names another basis and bank', () => {
    const tips = record(100).map((t, i) => (i < 10 ? { ...t, result: 'NR' as const, profitLoss: 0 } : t));
    tips.push({ ...tips[5], id: 101, raceDate: '2026-06-09', result: 'LOST', profitLoss: -1 });
    const stats = computeStats(tips); // 90 ran: 18 winners (+72), 73 losers: −1.00
    expect(
      recordClaim(stats, terms({ period: { from: '2026-03-01', to: '2026-06-09' }, bank: 250, basis: 'bsp' })),
    ).toBe(
      'Our proofed record from 1 March 2026 to 9 June 2026: 101 settled tips, −1.00 points to 1-point level stakes at Betfair starting prices before commission (a 250-point bank), a return on investment of −1.1%, and 18 winners from the 91 that ran (a strike rate of 19.8%).',
    );
  });

  it('a record of one day names that day', () => {
    const one = record(1).map((t) => ({ ...t, result: 'WON' as const, profitLoss: 2.5 }));
    expect(
      recordClaim(
        computeStats(one),
        terms({ period: { from: '2026-03-01', to: '2026-03-01' }, minTips: 1, proofedTips: 1, basis: 'sp' }),
      ),
    ).toBe(
      'Our proofed record on 1 March 2026: 1 settled tip, +2.50 points to 1-point level stakes at starting prices (a 100-point bank), a return on investment of 250.0%, and 1 winner from the 1 that ran (a strike rate of 100.0%).',
    );
  });
});
