import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context';
import { cachedSessionUser, resolveSession } from '#server/sessions/sessions';
import { sessionToken } from '#server/http/access';

/**
 * Who asks for a page: a visitor (no session cookie), someone signed in, or a session cookie that
 * names no live session (made up, signed out, idle too long). The last is a visitor too: served the
 * page kept for every visitor, after the lookup every request's access check makes (the session
 * cache, else one batched read; a token too long to be ours costs nothing), so a made-up cookie
 * cannot make each request cost a render. Its cookie is then cleared.
 */
export type PageAsker = 'visitor' | 'signedIn' | 'endedSession';

export async function pageAsker(ctx: AppContext, request: FastifyRequest): Promise<PageAsker> {
  const token = sessionToken(request);
  if (!token) return 'visitor';
  if (cachedSessionUser(ctx, token)) return 'signedIn';
  try {
    return (await resolveSession(ctx, token)) ? 'signedIn' : 'endedSession';
  } catch (err) {
    // The page is rendered for the request, whose own reads then answer for themselves.
    request.log.error({ err }, 'the session of a page request could not be read');
    return 'signedIn';
  }
}
