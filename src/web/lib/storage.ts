/** Signing out (or finding the session gone) forgets anything the pages kept in the browser. */
export function clearBrowserStorage() {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage can be blocked (private mode, sandboxed frames); nothing to clear then
  }
}
