import { useEffect } from 'react';

let onHydrated: (() => void) | null = null;

/** Runs `fn` once the page itself has hydrated (main.tsx: puts the query defaults back). */
export function whenHydrated(fn: () => void) {
  onHydrated = fn;
}

/**
 * Sits after the page inside the layout's Suspense boundary. React hydrates a Suspense boundary
 * in its own pass after the shell, so an effect at the root would run before the page's
 * components exist; this one runs after theirs, in the same commit.
 */
export function HydrationMarker() {
  useEffect(() => {
    // The page is live (hydrated, or drawn in the browser): what it renders now answers clicks.
    // Browser journeys wait for it before they click a server-rendered page.
    document.documentElement.dataset.live = 'true';
    const fn = onHydrated;
    onHydrated = null;
    fn?.();
  }, []);
  return null;
}
