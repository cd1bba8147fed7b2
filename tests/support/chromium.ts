/** Debian's Chromium unless CHROMIUM_PATH names another: for journeys that need the whole browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell) unless
 * CHROMIUM_HEADLESS_SHELL_PATH names another: the same Blink and V8 without the browser's own
 * windows, extensions and viewers, so a page costs about a quarter less CPU. Most journeys run in
 * it; those that need what only the whole browser has (a notification the service worker shows, the
 * built-in PDF viewer) ask for CHROMIUM.
 */
export const CHROMIUM_HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';

/** Flags for this closed network: no background calls home, no sandbox as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
