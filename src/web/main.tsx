import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { preloadPage } from './app/page-for-path';
import { finishHydration, readSsrData, seedQueryClient } from './app/ssr-data';
import { whenHydrated } from './app/hydration';
import { AUTH_USER_KEY } from './features/auth/api';
import { clearBrowserStorage } from './lib/storage';
import { noteSavedPage } from './lib/saved-data';
import { catchInstallOffer } from './features/race-day-app/install-event';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

catchInstallOffer();
noteSavedPage(document);
const ssr = readSsrData();
const client = createQueryClient();

if (ssr) {
  // A server-rendered page (decision 0020): the cache starts as the server's and the page's code
  // is loaded before hydrating (the HTML preloads it), so the first render is the server's.
  seedQueryClient(client, ssr);
  // The server asked who is signed in; "nobody" clears what a signed-out browser must not keep,
  // as the auth check does on its 401 (features/auth/api.ts).
  if (client.getQueryData(AUTH_USER_KEY) === null) clearBrowserStorage();
  whenHydrated(() => finishHydration(client, ssr));
  // Not a top-level await: that would make the bundler split the entry into many small chunks
  // (modules shared with lazy pages must then load apart from an entry that may still be waiting).
  // Hydrated as a transition: React hands the main thread back every few milliseconds instead of
  // hydrating the whole page in one long task, and a tap meanwhile hydrates its target first.
  void preloadPage(window.location.pathname).then(() => {
    startTransition(() => {
      hydrateRoot(root, <App router={BrowserRouter} client={client} now={new Date(ssr.now)} />);
    });
  });
} else {
  createRoot(root).render(<App router={BrowserRouter} client={client} />);
}
