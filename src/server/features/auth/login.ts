import { LOGIN_FAILED_MESSAGE } from '#shared/form-errors';
import type { AppContext } from '#server/context';
import { HttpError } from '#server/http/errors';
import { dummyPasswordHash, verifyPassword } from './passwords';
import {
  ACCOUNT_LIMIT,
  IP_LIMIT,
  THROTTLED_MESSAGE,
  clearFailures,
  failAttempt,
  giveBackAttempt,
  takeAttempt,
} from './throttle';
import { findUserByEmail } from './users';

/**
 * Checks a password sign-in. The same message answers an unknown e-mail and a wrong password
 * (and the same hashing work is done), so the answer never tells whether an account exists.
 * The attempt is counted before the password is checked (throttle.ts), so parallel guesses
 * cannot all slip in under the limit.
 */
export async function authenticate(ctx: AppContext, email: string, password: string, ip: string) {
  const accountKey = `acct:${email}`;
  const ipKey = `ip:${ip}`;
  if (!(await takeAttempt(ctx, accountKey, ACCOUNT_LIMIT))) throw new HttpError(429, THROTTLED_MESSAGE);
  if (!(await takeAttempt(ctx, ipKey, IP_LIMIT))) {
    await giveBackAttempt(ctx, accountKey);
    throw new HttpError(429, THROTTLED_MESSAGE);
  }
  const user = await findUserByEmail(ctx, email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : (await verifyPassword(await dummyPasswordHash(), password), false);
  if (!user || !ok) {
    await failAttempt(ctx, accountKey, ACCOUNT_LIMIT);
    await failAttempt(ctx, ipKey, IP_LIMIT);
    throw new HttpError(401, LOGIN_FAILED_MESSAGE);
  }
  await clearFailures(ctx, accountKey);
  await giveBackAttempt(ctx, ipKey);
  return user;
}
