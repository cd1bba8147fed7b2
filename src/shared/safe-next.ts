/**
 * Where to send someone after signing in when the address carries ?next= (DESIGN decision 8).
 * Only a path on this site is accepted: one leading "/", not "//" or "/\" (which browsers treat
 * as another host), no control characters, and never the sign-in page itself.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  const path = next.split(/[?#]/)[0];
  if (path === '/login' || path === '/login/') return null;
  return next;
}
