import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context';
import { clearCookie } from '#server/http/cookies';
import { SESSION_COOKIE } from './sessions';

/** The session cookie's attributes; ending a session clears it with the same ones. */
export function sessionCookieFlags(ctx: Pick<AppContext, 'config'>, request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    // https by configuration, or as the request arrived (TLS here, or X-Forwarded-Proto from a trusted proxy).
    secure: ctx.config.secureCookies || request.protocol === 'https',
  };
}

/** Tells the browser to drop the session cookie. */
export function clearSessionCookie(ctx: Pick<AppContext, 'config'>, request: FastifyRequest, reply: FastifyReply) {
  clearCookie(reply, SESSION_COOKIE, sessionCookieFlags(ctx, request));
}
