/** A device's own choices, not a person's data: kept when someone signs out (the install prompt's "No thanks"). */
export const INSTALL_DISMISSED_KEY = 'vbg-install-dismissed';

/**
 * Signing out (or finding the session gone) forgets anything the pages kept in the browser, and
 * tells the service worker to drop the member's saved pages and data (decision 0043).
 */
export function clearBrowserStorage() {
  // The server render has no browser to clear. Node 25+ has a localStorage of its own (empty unless
  // started with --localstorage-file, and it warns when touched without one): leave it alone.
  if (typeof window === 'undefined') return;
  try {
    const dismissed = localStorage.getItem(INSTALL_DISMISSED_KEY);
    localStorage.clear();
    sessionStorage.clear();
    if (dismissed) localStorage.setItem(INSTALL_DISMISSED_KEY, dismissed);
  } catch {
    // storage can be blocked (private mode, sandboxed frames); nothing to clear then
  }
  // The worker also drops them itself when it sees the sign-out or a 401 pass; this covers a page
  // it does not control (a hard reload) and a session that ended on the server.
  void navigator.serviceWorker
    ?.getRegistration()
    .then((registration) => registration?.active?.postMessage({ type: 'signed-out' }))
    .catch(() => undefined);
}
