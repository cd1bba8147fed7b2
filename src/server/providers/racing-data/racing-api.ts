import { londonDate } from '#shared/london-time';
import type { FeedBatch, FeedPrice, FeedRace } from '#shared/racing-feeds';
import type { AppConfig } from '#server/env';
import { FeedFormatError, FeedUnavailableError } from './errors';
import { getFeed } from './http';
import { racecardPrices, readRacecards, readResults, resultRaces, validationDetail } from './racing-api-data';
import type { RacingDataProvider } from './index';

/** The Racing API allows 2 requests a second: one at a time, at least this far apart (half a second and a margin for timers). */
const REQUEST_SPACING_MS = 550;
/** Results come at most 50 to a page (the published `limit` is 1–50); a day of British and Irish racing is well under this many pages. */
const RESULTS_PAGE = 50;
const MAX_RESULT_PAGES = 10;
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;
const WHAT = 'The Racing API';

/**
 * The Racing API (theracingapi.com) over HTTP Basic auth: today's racecards with each runner's
 * bookmaker odds (`/v1/racecards/standard?day=today`) become prices, and the day's results
 * (`/v1/results?start_date=…&end_date=…`, paged 50 at a time) become results with their starting
 * prices. A results request that fails after the racecards were read does not lose the prices: the
 * batch carries them with the failure.
 */
export function createRacingApiProvider(config: AppConfig): RacingDataProvider {
  const base = config.RACING_API_BASE_URL.replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${config.RACING_API_USERNAME ?? ''}:${config.RACING_API_PASSWORD ?? ''}`).toString('base64')}`;
  let queue: Promise<unknown> = Promise.resolve();
  let lastRequestAt = 0;

  /** One request at a time, spaced for the rate limit; the answer's text when it is 200, null when 404. */
  function get(path: string, params: Array<[string, string]>, now: Date): Promise<string | null> {
    const run = async () => {
      const wait = lastRequestAt + REQUEST_SPACING_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastRequestAt = Date.now();
      const url = `${base}${path}?${new URLSearchParams(params).toString()}`;
      const res = await getFeed(url, {
        what: WHAT,
        headers: { authorization: auth, accept: 'application/json' },
        maxBytes: MAX_ANSWER_BYTES,
        now,
      });
      if (res.status === 404) return null;
      if (res.status === 401 || res.status === 403)
        throw new FeedUnavailableError(
          `${WHAT} refused the credentials (${res.status}): check RACING_API_USERNAME and RACING_API_PASSWORD, and the plan (racecards with odds need Standard).`,
        );
      if (res.status !== 200) {
        const detail = res.status === 422 ? validationDetail(res.text) : null;
        throw new FeedUnavailableError(`${WHAT} answered ${res.status} for ${path}${detail ? ` (${detail})` : ''}.`);
      }
      return res.text;
    };
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  }

  /** A London day's results, every page of them (skip/limit as the API documents). */
  async function dayResults(date: string, now: Date): Promise<FeedRace[]> {
    const results: FeedRace[] = [];
    for (let page = 0, total = Infinity; page < MAX_RESULT_PAGES && page * RESULTS_PAGE < total; page++) {
      const params: Array<[string, string]> = [
        ['start_date', date],
        ['end_date', date],
        ...config.RACING_API_REGIONS.map((r): [string, string] => ['region', r]),
        ['limit', String(RESULTS_PAGE)],
        ['skip', String(page * RESULTS_PAGE)],
      ];
      const body = await get('/v1/results', params, now);
      if (body === null) break;
      const read = readResults(body);
      if (typeof read === 'string') throw new FeedFormatError(read);
      total = read.total;
      results.push(...resultRaces(read).filter((r) => r.date === date));
      if ((read.results ?? []).length < RESULTS_PAGE) break;
    }
    return results;
  }

  return {
    id: 'racing-api',
    label: WHAT,
    intervalMs: config.RACING_API_POLL_SECONDS * 1000,
    async poll(date: string, now: Date): Promise<FeedBatch> {
      const regions = config.RACING_API_REGIONS;
      let prices: FeedPrice[] = [];
      // Racecards with odds are today's and tomorrow's; earlier days only have results.
      if (date === londonDate(now)) {
        const body = await get(
          '/v1/racecards/standard',
          [['day', 'today'], ...regions.map((r): [string, string] => ['region_codes', r])],
          now,
        );
        if (body !== null) {
          const page = readRacecards(body);
          if (typeof page === 'string') throw new FeedFormatError(page);
          prices = racecardPrices(page, now, config.RACING_API_BOOKMAKER).filter((p) => p.date === date);
        }
      }
      try {
        return { prices, results: await dayResults(date, now), notes: [] };
      } catch (err) {
        if (prices.length === 0 || !(err instanceof Error)) throw err;
        return { prices, results: [], notes: [], failure: err };
      }
    },
  };
}
