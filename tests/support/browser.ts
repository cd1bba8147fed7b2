import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from './test-app';
import { PASSWORD } from './users';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SHOTS = path.resolve('artifacts/screenshots');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Flags for this closed network: no background calls home, no sandbox as root.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** The app on a fresh database serving the built client, plus a browser. */
export async function startJourney(env: Record<string, string> = {}) {
  const app = await startTestApp(env, { webDir: path.resolve('dist/web') });
  const browser = await launchBrowser();
  return {
    app,
    browser,
    async newPage(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ baseURL: app.baseUrl, viewport });
      const page = await context.newPage();
      page.on('pageerror', (err) => console.error(`[browser] ${err.message}`));
      return { context, page };
    },
    async close() {
      await browser.close();
      await app.close();
    },
  } satisfies { app: TestApp; [k: string]: unknown };
}

/** Saves phone and desktop screenshots of the page as it is now (test artefacts to look at). */
export async function capture(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const [label, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(50);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/** Signs in through the /login page as a person would. */
export async function signInThroughPage(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
