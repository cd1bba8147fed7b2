import { describe, expect, it } from 'vitest';
import type { SubscriptionInfo } from '#server/providers/payments';
import { displayText } from './subscription-paid';
import { planOf, userFieldsFromSubscription } from './subscription-state';

const base: SubscriptionInfo = {
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  startDate: new Date('2026-01-10T09:00:00Z'),
  currentPeriodEnd: new Date('2026-02-10T09:00:00Z'),
  cancelAtPeriodEnd: false,
  cancelAt: null,
  endedAt: null,
  amount: 1600,
  interval: 'month',
  discountEnd: null,
};

describe('userFieldsFromSubscription', () => {
  it('renews on the period end while active', () => {
    expect(userFieldsFromSubscription(base)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionType: 'premium',
      subscriptionEndDate: base.currentPeriodEnd,
      cancelAtPeriodEnd: false,
      stripeSubscriptionId: 'sub_1',
      stripeCustomerId: 'cus_1',
    });
  });

  it('keeps access to the period end once cancellation is scheduled (flag or cancel_at)', () => {
    expect(
      userFieldsFromSubscription({ ...base, cancelAtPeriodEnd: true, cancelAt: base.currentPeriodEnd }),
    ).toMatchObject({
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
      subscriptionEndDate: base.currentPeriodEnd,
    });
    const earlier = new Date('2026-01-31T00:00:00Z');
    expect(userFieldsFromSubscription({ ...base, cancelAt: earlier })).toMatchObject({
      cancelAtPeriodEnd: true,
      subscriptionEndDate: earlier,
    });
  });

  it('a subscription billed yearly is the annual plan, renewing on its period end', () => {
    const yearly = { ...base, amount: 14400, interval: 'year', currentPeriodEnd: new Date('2027-01-10T09:00:00Z') };
    expect(planOf(yearly)).toBe('annual');
    expect(planOf(base)).toBe('monthly');
    expect(userFieldsFromSubscription(yearly)).toMatchObject({
      subscriptionType: 'annual',
      subscriptionEndDate: yearly.currentPeriodEnd,
      cancelAtPeriodEnd: false,
    });
  });

  it('ends at the moment Stripe ended it', () => {
    const endedAt = new Date('2026-01-20T00:00:00Z');
    expect(userFieldsFromSubscription({ ...base, status: 'canceled', endedAt, cancelAtPeriodEnd: true })).toMatchObject(
      {
        subscriptionStatus: 'canceled',
        subscriptionEndDate: endedAt,
        cancelAtPeriodEnd: false,
      },
    );
  });
});

describe('displayText', () => {
  it('shows the price paid per interval', () => {
    expect(displayText('VBG', 1200, 'month')).toBe('VBG Premium — £12.00/month');
    expect(displayText('VBG', 14400, 'year')).toBe('VBG Premium — £144.00/year');
    expect(displayText('VBG', null, null)).toBe('VBG Premium — £0.00/month');
  });
});
