import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request id comes in on and goes back out on, on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a caller (a proxy, a load balancer, another service) may name its request: 1–128 of
 * letters, digits and `._:-` — enough for a UUID, a trace id or nginx's `$request_id`, and
 * nothing that could break a log line or a header. Anything else is replaced, never trimmed.
 */
const CALLER_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's id when it is acceptable, else a new random UUID (unique across instances). */
function requestIdFor(header: string | string[] | undefined): string {
  return typeof header === 'string' && CALLER_ID.test(header) ? header : randomUUID();
}

/** Fastify's genReqId: called for every request (requestIdHeader is off, so nothing bypasses the check). */
export const generateRequestId = (req: IncomingMessage): string => requestIdFor(req.headers[REQUEST_ID_HEADER]);
