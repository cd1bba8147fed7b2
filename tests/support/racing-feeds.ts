import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { londonDate } from '#shared/london-time';

/**
 * Local stand-ins for the racing-data feeds on 127.0.0.1, speaking their documented formats, for
 * the app to poll over real HTTP (BSP_BASE_URL, RACING_API_BASE_URL) as the Stripe tests do with
 * fake-stripe.ts. Each records every request so tests can assert what was asked and when.
 */

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** Betfair's file names: country, market and the London day the file was written (DDMMYYYY). */
const BSP_FILE_NAME = /^dwbfprices(?:uk|ire)(?:win|place)(\d{2})(\d{2})(\d{4})\.csv$/;

/**
 * Betfair's BSP file listing (promo.betfair.com/betfairsp/prices) as the site behaves: GET only
 * (405 otherwise); a file answers 200 text/csv once published, and 404 before (the HTML page of a
 * missing file), as does any name that is not a BSP file's. A file is written on the London day it
 * is named for (holding the races of the day before), so a file named for a day after `clock`'s
 * London day is never there yet, whatever `files` holds. `outage`: every request answers that status.
 */
export class BspFileServer {
  /** Files by name as Betfair publishes them, e.g. "dwbfpricesukwin26112026.csv" (the races of 25 Nov). */
  readonly files = new Map<string, string>();
  readonly requests: string[] = [];
  /** Set: every request answers this status. */
  outage: number | null = null;
  url = '';
  private readonly server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.split('/').pop() ?? '');
    this.requests.push(name);
    if (this.outage)
      return void res.writeHead(this.outage, { 'content-type': 'text/html' }).end('<html>Service unavailable</html>');
    if (req.method !== 'GET') return void res.writeHead(405, { allow: 'GET' }).end();
    const file = this.files.get(name);
    if (file === undefined || !this.published(name))
      return void res.writeHead(404, { 'content-type': 'text/html' }).end('<html>Not found</html>');
    res.writeHead(200, { 'content-type': 'text/csv' }).end(file);
  });

  private constructor(private readonly clock: () => Date) {}

  /** Whether a file of that name can be there by `clock`: a BSP file's name, of a day already begun in London. */
  private published(name: string) {
    const m = BSP_FILE_NAME.exec(name);
    if (!m) return false;
    return `${m[3]}-${m[2]}-${m[1]}` <= londonDate(this.clock());
  }

  static async start(clock: () => Date = () => new Date()) {
    const s = new BspFileServer(clock);
    s.url = `${await listen(s.server)}/betfairsp/prices`;
    return s;
  }
  close() {
    return close(this.server);
  }
}

interface RacingApiRequest {
  path: string;
  query: URLSearchParams;
  at: number;
  status: number;
}

/**
 * The Racing API: HTTP Basic credentials checked on every call (401 otherwise); at most
 * `perSecond` requests in any second, else 429 with Retry-After: 1; `/v1/racecards/standard` and
 * `/v1/results` answered from `racecards` and `results` (filtered by day, region and page as
 * documented). `outage` makes every call answer that status; `rateLimit(s)` makes every call
 * answer 429 with Retry-After: s for the next s seconds (as after a burst).
 */
export class RacingApiServer {
  readonly username = 'vbg-feed';
  readonly password = 'correct horse battery';
  /** RacecardOdds objects, as `/v1/racecards/standard?day=today` lists them. */
  racecards: Array<Record<string, unknown> & { region?: string }> = [];
  /** ResultStandard objects. */
  results: Array<Record<string, unknown> & { date: string; region?: string }> = [];
  readonly requests: RacingApiRequest[] = [];
  perSecond = 2;
  outage: number | null = null;
  private limitedUntil = 0;
  private retryAfter = 1;
  url = '';
  private readonly server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const at = Date.now();
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      this.requests.push({ path: url.pathname, query: url.searchParams, at, status });
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    const expected = `Basic ${Buffer.from(`${this.username}:${this.password}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return answer(401, { detail: 'Not authenticated' }, { 'www-authenticate': 'Basic' });
    if (at < this.limitedUntil)
      return answer(429, { detail: 'Too many requests' }, { 'retry-after': String(this.retryAfter) });
    const lastSecond = this.requests.filter((r) => r.status !== 429 && r.status !== 401 && at - r.at < 1000).length;
    if (lastSecond >= this.perSecond) return answer(429, { detail: 'Too many requests' }, { 'retry-after': '1' });
    if (this.outage) return answer(this.outage, { detail: 'Service unavailable' });
    const regions = (name: string) => url.searchParams.getAll(name).map((r) => r.toLowerCase());
    const inRegions = (region: unknown, wanted: string[]) =>
      wanted.length === 0 || wanted.includes(String(region ?? '').toLowerCase());
    if (url.pathname === '/v1/racecards/standard') {
      if ((url.searchParams.get('day') ?? 'today') !== 'today')
        return answer(200, { racecards: [], total: 0, limit: 500, skip: 0, query: [] });
      const cards = this.racecards.filter((c) => inRegions(c.region, regions('region_codes')));
      return answer(200, { racecards: cards, total: cards.length, limit: 500, skip: 0, query: [] });
    }
    if (url.pathname === '/v1/results') {
      const from = url.searchParams.get('start_date') ?? '';
      const to = url.searchParams.get('end_date') ?? '';
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const all = this.results.filter((r) => r.date >= from && r.date <= to && inRegions(r.region, regions('region')));
      return answer(200, { results: all.slice(skip, skip + limit), total: all.length, limit, skip, query: [] });
    }
    answer(404, { detail: 'Not Found' });
  });

  static async start() {
    const s = new RacingApiServer();
    s.url = await listen(s.server);
    return s;
  }
  /** Every call answers 429 with Retry-After: `seconds` for the next `seconds` seconds. */
  rateLimit(seconds: number) {
    this.retryAfter = seconds;
    this.limitedUntil = Date.now() + seconds * 1000;
  }
  /** Back to normal: no outage, no rate limit in force, requests forgotten. */
  reset() {
    this.outage = null;
    this.limitedUntil = 0;
    this.racecards = [];
    this.results = [];
    this.requests.length = 0;
  }
  close() {
    return close(this.server);
  }
}
