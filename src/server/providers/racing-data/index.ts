import type { FeedBatch, FeedProvider } from '#shared/racing-feeds';
import type { AppConfig } from '#server/env';
import { createBspProvider } from './bsp';
import { createRacingApiProvider } from './racing-api';

/**
 * Racing data (prices and results) from feeds, behind one interface as payments are: selected by
 * RACING_DATA_PROVIDERS. `manual` — the analyst's workbook, pasted prices and results — is the
 * default and needs nothing here; `bsp` (Betfair's daily BSP files) and `racing-api` (The Racing
 * API) are polled. Each yields source-neutral prices and results (src/shared/racing-feeds.ts);
 * matching them to the cards and writing them is the feeds feature's, the same for every source.
 */
export interface RacingDataProvider {
  readonly id: FeedProvider;
  /** For the admin and messages: "Betfair BSP files", "The Racing API". */
  readonly label: string;
  /** How often it is polled while it has something to do. */
  readonly intervalMs: number;
  /** What the feed has for a London day. Throws the errors of ./errors. */
  poll(date: string, now: Date): Promise<FeedBatch>;
}

/** The configured feeds, in the order RACING_DATA_PROVIDERS lists them (none with `manual` alone). */
export function createRacingDataProviders(config: AppConfig): RacingDataProvider[] {
  return config.RACING_DATA_PROVIDERS.flatMap((name) => {
    if (name === 'bsp') return [createBspProvider(config)];
    if (name === 'racing-api') return [createRacingApiProvider(config)];
    return [];
  });
}

export { FeedFormatError, FeedNotReadyError, FeedRateLimitedError, FeedUnavailableError } from './errors';
export { MAX_BSP_FILE_BYTES } from './bsp';
