/** Signing out (or finding the session gone) forgets anything the pages kept in the browser. */
export function clearBrowserStorage() {
  // The server render has no browser to clear. Node 25+ has a localStorage of its own (empty unless
  // started with --localstorage-file, and it warns when touched without one): leave it alone.
  if (typeof window === 'undefined') return;
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage can be blocked (private mode, sandboxed frames); nothing to clear then
  }
}
