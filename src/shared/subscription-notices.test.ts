import { describe, expect, it } from 'vitest';
import { earliestPriceChangeDay, noticeDay, noticeDue, planOfAccount } from './subscription-notices';

describe('notice days', () => {
  const renewsAt = new Date('2026-07-01T11:00:00Z'); // noon in London
  it('a notice is due from the London day `days` before until the moment itself', () => {
    expect(noticeDay(renewsAt, 7)).toBe('2026-06-24');
    expect(noticeDue(renewsAt, new Date('2026-06-23T22:59:59Z'), 7)).toBe(false); // 23:59 on the 23rd in London
    expect(noticeDue(renewsAt, new Date('2026-06-23T23:00:00Z'), 7)).toBe(true); // midnight on the 24th in London
    expect(noticeDue(renewsAt, new Date('2026-07-01T10:59:59Z'), 7)).toBe(true);
    expect(noticeDue(renewsAt, renewsAt, 7)).toBe(false);
  });
  it('a price change takes effect 30 days after the day it is announced at the earliest', () => {
    expect(earliestPriceChangeDay('2026-06-01')).toBe('2026-07-01');
    expect(earliestPriceChangeDay('2026-12-15')).toBe('2027-01-14');
  });
});

describe('planOfAccount', () => {
  it('the annual plan renews yearly; premium is monthly unless its checkout was annual; grants renew on no plan', () => {
    expect(planOfAccount('annual', null)).toBe('annual');
    expect(planOfAccount('premium', 'annual')).toBe('annual');
    expect(planOfAccount('premium', 'monthly')).toBe('monthly');
    expect(planOfAccount('premium', null)).toBe('monthly');
    expect(planOfAccount('annual_special', 'annual')).toBeNull();
    expect(planOfAccount('family', null)).toBeNull();
    expect(planOfAccount(null, null)).toBeNull();
  });
});
