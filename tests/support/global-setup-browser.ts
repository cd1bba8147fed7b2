import fs from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from './web-build';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium, for `chromium.connect`. */
    browserEndpoint: string;
  }
}

/**
 * The browser journeys need Chromium and a built client; no browser is a failure, never a skip.
 * The client is built once per run (here, or earlier in the run by `npm test`'s build step), and
 * one Chromium serves the whole run: each journey file connects to it and works in its own
 * contexts, so no file pays for starting a browser.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM}. Install Debian's Chromium with "apt-get install -y chromium" ` +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  ensureWebBuilt();
  const server = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  project.provide('browserEndpoint', server.wsEndpoint());
  return () => server.close();
}
