import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { Download } from 'lucide-react';
import { londonClock } from '#shared/london-time';
import { Button } from '#web/components/ui/button';
import { savedAtNow, subscribeSavedAt } from '#web/lib/saved-data';
import { INSTALL_DISMISSED_KEY } from '#web/lib/storage';
import { hasInteracted, installOfferNow, subscribeInstallOffer, takeInstallOffer } from './install-event';
import { RACE_DAY_PAGES } from './offline-rules';
import { isOneOf } from '#shared/unknown-values';

/**
 * Registers the service worker and names the member to it, so it keeps today's race-day pages
 * and data for them (decision 0043). Only members get here (layout.tsx): for anyone else nothing
 * is registered and nothing kept. Not in `npm run dev`, which serves no built worker.
 */
function useServiceWorker(memberId: number) {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        if (!cancelled) registration.active?.postMessage({ type: 'member', id: memberId });
      })
      .catch((err: unknown) => console.warn('The offline app could not be set up', err));
    return () => {
      cancelled = true;
    };
  }, [memberId]);
}

/** "Offline — showing saved data from 08:14" while the page shows answers the worker kept. */
function SavedDataNotice() {
  const savedAt = useSyncExternalStore(subscribeSavedAt, savedAtNow, () => null);
  if (savedAt === null) return null;
  return (
    <p
      role="status"
      data-testid="saved-data-notice"
      className="bg-gold-100 px-4 py-2 text-center text-sm font-semibold text-navy-900"
    >
      Offline — showing saved data from {londonClock(new Date(savedAt))}
    </p>
  );
}

function dismissedForGood(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * On the race-day pages, when the browser offers it and once the member has done something on the
 * page (a banner over the tips they opened the page to read, before they have read them, would be
 * in the way; and it would be the largest thing painted, not the page): install, or "No thanks"
 * for good (kept on this device).
 */
function InstallPrompt() {
  const { pathname } = useLocation();
  const offer = useSyncExternalStore(subscribeInstallOffer, installOfferNow, () => null);
  const active = useSyncExternalStore(subscribeInstallOffer, hasInteracted, () => false);
  const [dismissed, setDismissed] = useState(dismissedForGood);
  if (!offer || !active || dismissed || !isOneOf(RACE_DAY_PAGES, pathname)) return null;

  // The browser's own dialog decides; whatever the answer, this offer is used up.
  const install = () =>
    void takeInstallOffer()
      ?.prompt()
      .catch(() => undefined);
  const noThanks = () => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // storage blocked: hidden for this visit only
    }
    setDismissed(true);
  };
  return (
    <aside aria-label="Install the app" className="fixed inset-x-0 bottom-0 z-[100] flex justify-center p-3 sm:p-4">
      <div className="flex w-full max-w-xl flex-col gap-3 rounded-xl border-2 border-gold-400 bg-navy-900 p-4 text-white shadow-xl sm:flex-row sm:items-center">
        <p className="flex-1 text-sm">
          <strong className="block text-base text-gold-300">Install VBG on this device</strong>
          Today&rsquo;s tips, race cards and value board open from your home screen, even with no signal at the course.
        </p>
        <div className="flex gap-2">
          <Button variant="inverse" size="sm" onClick={noThanks}>
            No thanks
          </Button>
          <Button variant="gold" size="sm" onClick={install}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Install
          </Button>
        </div>
      </div>
    </aside>
  );
}

/** What a member gets of the installable app: the worker, the saved-data notice and the install prompt. */
export default function RaceDayApp({ memberId }: { memberId: number }) {
  useServiceWorker(memberId);
  return (
    <>
      <SavedDataNotice />
      <InstallPrompt />
    </>
  );
}
