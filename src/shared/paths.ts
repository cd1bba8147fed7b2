/**
 * The route table of the web app (spec 01 §2): used by the router, the navigation, and the
 * server (which answers 404 for paths not listed here while still serving the shell).
 */
type PageAccess = 'public' | 'auth';

export interface PageRoute {
  pattern: string;
  access: PageAccess;
  title?: string;
}

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
  { pattern: '/login', access: 'public' },
  { pattern: '/register', access: 'public' },
  { pattern: '/forgot-password', access: 'public' },
  { pattern: '/reset-password', access: 'public' },
  { pattern: '/subscribe', access: 'public' },
  { pattern: '/payment-success', access: 'public' },
  { pattern: '/set-password', access: 'public' },
  { pattern: '/premium-access', access: 'public' },
  { pattern: '/unsubscribe', access: 'public' },
  { pattern: '/tips', access: 'auth', title: 'Daily Tips — VBG' },
  { pattern: '/vbg-race-cards', access: 'auth', title: 'VBG Race Cards' },
  { pattern: '/golf', access: 'auth' },
  { pattern: '/vb-generator', access: 'auth' },
  { pattern: '/my-account', access: 'auth', title: 'My Account — VBG' },
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

/** Page title per path (spec 01 §2: "Page titles are set per path … otherwise a default title"). */
export function titleForPath(pathname: string): string {
  return matchPageRoute(pathname)?.title ?? SITE_DEFAULT_TITLE;
}
