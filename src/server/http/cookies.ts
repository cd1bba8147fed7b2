import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookie, stringifySetCookie, type SerializeOptions } from 'cookie';

/**
 * Cookies with `cookie`, the parser @fastify/cookie itself wraps, used directly: the one cookie
 * we read is parsed only by the requests that need it. The plugin parsed every request (static
 * files included) and ran an onSend hook on every answer, which a cached read paid for
 * (decision 0016).
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header ? parseCookie(header)[name] : undefined;
}

/** Adds a Set-Cookie header (Fastify keeps several as separate headers). */
export function setCookie(reply: FastifyReply, name: string, value: string, options: SerializeOptions) {
  reply.header('set-cookie', stringifySetCookie({ name, value, ...options }));
}

/** Tells the browser to drop the cookie now. */
export function clearCookie(reply: FastifyReply, name: string, options: SerializeOptions) {
  setCookie(reply, name, '', { ...options, expires: new Date(0), maxAge: 0 });
}
