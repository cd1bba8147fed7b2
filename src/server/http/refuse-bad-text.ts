import type { FastifyInstance } from 'fastify';
import { hasUnstorableText } from '#shared/text-safety';
import { badRequest } from './errors';

export const BAD_CHARACTER_IN_ADDRESS = 'The address contains a character that is not allowed (NUL).';
export const BAD_CHARACTER_IN_BODY =
  'The request contains a character that is not allowed (NUL or a broken Unicode character).';

/**
 * Refuses, with 400 and a clear message, requests whose address or JSON body carries text no
 * database column can hold (src/shared/text-safety.ts): a NUL in any path segment or query value,
 * and a NUL or lone surrogate in any JSON string. Multipart text fields are checked where they are
 * read (upload-form.ts). Without this, such a value reached PostgreSQL and answered 500.
 * The address is checked by `refusedAddress`, from the one global onRequest hook (app.ts); the
 * body here, in the JSON parser.
 */
export function registerBadTextRefusal(app: FastifyInstance) {
  // Fastify's own JSON parser (prototype poisoning refused as before), then the text check.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parseJson(request, body, (err, value) => {
      if (err) return done(err, undefined);
      if (hasUnstorableText(value)) return done(badRequest(BAD_CHARACTER_IN_BODY), undefined);
      done(null, value);
    });
  });
}

/** The 400 for an address carrying a NUL, or undefined. A NUL can reach a decoded path or query only as %00 (Node's parser refuses a raw one). */
export function refusedAddress(url: string): Error | undefined {
  return url.includes('%00') ? badRequest(BAD_CHARACTER_IN_ADDRESS) : undefined;
}
