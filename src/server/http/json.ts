import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { CacheNamespace, SharedCache } from '../cache/shared-cache';

/** The content type of every JSON answer (Fastify's own for an object). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * JSON already serialised (a cached answer): sent as it is, never stringified again. Kept in the
 * shared cache as this object, so its UTF-8 bytes and its digest are worked out once for every
 * request that sends or compares it, not once per request.
 */
export class JsonText {
  private encoded: Buffer | undefined;
  private hashed: string | undefined;
  constructor(readonly text: string) {}

  /** The text as UTF-8, what goes on the wire. */
  get bytes(): Buffer {
    return (this.encoded ??= Buffer.from(this.text));
  }

  /** SHA-256 of the text (base64url): what a members' page is keyed by (pages/member-pages.ts). */
  get digest(): string {
    return (this.hashed ??= textDigest(this.text));
  }
}

export const textDigest = (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

/** Sends serialised JSON: its bytes, encoded once. */
export function sendJson(reply: FastifyReply, body: JsonText) {
  return reply.type(JSON_CONTENT_TYPE).send(body.bytes);
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
  return cache.peek<JsonText>(ns, key) ?? cache.get(ns, key, async () => new JsonText(await load()));
}
