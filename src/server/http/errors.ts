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
