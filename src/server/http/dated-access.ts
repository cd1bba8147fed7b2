import { isPastLondonDay } from '#shared/dated-content';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { checkAccess, hasMemberAccess } from './access';

/**
 * Members-only answers are never kept by a shared cache. The member's own browser may keep them,
 * asking again before each use: its offline app (decision 0043) keeps them for reading with no
 * network, and never keeps an answer marked no-store (a download, a payment's details).
 */
export const MEMBERS_ONLY_CACHE = 'private, no-cache';

/**
 * DESIGN decision 10 (docs/decisions/0017-past-only-dated-content.md): a route that serves one
 * day's paid content is declared 'public', because who may read it depends on the day. A past
 * London day is for anyone (answers false); today or a later day needs member access (true),
 * else 401 signed out / 403 signed in without it, with the access check's own messages.
 *
 * `asker.user` is reliable here: the access rule of a 'public' route resolves the session (from
 * the session cache or the database) whenever a cookie is sent (access.ts `admit`). `header`
 * sets a header of the HTTP answer (read-routes.ts `ReadRequest`).
 */
export async function requireDayAccess(
  ctx: AppContext,
  asker: { user: UserRow | null; header(name: string, value: string): void },
  day: string,
): Promise<boolean> {
  if (isPastLondonDay(day, ctx.clock.now())) return false;
  // Set before the check, so a refusal is not stored by a shared cache either.
  asker.header('Cache-Control', MEMBERS_ONLY_CACHE);
  await checkAccess(ctx, 'member', asker.user);
  return true;
}

/** For lists of dated content: may this caller see entries of today and later days? */
export async function seesCurrentDays(ctx: AppContext, user: UserRow | null): Promise<boolean> {
  // hasMemberAccess alone would let a visitor in when "open access" is on; that setting is for accounts.
  return user !== null && (await hasMemberAccess(ctx, user));
}
