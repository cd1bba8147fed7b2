/**
 * How long a client may take, chosen rather than inherited (docs/decisions/0021). Fastify turns Node's
 * request timeout off by default, so a body trickling in one byte every 20 s held its connection
 * (and a parser's memory) for ever. The README's proxy advice repeats these figures.
 */
export interface HttpTimeouts {
  /** All request headers must arrive within this (Node's headersTimeout). */
  headersMs: number;
  /** The whole request, headers and body, within this, else 408 and the connection closes (an upload of 10 MB at 2 Mbit/s takes 40 s). */
  requestMs: number;
  /** An idle keep-alive connection is closed after this; above the 60 s idle timeout of common load balancers, so the balancer closes first. */
  keepAliveMs: number;
  /** A socket with no bytes either way (a client that stopped reading) is destroyed after this; event streams send a heartbeat every 25 s. */
  idleSocketMs: number;
  /** How often Node looks for requests past their time: the 408 comes at most this late. */
  checkEveryMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 15_000,
  requestMs: 60_000,
  keepAliveMs: 72_000,
  idleSocketMs: 120_000,
  checkEveryMs: 5_000,
};

/** Fastify's constructor options for these timeouts. */
export function timeoutOptions(t: HttpTimeouts) {
  return {
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    connectionTimeout: t.idleSocketMs,
    http: { headersTimeout: t.headersMs, connectionsCheckingInterval: t.checkEveryMs },
  };
}
