import type { FeedProblem, FeedProvider } from '../racing-feeds';

/** What a feed last did: idle (nothing to do, or waiting for a file), ok, failing, or rate-limited (backing off). */
export const FEED_STATES = ['idle', 'ok', 'failing', 'rate-limited'] as const;
export type FeedState = (typeof FEED_STATES)[number];

/** One feed on the admin's Feeds panel (GET /api/admin/feeds). */
export interface FeedStatusView {
  provider: FeedProvider;
  label: string;
  /** Polled by this deployment (RACING_DATA_PROVIDERS); BSP files may be uploaded either way. */
  configured: boolean;
  state: FeedState;
  message: string;
  failures: number;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  nextAttemptAt: string | null;
  /** What the last run could not match to the cards, never guessed. */
  unmatched: FeedProblem[];
}

export interface FeedsAnswer {
  feeds: FeedStatusView[];
  /** Whether the instance that answered is the one polling (it holds the poller's lock). */
  thisInstancePolls: boolean;
}

/** POST /api/admin/feeds/{provider}/run: ran here and then, or handed to the polling instance. */
export interface FeedRunAnswer {
  success: boolean;
  message: string;
  feed: FeedStatusView;
}

/** POST /api/admin/feeds/bsp: an admin upload's answer (spec: success, message, popupMessage). */
export interface BspUploadAnswer {
  success: true;
  message: string;
  popupMessage: string;
  prices: number;
  results: number;
  unmatched: FeedProblem[];
}
