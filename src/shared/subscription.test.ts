import { describe, expect, it } from 'vitest';
import {
  accountTypeLabel,
  hasActiveSubscription,
  isPaidPlanType,
  memberStatus,
  paymentFailureOf,
  subscriptionDateLabel,
  subscriptionTypeLabel,
} from './subscription';

const now = new Date('2026-11-22T12:00:00Z');
const later = new Date('2026-12-22T12:00:00Z');
const earlier = new Date('2026-11-01T12:00:00Z');
const base = { role: 'member', subscriptionStatus: 'none', subscriptionType: null, subscriptionEndDate: null };

describe('hasActiveSubscription', () => {
  it('is false without a subscription', () => {
    expect(hasActiveSubscription(base, now)).toBe(false);
  });
  it('is true for an active premium subscription inside its period and false after it', () => {
    const s = { ...base, subscriptionStatus: 'active', subscriptionType: 'premium', subscriptionEndDate: later };
    expect(hasActiveSubscription(s, now)).toBe(true);
    expect(hasActiveSubscription(s, new Date(later.getTime() + 1))).toBe(false);
  });
  it('keeps a cancelled subscription until the end of the paid period', () => {
    const s = { ...base, subscriptionStatus: 'canceled', subscriptionType: 'premium', subscriptionEndDate: later };
    expect(hasActiveSubscription(s, now)).toBe(true);
    expect(hasActiveSubscription({ ...s, subscriptionEndDate: earlier }, now)).toBe(false);
    expect(hasActiveSubscription({ ...s, subscriptionEndDate: null }, now)).toBe(false);
  });
  it('treats family as lifetime and annual_special as expiring on its end date', () => {
    expect(
      hasActiveSubscription(
        { ...base, subscriptionStatus: 'active', subscriptionType: 'family', subscriptionEndDate: earlier },
        now,
      ),
    ).toBe(true);
    expect(
      hasActiveSubscription(
        { ...base, subscriptionStatus: 'active', subscriptionType: 'annual_special', subscriptionEndDate: earlier },
        now,
      ),
    ).toBe(false);
    expect(
      hasActiveSubscription(
        { ...base, subscriptionStatus: 'active', subscriptionType: 'annual_special', subscriptionEndDate: later },
        now,
      ),
    ).toBe(true);
  });
  it('does not grant access for expired or unknown statuses', () => {
    expect(
      hasActiveSubscription(
        { ...base, subscriptionStatus: 'expired', subscriptionType: 'premium', subscriptionEndDate: later },
        now,
      ),
    ).toBe(false);
    expect(
      hasActiveSubscription(
        { ...base, subscriptionStatus: 'incomplete', subscriptionType: 'premium', subscriptionEndDate: later },
        now,
      ),
    ).toBe(false);
  });
});

describe('the grace period after a failed renewal payment', () => {
  const DAY = 86_400_000;
  const failedAt = new Date('2026-11-20T09:00:00Z');
  const pastDue = {
    ...base,
    subscriptionStatus: 'past_due',
    subscriptionType: 'premium',
    subscriptionEndDate: later,
    paymentFailedAt: failedAt,
  };
  it('keeps access until the grace days from the first failure have passed, however far the paid-up date reaches', () => {
    expect(hasActiveSubscription(pastDue, new Date(failedAt.getTime() + 7 * DAY - 1), 7)).toBe(true);
    expect(hasActiveSubscription(pastDue, new Date(failedAt.getTime() + 7 * DAY), 7)).toBe(false);
    expect(hasActiveSubscription(pastDue, new Date(failedAt.getTime() + 3 * DAY), 3)).toBe(false);
    expect(hasActiveSubscription(pastDue, new Date(failedAt.getTime() + 1000), 0)).toBe(false);
  });
  it('within the grace days even when the period recorded has already ended', () => {
    expect(
      hasActiveSubscription({ ...pastDue, subscriptionEndDate: earlier }, new Date(failedAt.getTime() + DAY), 7),
    ).toBe(true);
  });
  it('past_due with no recorded failure keeps the date rule; a failure recorded on a paid-up account changes nothing', () => {
    expect(
      hasActiveSubscription({ ...pastDue, paymentFailedAt: null }, new Date(failedAt.getTime() + 20 * DAY), 7),
    ).toBe(true);
    expect(
      hasActiveSubscription({ ...pastDue, subscriptionStatus: 'active' }, new Date(failedAt.getTime() + 20 * DAY), 7),
    ).toBe(true);
  });
  it('reports the failure and the end of its grace only while past_due', () => {
    expect(paymentFailureOf(pastDue, 7)).toEqual({
      paymentFailedAt: '2026-11-20T09:00:00.000Z',
      graceUntil: '2026-11-27T09:00:00.000Z',
    });
    expect(paymentFailureOf({ ...pastDue, subscriptionStatus: 'canceled' }, 7)).toEqual({
      paymentFailedAt: null,
      graceUntil: null,
    });
  });
});

describe('labels', () => {
  it('names each type', () => {
    expect(subscriptionTypeLabel('annual_special')).toBe('Annual (Special)');
    expect(subscriptionTypeLabel('family')).toBe('Lifetime Family Access');
    expect(subscriptionTypeLabel('premium')).toBe('Monthly Premium');
    expect(subscriptionTypeLabel('annual')).toBe('Annual Premium');
    expect(subscriptionTypeLabel('')).toBe('Premium');
    expect(subscriptionTypeLabel(null)).toBe('Premium');
    expect(subscriptionTypeLabel('gift')).toBe('gift');
  });
  it('shows Expires for annual_special and for a cancelled renewal, Next Renewal otherwise', () => {
    expect(subscriptionDateLabel('annual_special')).toBe('Expires');
    expect(subscriptionDateLabel('premium')).toBe('Next Renewal');
    expect(subscriptionDateLabel('premium', true)).toBe('Expires');
    expect(subscriptionDateLabel('annual')).toBe('Next Renewal');
    expect(subscriptionDateLabel('annual', true)).toBe('Expires');
    expect(subscriptionDateLabel('family')).toBe('Next Renewal');
  });
});

describe('paid plans', () => {
  it('are the monthly and the annual plan, not the admin grants', () => {
    expect(isPaidPlanType('premium')).toBe(true);
    expect(isPaidPlanType('annual')).toBe(true);
    expect(isPaidPlanType('annual_special')).toBe(false);
    expect(isPaidPlanType('family')).toBe(false);
    expect(isPaidPlanType(null)).toBe(false);
  });
});

describe('account type shown to the person', () => {
  it('never shows the stored role "member" to someone who has not paid', () => {
    expect(accountTypeLabel({ role: 'member', isSubscribed: false })).toEqual({
      label: 'Free account',
      offerSubscription: true,
    });
    expect(accountTypeLabel({ role: 'member', isSubscribed: true })).toEqual({
      label: 'Member',
      offerSubscription: false,
    });
    expect(accountTypeLabel({ role: 'admin', isSubscribed: false })).toEqual({
      label: 'Administrator',
      offerSubscription: false,
    });
  });
});

describe("the status the admin's member list shows", () => {
  it('shows a lapsed live status as expired, and a cancelled one still running as active', () => {
    const paid = { ...base, subscriptionType: 'premium', subscriptionEndDate: later };
    expect(memberStatus(base, now)).toBe('none');
    expect(memberStatus({ ...paid, subscriptionStatus: 'active' }, now)).toBe('active');
    expect(memberStatus({ ...paid, subscriptionStatus: 'canceled' }, now)).toBe('active');
    expect(memberStatus({ ...paid, subscriptionStatus: 'active', subscriptionEndDate: earlier }, now)).toBe('expired');
    expect(memberStatus({ ...paid, subscriptionStatus: 'canceled', subscriptionEndDate: earlier }, now)).toBe(
      'canceled',
    );
  });
});
