import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
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

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/**
 * Runs axe-core (every rule except experimental ones) on the page as it is now and fails on any
 * serious or critical violation, naming the rule, its help text and the elements (issue 9 item 5).
 */
export async function checkA11y(page: Page, name: string) {
  // Only our HTML pages: a PDF shown in Chromium's own viewer is not the app's markup.
  if ((await page.evaluate(() => document.contentType)) !== 'text/html') return;
  // Let transitions and fade-ins finish: colour contrast is judged on what is painted now.
  await page.waitForTimeout(250);
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') rightly refuses an
  // inline <script>, so page.addScriptTag cannot be used here.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    const report = serious
      .map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `      ${JSON.stringify(n.target)} ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`).join('\n')}`)
      .join('\n');
    throw new Error(`Accessibility (axe-core) on "${name}" at ${page.url()} (${page.viewportSize()?.width}px wide):\n${report}`);
  }
}

/**
 * Saves phone and desktop screenshots of the page as it is now (test artefacts to look at), and
 * checks each with axe-core: every captured screen is also an accessibility check.
 */
export async function capture(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const [label, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(50);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
    await checkA11y(page, `${name}-${label}`);
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
