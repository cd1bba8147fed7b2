import { fieldOf } from '#shared/unknown-values';

/** A failure the client should see as `{ message }` (plus any `details`) with this status. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * 409 for a request that is allowed only once the user confirms what the message says: the answer
 * names the body field that confirms it (`{ message, confirm: 'confirmCorrection' }`), and the same
 * request sent again with that field true goes through. Nothing is written before that.
 */
export const needsConfirmation = (message: string, field: string) => new HttpError(409, message, { confirm: field });

/**
 * What a failure answers: its status and the JSON body. The app's error handler sends it, and the
 * server render's direct reads (read-routes.ts) hand the same to the page; a 5xx is also logged
 * by both ("request failed").
 */
export function errorAnswer(error: Error): { status: number; body: Record<string, unknown> } {
  // Fastify's errors and HttpError carry the status; any other error is the server's failure.
  const statusCode = fieldOf(error, 'statusCode');
  const status = typeof statusCode === 'number' ? statusCode : 500;
  if (status >= 500) {
    // An HttpError's message was written for the person (e.g. "the provider could not be reached, nothing was refunded"); anything else stays generic.
    return {
      status,
      body: { message: error instanceof HttpError ? error.message : 'Something went wrong. Please try again.' },
    };
  }
  let message = error.message;
  if ('code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = 'The request is too large.';
  else if ('code' in error && error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = 'Unsupported content type.';
  else if (
    error instanceof SyntaxError ||
    ('code' in error && /^FST_ERR_CTP_(INVALID_JSON|EMPTY_JSON)/.test(String(error.code)))
  ) {
    message = 'The request body is not valid JSON.';
  }
  return { status, body: error instanceof HttpError && error.details ? { message, ...error.details } : { message } };
}
