import { matchPageRoute } from '#shared/paths';
import { pageEntries } from './route-table';

/** Whether this address is a page rendered on the server (its route entry says `ssr`; public only). */
export function isServerRendered(pathname: string): boolean {
  const route = matchPageRoute(pathname);
  return route?.access === 'public' && !!pageEntries[route.pattern]?.ssr;
}

/** Loads the code of the page at this address, so rendering it does not suspend. */
export async function preloadPage(pathname: string): Promise<void> {
  const route = matchPageRoute(pathname);
  if (route) await pageEntries[route.pattern]?.component.preload?.();
}
