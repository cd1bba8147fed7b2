import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer rules) on every response,
 * with the middleware built once at start. @fastify/helmet rebuilds helmet() — re-parsing the CSP —
 * on every request, which was ~6% of the server's CPU on a cached read (docs/performance.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
