/**
 * Chromium offers to install the app with a `beforeinstallprompt` event, once, soon after a page
 * loads: it is caught here, in the entry, so the members' install prompt (a later, lazy chunk)
 * can still use it. Held back from the browser's own bar: members get ours, which they can turn off.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function set(value: InstallPromptEvent | null) {
  offer = value;
  for (const listener of listeners) listener();
}

export function catchInstallOffer() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    set(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => set(null));
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function installOfferNow(): InstallPromptEvent | null {
  return offer;
}

/** The offer can be used once. */
export function takeInstallOffer(): InstallPromptEvent | null {
  const taken = offer;
  set(null);
  return taken;
}
