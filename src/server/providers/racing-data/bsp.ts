import { bspBatch, bspFileName, parseBspFile, type BspCountry, type BspMarket, type BspRow } from '#shared/bsp-file';
import { addDays } from '#shared/london-time';
import type { FeedBatch } from '#shared/racing-feeds';
import type { AppConfig } from '#server/env';
import { FeedFormatError, FeedNotReadyError, FeedUnavailableError } from './errors';
import { getFeed } from './http';
import type { RacingDataProvider } from './index';

/** A day's file is a few hundred kilobytes; refuse anything far beyond. */
export const MAX_BSP_FILE_BYTES = 5 * 1024 * 1024;

/**
 * Betfair's daily BSP files from BSP_BASE_URL (promo.betfair.com/betfairsp/prices), after racing:
 * the win and place file of each configured country. A file is named by the day it was written
 * and holds the races of the day before, so a day's rows are looked for in the file named for the
 * next day first, then in the file named for the day itself; only the rows whose EVENT_DT is that
 * day are kept. A file not there yet (404), or without the day's races, is waited for; a
 * malformed one refuses the whole poll.
 */
export function createBspProvider(config: AppConfig): RacingDataProvider {
  const base = config.BSP_BASE_URL.replace(/\/+$/, '');

  async function file(name: string, now: Date): Promise<BspRow[] | null> {
    const res = await getFeed(`${base}/${name}`, { what: `Betfair (${name})`, maxBytes: MAX_BSP_FILE_BYTES, now });
    if (res.status === 404) return null;
    if (res.status !== 200) throw new FeedUnavailableError(`Betfair answered ${res.status} for ${name}.`);
    const { rows, problems } = parseBspFile(res.text);
    if (problems.length) throw new FeedFormatError(`${name} was refused, nothing was saved: ${problems.join(' ')}`);
    return rows;
  }

  /** The day's rows of one market: from the file named for the next day, else the day's own; null when neither has them. */
  async function rowsOfDay(country: BspCountry, market: BspMarket, date: string, now: Date) {
    for (const named of [addDays(date, 1), date]) {
      const rows = (await file(bspFileName(country, market, named), now))?.filter((r) => r.date === date);
      if (rows?.length) return rows;
    }
    return null;
  }

  return {
    id: 'bsp',
    label: 'Betfair BSP files',
    intervalMs: config.BSP_POLL_SECONDS * 1000,
    async poll(date: string, now: Date): Promise<FeedBatch> {
      const batch: FeedBatch = { prices: [], results: [], notes: [] };
      const waiting: string[] = [];
      const names = (country: BspCountry, market: BspMarket) =>
        `${bspFileName(country, market, addDays(date, 1))} or ${bspFileName(country, market, date)}`;
      for (const country of config.BSP_COUNTRIES as BspCountry[]) {
        const win = await rowsOfDay(country, 'win', date, now);
        if (!win) {
          waiting.push(names(country, 'win'));
          continue;
        }
        const place = await rowsOfDay(country, 'place', date, now);
        if (!place) batch.notes.push(`The place market of ${date} is not published yet (${names(country, 'place')}).`);
        const part = bspBatch(win, place);
        batch.prices.push(...part.prices);
        batch.results.push(...part.results);
        batch.notes.push(...part.notes);
      }
      if (waiting.length === config.BSP_COUNTRIES.length)
        throw new FeedNotReadyError(`Waiting for the BSPs of ${date} (${waiting.join('; ')}): not published yet.`);
      for (const name of waiting) batch.notes.push(`The BSPs of ${date} are not published yet (${name}).`);
      return batch;
    },
  };
}
