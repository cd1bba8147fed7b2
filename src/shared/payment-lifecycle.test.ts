import { describe, expect, it } from 'vitest';
import { endReason, paymentChange } from './payment-lifecycle';

const paidUp = { subscriptionStatus: 'active', paymentFailedAt: null, cancelAtPeriodEnd: false };
const failing = {
  subscriptionStatus: 'past_due',
  paymentFailedAt: new Date('2026-11-20T09:00:00Z'),
  cancelAtPeriodEnd: false,
};

describe('paymentChange', () => {
  it('a first past_due starts a failure run; a later one within the run changes nothing', () => {
    expect(paymentChange(paidUp, 'past_due')).toBe('failed');
    expect(paymentChange(failing, 'past_due')).toBeNull();
  });
  it('paid up again after a failure is a recovery; paid up without one is nothing', () => {
    expect(paymentChange(failing, 'active')).toBe('recovered');
    expect(paymentChange(failing, 'trialing')).toBe('recovered');
    expect(paymentChange(paidUp, 'active')).toBeNull();
  });
  it('an ended, unpaid or expired subscription ends a live account once', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete_expired']) {
      expect(paymentChange(paidUp, status)).toBe('ended');
      expect(paymentChange(failing, status)).toBe('ended');
      expect(paymentChange({ ...paidUp, subscriptionStatus: 'canceled' }, status)).toBeNull();
      expect(paymentChange({ ...paidUp, subscriptionStatus: 'unpaid' }, status)).toBeNull();
    }
  });
  it('other statuses change nothing', () => {
    expect(paymentChange(paidUp, 'incomplete')).toBeNull();
  });
});

describe('endReason', () => {
  it('the provider giving up after failures, a cancellation running out, or anything else', () => {
    expect(endReason(failing, 'canceled')).toBe('payment_failed');
    expect(endReason(paidUp, 'unpaid')).toBe('payment_failed');
    expect(endReason({ ...paidUp, cancelAtPeriodEnd: true }, 'canceled')).toBe('cancelled');
    expect(endReason(paidUp, 'canceled')).toBe('ended');
  });
});
