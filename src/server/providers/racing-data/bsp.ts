import { bspBatch, bspFileName, parseBspFile, type BspCountry, type BspMarket, type BspRow } from '#shared/bsp-file';
import type { FeedBatch } from '#shared/racing-feeds';
import type { AppConfig } from '#server/env';
import { FeedFormatError, FeedNotReadyError, FeedUnavailableError } from './errors';
import { getFeed } from './http';
import type { RacingDataProvider } from './index';

/** A day's file is a few hundred kilobytes; refuse anything far beyond. */
export const MAX_BSP_FILE_BYTES = 5 * 1024 * 1024;

/**
 * Betfair's daily BSP files from BSP_BASE_URL (promo.betfair.com/betfairsp/prices), after racing:
 * the win and place file of each configured country for the day. A file not there yet (404) is
 * waited for; a malformed one refuses the whole poll.
 */
export function createBspProvider(config: AppConfig): RacingDataProvider {
  const base = config.BSP_BASE_URL.replace(/\/+$/, '');

  async function file(country: BspCountry, market: BspMarket, date: string, now: Date): Promise<BspRow[] | null> {
    const name = bspFileName(country, market, date);
    const res = await getFeed(`${base}/${name}`, { what: `Betfair (${name})`, maxBytes: MAX_BSP_FILE_BYTES, now });
    if (res.status === 404) return null;
    if (res.status !== 200) throw new FeedUnavailableError(`Betfair answered ${res.status} for ${name}.`);
    const { rows, problems } = parseBspFile(res.text);
    if (problems.length) throw new FeedFormatError(`${name} was refused, nothing was saved: ${problems.join(' ')}`);
    return rows;
  }

  return {
    id: 'bsp',
    label: 'Betfair BSP files',
    intervalMs: config.BSP_POLL_SECONDS * 1000,
    async poll(date: string, now: Date): Promise<FeedBatch> {
      const batch: FeedBatch = { prices: [], results: [], notes: [] };
      const waiting: string[] = [];
      for (const country of config.BSP_COUNTRIES as BspCountry[]) {
        const win = await file(country, 'win', date, now);
        if (!win) {
          waiting.push(bspFileName(country, 'win', date));
          continue;
        }
        const place = await file(country, 'place', date, now);
        if (!place) batch.notes.push(`${bspFileName(country, 'place', date)} is not published yet.`);
        const part = bspBatch(win, place);
        batch.prices.push(...part.prices);
        batch.results.push(...part.results);
        batch.notes.push(...part.notes);
      }
      if (waiting.length === config.BSP_COUNTRIES.length)
        throw new FeedNotReadyError(`Waiting for ${waiting.join(' and ')}: not published yet.`);
      for (const name of waiting) batch.notes.push(`${name} is not published yet.`);
      return batch;
    },
  };
}
