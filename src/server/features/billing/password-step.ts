import type { checkoutSessions } from '#server/db/schema';
import type { UserRow } from '#server/db/schema';

/** The post-payment password step stays open this long after the payment (decision 0018). */
const PASSWORD_STEP_HOURS = 24;

export const PASSWORD_ALREADY_SET = 'A password has already been set for this payment. Please sign in instead.';
export const ACCOUNT_HAS_PASSWORD =
  'This email address already has an account with a password. Please sign in: the subscription is on that account.';
export const NO_PASSWORD_STEP =
  'This payment was made for an existing account, so there is no password to set here. Please sign in: the subscription is on that account.';
export const PASSWORD_STEP_EXPIRED =
  'The password step of this payment has expired. Please use "Forgot password?" on the sign-in page to set your password.';

type CheckoutRow = typeof checkoutSessions.$inferSelect;

/**
 * Why the password step of a paid checkout is closed, or null while it is open: only for an
 * account that this checkout created, that still has no password, once, within 24 hours of paying.
 * Holding the session id gives nothing else: it never signs in to, or changes, an account that
 * already has a password (DESIGN decision 11).
 */
export function passwordStepClosed(
  checkout: CheckoutRow,
  account: Pick<UserRow, 'passwordHash'> | null,
  now: Date,
): string | null {
  if (!checkout.createdAccount || !account) return NO_PASSWORD_STEP;
  if (checkout.passwordSetAt) return PASSWORD_ALREADY_SET;
  if (account.passwordHash) return ACCOUNT_HAS_PASSWORD;
  const paidAt = checkout.completedAt ?? checkout.createdAt;
  if (now.getTime() - paidAt.getTime() >= PASSWORD_STEP_HOURS * 3600_000) return PASSWORD_STEP_EXPIRED;
  return null;
}
