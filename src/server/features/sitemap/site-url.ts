import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '#server/env';
import type { AppContext } from '#server/context';

/**
 * The site's public origin for the sitemap and robots.txt, which must give absolute addresses:
 * PUBLIC_URL when configured, else the address the request came to. The latter is the request's
 * own Host, so such an answer is never stored for anyone else (`sharedCacheControl`).
 */
export function siteOrigin(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.config.PUBLIC_URL) return new URL(ctx.config.PUBLIC_URL).origin;
  const host = request.headers.host ?? 'localhost';
  // Only a plausible host name goes into links we hand out.
  const safeHost = /^[a-z0-9.-]+(:\d+)?$/i.test(host) ? host : 'localhost';
  return `${request.protocol}://${safeHost}`;
}

/** Cache-Control for an answer built with `siteOrigin`: shared caches may keep it only when the origin is configured. */
export function sharedCacheControl(config: AppConfig, maxAgeSeconds: number): string {
  return config.PUBLIC_URL ? `public, max-age=${maxAgeSeconds}` : 'no-store';
}

/**
 * A page's own address in what is kept and shown to every visitor (the canonical link, og:url):
 * absolute from PUBLIC_URL, else root-relative. Never from the request's Host header: a forged
 * Host would otherwise reach the cached page of everyone after (decision 0035).
 */
export function publicPageUrl(config: AppConfig, path: string): string {
  return config.PUBLIC_URL ? `${new URL(config.PUBLIC_URL).origin}${path}` : path;
}

/** Escapes text for an XML or HTML attribute or element. */
export function escapeMarkup(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
