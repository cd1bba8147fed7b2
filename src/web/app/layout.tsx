import { lazy, Suspense, useLayoutEffect, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import { titleForPath } from '#shared/paths';
import { useAuth } from '../features/auth/api';
import { PageSkeleton } from '../components/page-skeleton';
import { Footer } from './footer';
import { HydrationMarker } from './hydration';
import { Header } from './header';
// Not lazy, though only signed-in people use it: the 30-minute timer must start at sign-in, not a download later.
import { InactivityLogout } from '../features/auth/inactivity-logout';

// Members only, so a chunk of its own: the offline worker, the saved-data notice, the install prompt.
const RaceDayApp = lazy(() => import('../features/race-day-app/race-day-app'));
const noSubscription = () => () => {};

/**
 * False in the server render and while hydrating, true after: the members' app part is drawn by
 * the browser only, so a page rendered on the server hydrates exactly as it was sent.
 */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Every route change starts at the top and gets its page title. A layout effect runs
 * before the pages' own effects, so a page that names itself (an article) has the last word.
 */
function usePageChange() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    document.title = titleForPath(pathname);
  }, [pathname]);
}

/**
 * The members' app part, drawn once the page has hydrated. Its own component: the re-render that
 * draws it stays here. Were it the layout's, it would give the page's Suspense boundary new
 * children while React is still hydrating it, which makes React hydrate the whole page at once,
 * in one long task, instead of in short slices.
 */
function MembersApp() {
  const { user, hasMemberAccess } = useAuth();
  const inBrowser = useInBrowser();
  if (!inBrowser || !user || !hasMemberAccess) return null;
  return (
    <Suspense fallback={null}>
      <RaceDayApp memberId={user.id} />
    </Suspense>
  );
}

export function Layout() {
  const { user } = useAuth();
  usePageChange();
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <MembersApp />
      {/* At least a screen tall below the header: the footer starts below the fold, so pages whose
          code or data arrive later never shift it about (layout shift, Lighthouse CLS). */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
          <HydrationMarker />
        </Suspense>
      </main>
      <Footer />
      {user && <InactivityLogout />}
    </div>
  );
}
