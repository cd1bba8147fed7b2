import { Route, Routes } from 'react-router';
import { pageRoutes, type PageRoute } from '#shared/paths';
import { useAuth } from '../features/auth/api';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { PageSkeleton } from '../components/page-skeleton';
import { Layout } from './layout';
import { memberGates, pageEntries } from './route-table';

const { MemberGate, SignedOutGate } = memberGates;

type AuthState = ReturnType<typeof useAuth>;

function elementFor(route: PageRoute, auth: AuthState) {
  const entry = pageEntries[route.pattern];
  if (!entry) return <NotFoundPage />;
  const Page = entry.component;
  if (route.access === 'public') return <Page />;
  const feature = entry.feature ?? 'this page';
  if (auth.isLoading) return <PageSkeleton />;
  // Signed out: a members-only address shows its banner and gate, never a 404 (DESIGN decision 8).
  if (!auth.user) return <SignedOutGate feature={feature} />;
  return (
    <MemberGate feature={feature} requireMembership={!!entry.members}>
      <Page />
    </MemberGate>
  );
}

/**
 * The routes come from shared/paths.ts: public ones always; 'auth' ones get their page only
 * once the auth check says someone is signed in. Anything else is the 404 page.
 */
export function AppRoutes() {
  const auth = useAuth();
  return (
    <Routes>
      <Route element={<Layout />}>
        {pageRoutes.map((route) => (
          <Route key={route.pattern} path={route.pattern} element={elementFor(route, auth)} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
