import { matchPageRoute } from '#shared/paths';
import { memberGates, pageEntries } from './route-table';

/** Whether this address is a page rendered on the server (its route entry says `ssr`). */
export function isServerRendered(pathname: string): boolean {
  const route = matchPageRoute(pathname);
  return !!route && !!pageEntries[route.pattern]?.ssr;
}

/** Whether this address is a members' page with the same content for every member (its route entry says so). */
export function isSameForEveryMember(pathname: string): boolean {
  const route = matchPageRoute(pathname);
  return !!route && !!pageEntries[route.pattern]?.ssr && !!pageEntries[route.pattern]?.sameForEveryMember;
}

/** Loads the code of the page at this address (and of the gates of a members' address), so rendering it does not suspend. */
export async function preloadPage(pathname: string): Promise<void> {
  const route = matchPageRoute(pathname);
  if (!route) return;
  await Promise.all([
    pageEntries[route.pattern]?.component.preload?.(),
    route.access === 'public' ? undefined : memberGates.MemberGate.preload?.(),
    route.access === 'public' ? undefined : memberGates.SignedOutGate.preload?.(),
  ]);
}
