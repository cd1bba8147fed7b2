/**
 * How a feed can fail. Whatever the failure, nothing of that poll is written and the site keeps
 * the prices and results it has; the poller backs off and says so in feed_status.
 */

/** The feed could not be read: unreachable, refused (credentials), or an error answer. */
export class FeedUnavailableError extends Error {}

/** The feed asked us to slow down (HTTP 429); `retryAfterMs` is its Retry-After, when it gave one. */
export class FeedRateLimitedError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

/** There is nothing to read yet (the day's BSP files are not published): not a failure. */
export class FeedNotReadyError extends Error {}

/** The feed answered something that is not its documented format. */
export class FeedFormatError extends Error {}
