import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { londonDate } from '#shared/london-time';
import { realOpenApi } from '../fixtures/real/racing-api';

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

type ValidationError = { loc: string[]; msg: string; type: string; ctx?: Record<string, number> };

/**
 * A request's query checked against the published OpenAPI's parameters for its operation, with
 * the API's own (pydantic) messages: a missing required parameter, a number that is not an
 * integer or outside its minimum and maximum (`/v1/results`' `limit` is 1–50).
 */
function validateQuery(op: ReturnType<typeof realOpenApi>['paths'][string]['get'], query: URLSearchParams) {
  const errors: ValidationError[] = [];
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    const loc = ['query', p.name];
    const value = query.get(p.name);
    if (value === null) {
      if (p.required) errors.push({ loc, msg: 'field required', type: 'value_error.missing' });
      continue;
    }
    if (p.schema.type !== 'integer') continue;
    if (!/^-?\d+$/.test(value.trim())) {
      errors.push({ loc, msg: 'value is not a valid integer', type: 'type_error.integer' });
      continue;
    }
    const n = Number(value);
    const { minimum, maximum } = p.schema;
    if (minimum !== undefined && n < minimum)
      errors.push({
        loc,
        msg: `ensure this value is greater than or equal to ${minimum}`,
        type: 'value_error.number.not_ge',
        ctx: { limit_value: minimum },
      });
    if (maximum !== undefined && n > maximum)
      errors.push({
        loc,
        msg: `ensure this value is less than or equal to ${maximum}`,
        type: 'value_error.number.not_le',
        ctx: { limit_value: maximum },
      });
  }
  return errors;
}

/** "2 requests per second", as the operation's description states its rate limit. */
const publishedPerSecond = (op: { description?: string }) =>
  Number(/Rate Limit<\/b><\/td><td>(\d+) requests per second/.exec(op.description ?? '')?.[1] ?? 2);

/**
 * The Racing API as its published OpenAPI (tests/fixtures/real/racing-api/openapi-excerpt.json)
 * says: HTTP Basic credentials on every call (401 otherwise); each query parameter checked against
 * its schema (422 with the API's `{"detail":[{loc,msg,type}]}` otherwise: `/v1/results` takes
 * `limit` 1–50 and `skip` up to 20000, defaults 25 and 0); at most the published 2 requests a
 * second, else 429 with Retry-After: 1. `/v1/racecards/standard` and `/v1/results` are answered
 * from `racecards` and `results` (real ones: tests/fixtures/real/racing-api.ts), filtered by day,
 * region and page as documented. `outage` makes every call answer that status, `failing` one
 * path; `rateLimit(s)` makes every call answer 429 with Retry-After: s for the next s seconds.
 */
export class RacingApiServer {
  readonly username = 'vbg-feed';
  readonly password = 'correct horse battery';
  /** RacecardOdds objects, as `/v1/racecards/standard?day=today` lists them. */
  racecards: Array<Record<string, unknown> & { region?: string }> = [];
  /** Result objects (ResultsPage.results). */
  results: Array<Record<string, unknown> & { date: string; region?: string }> = [];
  readonly requests: RacingApiRequest[] = [];
  private readonly openApi = realOpenApi();
  perSecond = publishedPerSecond(this.openApi.paths['/v1/results'].get);
  outage: number | null = null;
  /** One path that answers this status (the others answer as usual). */
  failing: { path: string; status: number } | null = null;
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
    const op = this.openApi.paths[url.pathname]?.get;
    if (!op) return answer(404, { detail: 'Not Found' });
    const expected = `Basic ${Buffer.from(`${this.username}:${this.password}`).toString('base64')}`;
    if (op.security?.some((s) => 'HTTPBasic' in s) && req.headers.authorization !== expected)
      return answer(401, { detail: 'Not authenticated' }, { 'www-authenticate': 'Basic' });
    if (at < this.limitedUntil)
      return answer(429, { detail: 'Too many requests' }, { 'retry-after': String(this.retryAfter) });
    const lastSecond = this.requests.filter((r) => r.status !== 429 && r.status !== 401 && at - r.at < 1000).length;
    if (lastSecond >= this.perSecond) return answer(429, { detail: 'Too many requests' }, { 'retry-after': '1' });
    if (this.outage) return answer(this.outage, { detail: 'Service unavailable' });
    if (this.failing?.path === url.pathname) return answer(this.failing.status, { detail: 'Service unavailable' });
    const invalid = validateQuery(op, url.searchParams);
    if (invalid.length) return answer(422, { detail: invalid });
    const query = [...url.searchParams];
    const regions = (name: string) => url.searchParams.getAll(name).map((r) => r.toLowerCase());
    const inRegions = (region: unknown, wanted: string[]) =>
      wanted.length === 0 || wanted.includes(typeof region === 'string' ? region.toLowerCase() : '');
    const page = (fallback: number) => ({
      limit: Number(url.searchParams.get('limit') ?? fallback),
      skip: Number(url.searchParams.get('skip') ?? 0),
    });
    if (url.pathname === '/v1/racecards/standard') {
      const { limit, skip } = page(500);
      if ((url.searchParams.get('day') ?? 'today') !== 'today')
        return answer(200, { racecards: [], total: 0, limit, skip, query });
      const cards = this.racecards.filter((c) => inRegions(c.region, regions('region_codes')));
      return answer(200, { racecards: cards.slice(skip, skip + limit), total: cards.length, limit, skip, query });
    }
    const { limit, skip } = page(25);
    const from = url.searchParams.get('start_date') ?? '';
    const to = url.searchParams.get('end_date') ?? '';
    const all = this.results.filter((r) => r.date >= from && r.date <= to && inRegions(r.region, regions('region')));
    answer(200, { results: all.slice(skip, skip + limit), total: all.length, limit, skip, query });
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
    this.failing = null;
    this.limitedUntil = 0;
    this.racecards = [];
    this.results = [];
    this.requests.length = 0;
  }
  close() {
    return close(this.server);
  }
}
