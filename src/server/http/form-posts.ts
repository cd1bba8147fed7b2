import type { FastifyInstance } from 'fastify';

/**
 * Lets the routes of one plugin scope take an HTML form's post (url-encoded), read as an object of
 * strings (the last of a repeated field wins). The rest of the app accepts JSON only.
 */
export function acceptFormPosts(scope: FastifyInstance, bodyLimit: number) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

/** A posted form's fields (an empty object for a body that is not a form). */
export function formFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
