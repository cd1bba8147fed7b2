import { describe, expect, it } from 'vitest';
import type { checkoutSessions } from '#server/db/schema';
import {
  ACCOUNT_HAS_PASSWORD,
  NO_PASSWORD_STEP,
  PASSWORD_ALREADY_SET,
  PASSWORD_STEP_EXPIRED,
  passwordStepClosed,
} from './password-step';

const paidAt = new Date('2026-03-01T10:00:00Z');
const checkout: typeof checkoutSessions.$inferSelect = {
  id: 'cs_1',
  provider: 'stripe',
  email: 'a@example.com',
  status: 'complete',
  amountPence: 1600,
  discountCode: null,
  displayText: null,
  stripeSubscriptionId: 'sub_1',
  passwordSetAt: null,
  startedByUserId: null,
  createdAccount: true,
  duplicateOfSubscriptionId: null,
  plan: 'monthly',
  ageConfirmedAt: null,
  termsAcceptedAt: null,
  startNowAcknowledgedAt: null,
  createdAt: new Date(paidAt.getTime() - 60_000),
  completedAt: paidAt,
};
const noPassword = { passwordHash: null };
const at = (ms: number) => new Date(paidAt.getTime() + ms);

describe('passwordStepClosed (decision 0018)', () => {
  it('is open for the account the checkout created, without a password, until 24 hours after payment', () => {
    expect(passwordStepClosed(checkout, noPassword, at(0))).toBeNull();
    expect(passwordStepClosed(checkout, noPassword, at(24 * 3600_000 - 1))).toBeNull();
    expect(passwordStepClosed(checkout, noPassword, at(24 * 3600_000))).toBe(PASSWORD_STEP_EXPIRED);
  });

  it('is closed for an existing account, a used step, an account with a password, or no account', () => {
    expect(passwordStepClosed({ ...checkout, createdAccount: false }, noPassword, at(0))).toBe(NO_PASSWORD_STEP);
    expect(passwordStepClosed({ ...checkout, passwordSetAt: at(1) }, noPassword, at(2))).toBe(PASSWORD_ALREADY_SET);
    expect(passwordStepClosed(checkout, { passwordHash: 'hash' }, at(0))).toBe(ACCOUNT_HAS_PASSWORD);
    expect(passwordStepClosed(checkout, null, at(0))).toBe(NO_PASSWORD_STEP);
  });
});
