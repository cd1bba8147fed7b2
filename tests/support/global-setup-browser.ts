import fs from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from './web-build';
import { CHROMIUM, CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium headless shell, for `chromium.connect`: most journeys work in it. */
    browserEndpoint: string;
    /** The run's whole Chromium, for the journeys that need what only it has. */
    fullBrowserEndpoint: string;
  }
}

function mustExist(executable: string, what: string, variable: string, pkg: string) {
  if (!fs.existsSync(executable))
    throw new Error(
      `${what} was not found at ${executable}. Install Debian's with "apt-get install -y ${pkg}" ` +
        `or point ${variable} at another.`,
    );
}

/**
 * The browser journeys need Chromium and a built client; no browser is a failure, never a skip.
 * The client is built once per run (here, or earlier in the run by `npm test`'s build step), and
 * the run's two browsers (the headless shell and the whole Chromium, tests/support/chromium.ts)
 * serve every file: each journey file connects to one and works in its own contexts, so no file
 * pays for starting a browser.
 */
export default async function setup(project: TestProject) {
  mustExist(
    CHROMIUM_HEADLESS_SHELL,
    "Chromium's headless shell",
    'CHROMIUM_HEADLESS_SHELL_PATH',
    'chromium-headless-shell',
  );
  mustExist(CHROMIUM, 'Chromium', 'CHROMIUM_PATH', 'chromium');
  ensureWebBuilt();
  const launch = (executablePath: string) =>
    chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const [shell, full] = await Promise.all([launch(CHROMIUM_HEADLESS_SHELL), launch(CHROMIUM)]);
  project.provide('browserEndpoint', shell.wsEndpoint());
  project.provide('fullBrowserEndpoint', full.wsEndpoint());
  return async () => {
    await Promise.all([shell.close(), full.close()]);
  };
}
