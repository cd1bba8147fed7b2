import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { ACCOUNT_LIMIT, IP_LIMIT, THROTTLED_MESSAGE, clearFailures, isThrottled, recordFailure } from './throttle';
import { findUserByEmail } from './users';

export const LOGIN_FAILED_MESSAGE = 'Invalid email or password';

/**
 * Checks a password sign-in. The same message answers an unknown e-mail and a wrong password
 * (and the same hashing work is done), so the answer never tells whether an account exists.
 */
export async function authenticate(ctx: AppContext, email: string, password: string, ip: string) {
  const accountKey = `acct:${email}`;
  const ipKey = `ip:${ip}`;
  if (await isThrottled(ctx, [accountKey, ipKey])) throw new HttpError(429, THROTTLED_MESSAGE);
  const user = await findUserByEmail(ctx, email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : (await verifyPassword(await dummyPasswordHash(), password), false);
  if (!user || !ok) {
    await recordFailure(ctx, accountKey, ACCOUNT_LIMIT);
    await recordFailure(ctx, ipKey, IP_LIMIT);
    throw new HttpError(401, LOGIN_FAILED_MESSAGE);
  }
  await clearFailures(ctx, accountKey);
  return user;
}
