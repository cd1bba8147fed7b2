import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every response, computed once at start (none depends on the request).
 *
 * - Pages, the shell and files get helmet's full set for documents: the CSP, COOP, HSTS,
 *   nosniff, frame and referrer rules.
 * - /api/ answers are data, never documents, so a document's policy means nothing there and
 *   only costs bytes on every read (docs/performance.md "Load"). They get the set OWASP's REST
 *   Security Cheat Sheet recommends: a CSP that allows nothing at all (`default-src 'none'`,
 *   stricter than the pages' own, should a browser ever render one), nosniff, no framing,
 *   no referrer, same-origin resource policy, and HSTS on an https site.
 *
 * @fastify/helmet rebuilt helmet() — re-parsing the CSP — on every request (~6% of the server's
 * CPU on a cached read); calling a once-built helmet per request still set each header one by one.
 */
export function securityHeaders(options: HelmetOptions): (url: string, reply: FastifyReply) => void {
  const documentHeaders = headersSetBy(helmet(options));
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
  };
  const hsts = documentHeaders['strict-transport-security'];
  if (hsts) apiHeaders['strict-transport-security'] = hsts;
  // Called from the one global onRequest hook (app.ts), for every request, 404s included.
  return (url, reply) => void reply.headers(url.startsWith('/api/') ? apiHeaders : documentHeaders);
}

/** The headers a helmet middleware sets, read once by running it on a request and response never sent. */
function headersSetBy(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  let finished = false;
  middleware(request, response, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('the security headers could not be set', { cause: err });
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders()))
    if (value !== undefined) headers[name] = String(value);
  return headers;
}
