import { CHECKOUT_LIMITED_MESSAGE, REGISTER_LIMITED_MESSAGE } from '#shared/form-errors';
import type { AppContext } from '#server/context';
import { HttpError } from '#server/http/errors';
import { takeAttempt } from './throttle';

/**
 * Requests that answer differently for an address that has an account (registration: 409;
 * checkout: "already subscribed") are limited per client address and per e-mail address, in the
 * database so every instance shares the counts (the login_throttle table, its own key prefixes).
 * Every well-formed request counts, in a fixed 15-minute window from the first one (decision 0019).
 */
export const RATE_LIMITS = {
  register: { perAddress: 20, perEmail: 5 },
  checkout: { perAddress: 20, perEmail: 5 },
} as const;

export { CHECKOUT_LIMITED_MESSAGE, REGISTER_LIMITED_MESSAGE };

const PREFIXES = { register: 'reg', checkout: 'co' } as const;
const MESSAGES = { register: REGISTER_LIMITED_MESSAGE, checkout: CHECKOUT_LIMITED_MESSAGE } as const;

/** Counts one request, or answers 429 when the client address or the e-mail address has had its share. */
export async function limitRequest(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  what: keyof typeof RATE_LIMITS,
  ip: string,
  email: string,
) {
  const prefix = PREFIXES[what];
  const limits = RATE_LIMITS[what];
  if (!(await takeAttempt(ctx, `${prefix}-ip:${ip}`, limits.perAddress))) throw new HttpError(429, MESSAGES[what]);
  if (!(await takeAttempt(ctx, `${prefix}-acct:${email.trim().toLowerCase()}`, limits.perEmail)))
    throw new HttpError(429, MESSAGES[what]);
}
