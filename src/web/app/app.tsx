import { StrictMode, type ReactNode } from 'react';
import { AppRoutes } from './router';
import { Providers, type ProvidersProps } from './providers';

/**
 * The whole app inside a router: `BrowserRouter` in the browser (main.tsx), `StaticRouter` in
 * the server render (entry-server.tsx). One tree on both sides, so hydration matches.
 */
export function App({
  router: Router,
  ...providers
}: Omit<ProvidersProps, 'children'> & { router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <Providers {...providers}>
        <Router>
          <AppRoutes />
        </Router>
      </Providers>
    </StrictMode>
  );
}
