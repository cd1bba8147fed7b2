import { useEffect, useId, useRef, useState } from 'react';
import { isMobileClient } from '#web/lib/device';
import { signOutWithDevice } from '#web/lib/push-device';
import { stopRequestsToSignOut } from '#web/lib/request';
import { clearBrowserStorage } from '#web/lib/storage';

/** 30 minutes without activity signs out; a warning comes 2 minutes before. */
const INACTIVITY_LIMIT_MS = 30 * 60 * 1000;
const INACTIVITY_WARNING_MS = 2 * 60 * 1000;
const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'scroll', 'touchstart', 'click'] as const;

async function signOutForInactivity() {
  // The page's polls stop first: one that went out after the session ended would only earn a 401.
  await stopRequestsToSignOut();
  try {
    await signOutWithDevice((body) =>
      fetch('/api/logout', {
        method: 'POST',
        credentials: 'include',
        headers: { 'X-Mobile-Client': isMobileClient() ? 'true' : 'false', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  } catch {
    // the session ends on the server by itself; go to sign-in regardless
  }
  clearBrowserStorage();
  // A full page load, so no signed-in data stays in memory.
  window.location.assign('/login');
}

/** Touches the session on the server (any signed-in request does); false when it has already ended. */
async function touchSession(): Promise<boolean> {
  try {
    const res = await fetch('/api/auth/user', {
      credentials: 'include',
      cache: 'no-store',
      headers: { 'Cache-Control': 'no-cache' },
    });
    return res.ok;
  } catch {
    return true; // offline for a moment: keep the page, the next request will tell
  }
}

/**
 * Mounted only while someone is signed in. Plain timers, so tests drive it with a fake clock
 * (Playwright's page.clock). Two minutes before the limit it shows a warning on screen with
 * "Stay signed in". Any activity resets the timers; once warned,
 * activity is treated as "Stay signed in" and also touches the session on the server, whose own
 * idle limit is the same 30 minutes.
 */
export function InactivityLogout() {
  const [warning, setWarning] = useState(false);
  const stay = useRef<() => void>(() => {});
  const titleId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let warnTimer: ReturnType<typeof setTimeout> | undefined;
    let logoutTimer: ReturnType<typeof setTimeout> | undefined;
    let warned = false;

    const start = () => {
      clearTimeout(warnTimer);
      clearTimeout(logoutTimer);
      warned = false;
      setWarning(false);
      warnTimer = setTimeout(() => {
        // Logged to the console, and shown on screen as well.
        console.warn('You will be signed out in 2 minutes because of inactivity.');
        warned = true;
        setWarning(true);
      }, INACTIVITY_LIMIT_MS - INACTIVITY_WARNING_MS);
      logoutTimer = setTimeout(() => void signOutForInactivity(), INACTIVITY_LIMIT_MS);
    };
    stay.current = () => {
      start();
      void touchSession().then((alive) => {
        if (!alive) void signOutForInactivity();
      });
    };
    const onActivity = (event: Event) => {
      // The warning's own buttons decide for themselves ("Sign out now" must not count as staying).
      if (panel.current?.contains(event.target as Node)) return;
      if (warned) stay.current();
      else start();
    };

    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    start();
    return () => {
      clearTimeout(warnTimer);
      clearTimeout(logoutTimer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, []);

  useEffect(() => {
    if (warning) button.current?.focus();
  }, [warning]);

  if (!warning) return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[110] flex justify-center p-3 sm:p-4">
      <div
        ref={panel}
        role="alertdialog"
        aria-modal="false"
        aria-labelledby={titleId}
        aria-describedby={`${titleId}-text`}
        className="grid w-full max-w-md gap-3 rounded-xl border-2 border-gold-400 bg-white p-4 text-slate-900 shadow-xl"
      >
        <h2 id={titleId} className="text-base font-bold text-navy-900">
          Are you still there?
        </h2>
        <p id={`${titleId}-text`} className="text-sm text-slate-700">
          You will be signed out in 2 minutes because of inactivity.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={() => void signOutForInactivity()}
            className="inline-flex min-h-11 items-center justify-center rounded-md border border-slate-400 px-4 text-sm font-semibold text-navy-900 hover:bg-slate-100"
          >
            Sign out now
          </button>
          <button
            ref={button}
            type="button"
            onClick={() => stay.current()}
            className="inline-flex min-h-11 items-center justify-center rounded-md bg-navy-900 px-4 text-sm font-semibold text-white hover:bg-navy-800"
          >
            Stay signed in
          </button>
        </div>
      </div>
    </div>
  );
}
