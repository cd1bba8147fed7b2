/**
 * Chromium offers to install the app with a `beforeinstallprompt` event, once, soon after a page
 * loads: it is caught here, in the entry, so the members' install prompt (a later, lazy chunk)
 * can still use it. Held back from the browser's own bar: members get ours, which they can turn off.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

let offer: InstallPromptEvent | null = null;
/** Whether the person has tapped, clicked or pressed a key on the page yet: the prompt waits for it. */
let interacted = false;
const listeners = new Set<() => void>();

/** Tells the prompt that the offer, or whether the person has done something yet, changed. */
function changed() {
  for (const listener of listeners) listener();
}

function set(value: InstallPromptEvent | null) {
  offer = value;
  changed();
}

export function catchInstallOffer() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    set(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => set(null));
  const first = () => {
    interacted = true;
    window.removeEventListener('pointerdown', first, true);
    window.removeEventListener('keydown', first, true);
    changed();
  };
  window.addEventListener('pointerdown', first, true);
  window.addEventListener('keydown', first, true);
}

export function hasInteracted(): boolean {
  return interacted;
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
