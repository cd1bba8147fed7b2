import {
  FORGOT_PASSWORD_FORM_ERROR_CODES,
  LOGIN_FORM_ERROR_CODES,
  REGISTER_FORM_ERROR_CODES,
  SET_PASSWORD_FORM_ERROR_CODES,
  SUBSCRIBE_FORM_ERROR_CODES,
} from './form-error-codes';
/**
 * The route table of the web app: used by the router, the navigation, and the
 * server (which answers 404 for paths not listed here while still serving the shell).
 */
type PageAccess = 'public' | 'auth';

export interface PageRoute {
  pattern: string;
  access: PageAccess;
  title?: string;
  /**
   * The query parameters the page reads, each with the values it acts on, or 'text' for one the
   * page shows or passes on as it is (the sign-in page's e-mail and next address). A server-rendered
   * page's address keeps these and nothing else (`canonicalPageUrl`, decision 0035); an address with
   * a 'text' parameter is rendered for its request and never kept in the page cache.
   */
  query?: Record<string, readonly string[] | 'text'>;
}

/** The query parameters of a runner's link to the race cards (`runnerCardUrl`): its day, race and horse. */
export const RUNNER_LINK_PARAMS = ['date', 'time', 'course', 'horse'] as const;

/** `/subscribe?checkout=cancelled`: the visitor came back from the checkout without paying. */
export const CHECKOUT_CANCELLED = { name: 'checkout', value: 'cancelled' } as const;

/** `/forgot-password?sent=1`: the reset link was asked for (the form posted without JavaScript). */
export const FORGOT_PASSWORD_SENT = { name: 'sent', value: '1' } as const;

/** Longest value of a 'text' query parameter an address keeps (a longer one is dropped). */
const MAX_TEXT_PARAMETER = 500;

export const SITE_DEFAULT_TITLE = 'VBG — Value Betting Guide';

export const pageRoutes: PageRoute[] = [
  { pattern: '/', access: 'public', title: 'VBG — Horse Racing Value Betting Tips' },
  { pattern: '/about', access: 'public', title: 'Team VBG' },
  { pattern: '/news-and-views', access: 'public', title: 'News & Views — VBG' },
  { pattern: '/news-and-views/:slug', access: 'public', title: 'News & Views — VBG' },
  { pattern: '/resources', access: 'public', title: 'Resources — VBG' },
  { pattern: '/resources/:slug', access: 'public', title: 'Resources — VBG' },
  { pattern: '/back-catalogue', access: 'public' },
  { pattern: '/free-race', access: 'public' },
  { pattern: '/getting-started', access: 'public' },
  { pattern: '/tips/:date', access: 'public', title: 'Daily Tips — VBG' },
  { pattern: '/results', access: 'public' },
  { pattern: '/value-calibration', access: 'public', title: 'Value Calibration — VBG' },
  { pattern: '/record', access: 'public', title: 'How to Check the Record — VBG' },
  { pattern: '/terms', access: 'public', title: 'Terms of Membership — VBG' },
  { pattern: '/privacy', access: 'public', title: 'Privacy Notice — VBG' },
  { pattern: '/responsible-gambling', access: 'public', title: 'Responsible Gambling — VBG' },
  { pattern: '/login', access: 'public', query: { error: LOGIN_FORM_ERROR_CODES, email: 'text', next: 'text' } },
  {
    pattern: '/register',
    access: 'public',
    query: { error: REGISTER_FORM_ERROR_CODES, email: 'text', confirmAge: ['on'], acceptTerms: ['on'] },
  },
  {
    pattern: '/forgot-password',
    access: 'public',
    query: {
      error: FORGOT_PASSWORD_FORM_ERROR_CODES,
      email: 'text',
      [FORGOT_PASSWORD_SENT.name]: [FORGOT_PASSWORD_SENT.value],
    },
  },
  { pattern: '/reset-password', access: 'public' },
  {
    pattern: '/subscribe',
    access: 'public',
    query: { [CHECKOUT_CANCELLED.name]: [CHECKOUT_CANCELLED.value], error: SUBSCRIBE_FORM_ERROR_CODES },
  },
  // The checkout's id in the address is the buyer's own: these pages are rendered per request.
  { pattern: '/payment-success', access: 'public', query: { session_id: 'text' } },
  { pattern: '/set-password', access: 'public', query: { session_id: 'text', error: SET_PASSWORD_FORM_ERROR_CODES } },
  { pattern: '/premium-access', access: 'public' },
  { pattern: '/unsubscribe', access: 'public' },
  { pattern: '/tips', access: 'auth', title: 'Daily Tips — VBG' },
  // A runner's link (an alert, the watch list) names the race and horse the cards open on.
  {
    pattern: '/vbg-race-cards',
    access: 'auth',
    title: 'VBG Race Cards',
    query: Object.fromEntries(RUNNER_LINK_PARAMS.map((name) => [name, 'text' as const])),
  },
  { pattern: '/value-now', access: 'auth', title: 'Value Now — VBG' },
  { pattern: '/golf', access: 'auth' },
  { pattern: '/vb-generator', access: 'auth' },
  { pattern: '/my-account', access: 'auth', title: 'My Account — VBG', query: { tab: ['subscription'] } },
  { pattern: '/my-bets', access: 'auth', title: 'My Bets — VBG' },
  { pattern: '/admin', access: 'auth' },
];

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body === '' ? '/' : body}/?$`);
}

const compiled = pageRoutes.map((r) => ({ route: r, re: patternToRegExp(r.pattern) }));

export function matchPageRoute(pathname: string): PageRoute | undefined {
  return compiled.find((c) => c.re.test(pathname))?.route;
}

const patternParts = compiled.map((c) => ({ route: c.route, parts: c.route.pattern.split('/').filter(Boolean) }));

/**
 * The one address of a page (decision 0035), so that spellings of it share one rendered copy:
 * the route table's own segments (in their case), no empty segment (no trailing or doubled
 * slash), each parameter percent-encoded once, and only the query parameters and values the
 * page reads (`PageRoute.query`). `pathname` is the decoded path, as `matchPageRoute` takes it.
 * Undefined when no route matches (or the address is not valid percent-encoding). Applying it
 * to its own answer gives the same answer, and the answer always starts with one "/".
 */
export function canonicalPageUrl(url: string): Readonly<CanonicalPage> | undefined {
  // Asked on every page request: the answers to the last addresses asked are kept, a bounded
  // number (addresses are anyone's to make up).
  if (canonicalByUrl.has(url)) return canonicalByUrl.get(url);
  const answer = canonicalOf(url);
  if (canonicalByUrl.size >= MAX_REMEMBERED_URLS) canonicalByUrl.clear();
  canonicalByUrl.set(url, answer);
  return answer;
}

interface CanonicalPage {
  route: PageRoute;
  pathname: string;
  url: string;
  perRequest: boolean;
}

const MAX_REMEMBERED_URLS = 1000;
const canonicalByUrl = new Map<string, Readonly<CanonicalPage> | undefined>();

function canonicalOf(url: string): CanonicalPage | undefined {
  const q = url.indexOf('?');
  const rawPath = (q === -1 ? url : url.slice(0, q)).split('#')[0];
  let segments: string[];
  try {
    segments = rawPath.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const found = patternParts.find(
    ({ parts }) =>
      parts.length === segments.length && parts.every((p, i) => p.startsWith(':') || p === segments[i].toLowerCase()),
  );
  if (!found) return undefined;
  const { route, parts } = found;
  const path = (encode: (s: string) => string) =>
    `/${parts.map((p, i) => (p.startsWith(':') ? encode(segments[i]) : p)).join('/')}`;
  const given = new URLSearchParams(q === -1 ? '' : url.slice(q + 1).split('#')[0]);
  const kept = new URLSearchParams();
  let perRequest = false;
  for (const [name, values] of Object.entries(route.query ?? {})) {
    const value = given.get(name);
    if (value === null) continue;
    if (values === 'text' ? value.length <= MAX_TEXT_PARAMETER : values.includes(value)) kept.set(name, value);
    if (values === 'text' && kept.has(name)) perRequest = true;
  }
  const search = kept.toString();
  const pathname = path((s) => s);
  return { route, pathname, url: `${path(encodeURIComponent)}${search ? `?${search}` : ''}`, perRequest };
}

/** Page title per path; a path not listed gets the default title. */
export function titleForPath(pathname: string): string {
  return matchPageRoute(pathname)?.title ?? SITE_DEFAULT_TITLE;
}
