import { describe, expect, it } from 'vitest';
import { accountTypeLabel, hasActiveSubscription, isPaidPlanType, subscriptionDateLabel, subscriptionTypeLabel } from './subscription';

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
    expect(hasActiveSubscription({ ...base, subscriptionStatus: 'active', subscriptionType: 'family', subscriptionEndDate: earlier }, now)).toBe(true);
    expect(hasActiveSubscription({ ...base, subscriptionStatus: 'active', subscriptionType: 'annual_special', subscriptionEndDate: earlier }, now)).toBe(false);
    expect(hasActiveSubscription({ ...base, subscriptionStatus: 'active', subscriptionType: 'annual_special', subscriptionEndDate: later }, now)).toBe(true);
  });
  it('does not grant access for expired or unknown statuses', () => {
    expect(hasActiveSubscription({ ...base, subscriptionStatus: 'expired', subscriptionType: 'premium', subscriptionEndDate: later }, now)).toBe(false);
    expect(hasActiveSubscription({ ...base, subscriptionStatus: 'incomplete', subscriptionType: 'premium', subscriptionEndDate: later }, now)).toBe(false);
  });
});

describe('labels (spec 01 §9)', () => {
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

describe('account type shown to the person (issue 16 item 6)', () => {
  it('never shows the stored role "member" to someone who has not paid', () => {
    expect(accountTypeLabel({ role: 'member', isSubscribed: false })).toEqual({ label: 'Free account', offerSubscription: true });
    expect(accountTypeLabel({ role: 'member', isSubscribed: true })).toEqual({ label: 'Member', offerSubscription: false });
    expect(accountTypeLabel({ role: 'admin', isSubscribed: false })).toEqual({ label: 'Administrator', offerSubscription: false });
  });
});
