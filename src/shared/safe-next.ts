import type { CurrentUser } from './schemas/auth';

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

/**
 * Where a sign-in lands: the ?next= address when it is safe, else the admin panel for an admin,
 * the home page for a member and the subscribe page for anyone else.
 */
export function destinationAfterLogin(
  user: Pick<CurrentUser, 'role' | 'isSubscribed'>,
  next: string | null | undefined,
): string {
  const safe = safeNextPath(next);
  if (safe) return safe;
  if (user.role === 'admin') return '/admin';
  if (user.isSubscribed) return '/';
  return '/subscribe';
}
