/** Debian's Chromium unless CHROMIUM_PATH names another. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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
