import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

/** The browser journeys need Chromium and a built client; no browser is a failure, never a skip. */
export default function setup() {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    throw new Error(`Chromium was not found at ${chromium}. Install Debian's Chromium with "apt-get install -y chromium" ` + 'or point CHROMIUM_PATH at a Chromium or Chrome binary.');
  }
  if (!process.env.VBG_SKIP_CLIENT_BUILD) {
    // Vitest sets NODE_ENV=test, and Vite would then bundle React's development build (over 500 kB,
    // and not what visitors get): the journeys test the production bundle.
    // The client, then the server-render entry the app loads from dist/server-entry (decision 0020).
    for (const extra of [[], ['--ssr']]) {
      execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', ...extra, '--logLevel', 'warn'], {
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    }
  }
}
