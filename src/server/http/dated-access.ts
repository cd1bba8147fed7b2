import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPastLondonDay } from '#shared/dated-content';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { checkAccess, hasMemberAccess } from './access';

/** Members-only answers are never kept by a shared cache. */
export const MEMBERS_ONLY_CACHE = 'private, no-store';

/**
 * DESIGN decision 10 (docs/decisions/0017-past-only-dated-content.md): a route that serves one
 * day's paid content is declared 'public', because who may read it depends on the day. A past
 * London day is for anyone (answers false); today or a later day needs member access (true),
 * else 401 signed out / 403 signed in without it, with the access check's own messages.
 *
 * request.user is reliable here: the access hook of a 'public' route resolves the session
 * (from the session cache or the database) whenever a cookie is sent (access.ts checkAccessFor).
 */
export async function requireDayAccess(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, day: string): Promise<boolean> {
  if (isPastLondonDay(day, ctx.clock.now())) return false;
  // Set before the check, so a refusal is not stored by a shared cache either.
  reply.header('Cache-Control', MEMBERS_ONLY_CACHE);
  await checkAccess(ctx, 'member', request.user);
  return true;
}

/** For lists of dated content: may this caller see entries of today and later days? */
export async function seesCurrentDays(ctx: AppContext, user: UserRow | null): Promise<boolean> {
  // hasMemberAccess alone would let a visitor in when "open access" is on; that setting is for accounts.
  return user !== null && (await hasMemberAccess(ctx, user));
}
