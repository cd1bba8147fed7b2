import type { FastifyReply } from 'fastify';
import type { CacheNamespace, SharedCache } from '../cache/shared-cache';

/** Sends an already-serialised JSON body (cached bytes are not stringified again per request). */
export function sendJson(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * Sends a JSON body from the shared cache: on a hit at once, without a promise (decision 0024:
 * the hot reads' handlers are not async functions), else once `load` has filled it. Return what
 * it returns from a (non-async) handler.
 */
export function sendCachedJson(reply: FastifyReply, cache: SharedCache, ns: CacheNamespace, key: string, load: () => Promise<string>): Promise<FastifyReply> | undefined {
  const hit = cache.peek<string>(ns, key);
  if (hit === undefined) return cache.get(ns, key, load).then((body) => sendJson(reply, body));
  sendJson(reply, hit);
  return undefined;
}
