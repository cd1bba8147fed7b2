import type { FastifyReply } from 'fastify';
import type { CacheNamespace, SharedCache } from '../cache/shared-cache';

/** The content type of every JSON answer (Fastify's own for an object). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Sends an already-serialised JSON body (cached bytes are not stringified again per request). */
export function sendJson(reply: FastifyReply, body: string) {
  return reply.type(JSON_CONTENT_TYPE).send(body);
}

/** JSON already serialised (a cached answer): sent as it is, never stringified again. */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * JSON text from the shared cache, for a read route (read-routes.ts): on a hit at once, without a
 * promise (decision 0024), else once `load` has filled it.
 */
export function cachedJsonText(
  cache: SharedCache,
  ns: CacheNamespace,
  key: string,
  load: () => Promise<string>,
): JsonText | Promise<JsonText> {
  const hit = cache.peek<string>(ns, key);
  return hit === undefined ? cache.get(ns, key, load).then((text) => new JsonText(text)) : new JsonText(hit);
}
