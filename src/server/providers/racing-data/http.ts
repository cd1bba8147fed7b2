import { codeOf, fieldOf } from '#shared/unknown-values';
import { FeedRateLimitedError, FeedUnavailableError } from './errors';

/** A feed that has not answered within this is treated as down for this poll. */
const FEED_TIMEOUT_MS = 20_000;

export interface FeedResponse {
  status: number;
  text: string;
}

/**
 * GETs a feed's URL: the answer's status and text, at most `maxBytes` of it. Not reachable, too
 * slow or too large: FeedUnavailableError; 429: FeedRateLimitedError with its Retry-After. Any
 * other status is the caller's to read.
 */
export async function getFeed(
  url: string,
  opts: { what: string; headers?: Record<string, string>; maxBytes: number; now: Date },
): Promise<FeedResponse> {
  let res: Response;
  try {
    res = await fetch(url, { headers: opts.headers, redirect: 'follow', signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
  } catch (err) {
    const cause =
      err instanceof Error && err.name === 'TimeoutError'
        ? `no answer within ${FEED_TIMEOUT_MS / 1000} s`
        : `${codeOf(fieldOf(err, 'cause')) ?? 'network error'}`;
    throw new FeedUnavailableError(`${opts.what} could not be reached (${cause}).`);
  }
  if (res.status === 429) {
    await res.body?.cancel();
    const wait = retryAfterMs(res.headers.get('retry-after'), opts.now);
    throw new FeedRateLimitedError(
      `${opts.what} answered 429 (too many requests)${wait !== null ? `; it asked us to wait ${Math.ceil(wait / 1000)} s` : ''}.`,
      wait,
    );
  }
  const declared = Number(res.headers.get('content-length'));
  if (declared > opts.maxBytes) {
    await res.body?.cancel();
    throw new FeedUnavailableError(`${opts.what} answered ${declared} bytes, more than the ${opts.maxBytes} expected.`);
  }
  const text = await res.text();
  if (text.length > opts.maxBytes)
    throw new FeedUnavailableError(`${opts.what} answered more than the ${opts.maxBytes} bytes expected.`);
  return { status: res.status, text };
}

/** Retry-After in milliseconds from `now`: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
