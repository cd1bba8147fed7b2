import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context';

/** The site's public origin: PUBLIC_URL when configured, else the address the request came to. */
export function siteOrigin(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.config.PUBLIC_URL) return new URL(ctx.config.PUBLIC_URL).origin;
  const host = request.headers.host ?? 'localhost';
  // Only a plausible host name goes into links we hand out.
  const safeHost = /^[a-z0-9.-]+(:\d+)?$/i.test(host) ? host : 'localhost';
  return `${request.protocol}://${safeHost}`;
}

/** Escapes text for an XML or HTML attribute or element. */
export function escapeMarkup(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
