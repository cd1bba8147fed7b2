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

export function Layout() {
  const { user, hasMemberAccess } = useAuth();
  const inBrowser = useInBrowser();
  usePageChange();
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      {inBrowser && user && hasMemberAccess && (
        <Suspense fallback={null}>
          <RaceDayApp memberId={user.id} />
        </Suspense>
      )}
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
