import { useEffect } from 'react';
import { isMobileClient } from '../../lib/device';
import { clearBrowserStorage } from '../../lib/storage';

/** Spec 01 §4 and §9: 30 minutes without activity signs out; a warning is logged 2 minutes before. */
export const INACTIVITY_LIMIT_MS = 30 * 60 * 1000;
export const INACTIVITY_WARNING_MS = 2 * 60 * 1000;
const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'scroll', 'touchstart', 'click'] as const;

async function signOutForInactivity() {
  try {
    await fetch('/api/logout', {
      method: 'POST',
      credentials: 'include',
      headers: { 'X-Mobile-Client': isMobileClient() ? 'true' : 'false' },
    });
  } catch {
    // the session ends on the server by itself; go to sign-in regardless
  }
  clearBrowserStorage();
  // A full page load, so no signed-in data stays in memory.
  window.location.assign('/login');
}

/** Mounted only while someone is signed in. Plain timers, so tests can drive it with a fake clock. */
export function InactivityLogout() {
  useEffect(() => {
    let warnTimer: ReturnType<typeof setTimeout> | undefined;
    let logoutTimer: ReturnType<typeof setTimeout> | undefined;

    const reset = () => {
      clearTimeout(warnTimer);
      clearTimeout(logoutTimer);
      warnTimer = setTimeout(() => {
        console.warn('You will be signed out in 2 minutes because of inactivity.');
      }, INACTIVITY_LIMIT_MS - INACTIVITY_WARNING_MS);
      logoutTimer = setTimeout(() => void signOutForInactivity(), INACTIVITY_LIMIT_MS);
    };

    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, reset, { passive: true, capture: true });
    reset();
    return () => {
      clearTimeout(warnTimer);
      clearTimeout(logoutTimer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, reset, { capture: true });
    };
  }, []);
  return null;
}
