import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { expect, inject, onTestFinished } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { PGlite } from '@electric-sql/pglite';
import { createSession, SESSION_COOKIE } from '#server/sessions/sessions';
import { findUserByEmail } from '#server/features/auth/users';
import { londonDate, londonInstant } from '#shared/london-time';
import { TEMPLATE_PATH } from './global-setup-db';
import { startTestApp, type TestApp } from './test-app';
import { PASSWORD } from './users';

const SHOTS = path.resolve('artifacts/screenshots');
/** Screenshots are taken on request (`VBG_SCREENSHOTS=1 npm test`); the accessibility checks always run. */
const SCREENSHOTS = ['1', 'true'].includes(process.env.VBG_SCREENSHOTS ?? '');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * One of the run's browsers, started by the journeys' global setup (global-setup-browser.ts): the
 * headless shell, or the whole Chromium for a journey that needs what only it has.
 */
function connectBrowser(fullBrowser: boolean): Promise<Browser> {
  return chromium.connect(inject(fullBrowser ? 'fullBrowserEndpoint' : 'browserEndpoint'));
}

/** A response a test expects to fail: the browser logs it as a console error, which is then not a fault. */
export interface ExpectedFailure {
  url: RegExp;
  status: number;
}

/** Signed out, the app asks who is signed in and gets 401: that is how it learns it. */
// A day without published tips answers 404, which the pages show as "Tips not found" (and the
// admin's publish form reads as "nothing published today yet").
const ALWAYS_EXPECTED: ExpectedFailure[] = [
  { url: /\/api\/auth\/user$/, status: 401 },
  { url: /\/api\/historical-tips\/\d{4}-\d{2}-\d{2}$/, status: 404 },
];

const watchers = new WeakMap<Page, { expected: ExpectedFailure[]; problems: string[] }>();

/**
 * Collects the page's uncaught errors and console errors and fails the running
 * test with them when it finishes. A failed request shows in the console as "Failed to load
 * resource: … status of 403" at the request's URL: it is a fault unless an ExpectedFailure (URL and
 * status, never a blanket) names it.
 */
export function watchPage(page: Page, expected: ExpectedFailure[] = []) {
  const watcher = { expected: [...ALWAYS_EXPECTED, ...expected], problems: [] as string[] };
  watchers.set(page, watcher);
  trackRequests(page);
  page.on('pageerror', (err) => watcher.problems.push(`uncaught ${err.name}: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    const url = msg.location().url ?? '';
    const status = Number(/status of (\d{3})/.exec(text)?.[1] ?? NaN);
    if (watcher.expected.some((e) => e.status === status && e.url.test(url.split('?')[0]))) return;
    watcher.problems.push(`console error: ${text}${url ? ` (${url})` : ''}`);
  });
  onTestFinished(() => {
    if (watcher.problems.length > 0) throw new Error(`The page reported errors:\n  ${watcher.problems.join('\n  ')}`);
  });
}

/** Adds failures the rest of this test provokes on purpose (e.g. a wrong password's 401). */
export function expectFailures(page: Page, ...expected: ExpectedFailure[]) {
  const watcher = watchers.get(page);
  if (!watcher) throw new Error('expectFailures: the page is not watched (open it with newPage or watchPage)');
  watcher.expected.push(...expected);
}

/** The requests a watched page has in flight, how many it has started, and who waits for one to end. */
interface Traffic {
  open: Set<Request>;
  started: number;
  waiting: Array<() => void>;
}
const traffic = new WeakMap<Page, Traffic>();

function trackRequests(page: Page) {
  const t: Traffic = { open: new Set(), started: 0, waiting: [] };
  traffic.set(page, t);
  page.on('request', (request) => {
    // An event stream stays open as long as the page shows it: it is never "in".
    if (request.resourceType() === 'eventsource') return;
    t.open.add(request);
    t.started++;
  });
  const done = (request: Request) => {
    t.open.delete(request);
    for (const wake of t.waiting.splice(0)) wake();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** Two animation frames in the page: what a response or an effect set off has been drawn. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Waits until the app's service worker is installed and controls the page. */
export async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * Waits until the page has no request in flight and starts none while it draws two frames: what
 * it loads is in and drawn, including what those answers made it ask for next (a chunk, then its
 * data). Instead of Playwright's `networkidle`, which always waits a further half second.
 */
export async function quiet(page: Page, timeoutMs = 30_000) {
  const t = traffic.get(page);
  if (!t) throw new Error('quiet: the page is not watched (open it with newPage or watchPage)');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const started = t.started;
    if (t.open.size === 0) {
      await twoFrames(page);
      if (t.open.size === 0 && t.started === started) return;
    } else {
      if (Date.now() > deadline)
        throw new Error(`quiet: still loading after ${timeoutMs} ms: ${[...t.open].map((r) => r.url()).join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now()); // the deadline is noticed with no request ending
        t.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/**
 * After `goto` and `reload`, waits until the app's page is live (hydrated or drawn: the app marks
 * `<html data-live>`), as a person waits for a page to respond: a server-rendered page shows its
 * buttons before its script runs, and a click before that does nothing. Documents that are not
 * the app's (no #root: an API answer, a file) are not waited on.
 */
function waitForLiveAfterLoads(page: Page) {
  const live = () =>
    page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.live === 'true');
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await live();
    return response;
  };
}

/**
 * One embedded database per worker process, loaded from the run's migrated template by the
 * worker's first journey and emptied by each next one (startTestApp empties the tables): loading
 * PGlite again cost each file seconds. A worker runs one file at a time, so no two apps share it.
 */
let workerDatabase: Promise<PGlite> | undefined;
function journeyDatabase() {
  workerDatabase ??= (async () => {
    const client = new PGlite({ loadDataDir: new Blob([fs.readFileSync(TEMPLATE_PATH)]) });
    await client.waitReady;
    return client;
  })();
  return workerDatabase;
}

/**
 * The app on a fresh (emptied) database serving the built client, plus a browser: Chromium's
 * headless shell, or with `fullBrowser` the whole Chromium (a notification the service worker
 * shows, the built-in PDF viewer opening a document in a new tab).
 */
export async function startJourney(env: Record<string, string> = {}, { fullBrowser = false } = {}) {
  const app = await startTestApp(env, { webDir: path.resolve('dist/web'), pglite: await journeyDatabase() });
  const browser = await connectBrowser(fullBrowser);
  return {
    app,
    browser,
    /** A page in its own context; its page errors and unexpected console errors fail the test. */
    async newPage(
      viewport = DESKTOP,
      options: { expected?: ExpectedFailure[]; javaScriptEnabled?: boolean; serviceWorkers?: 'allow' | 'block' } = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({
        baseURL: app.baseUrl,
        viewport,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        // Blocked where a test holds the page's requests (page.route never sees what a worker answers).
        serviceWorkers: options.serviceWorkers ?? 'allow',
      });
      const page = await context.newPage();
      watchPage(page, options.expected);
      if (options.javaScriptEnabled ?? true) waitForLiveAfterLoads(page);
      return { context, page };
    },
    /**
     * Signs the page's context in as the account with this email without going through the form:
     * a session made by the app's own use case, its cookie set as the sign-in's answer sets it.
     * The page loads nothing: the journey goes on with the address it is about. For journeys that
     * start signed in; signing in itself (the form, where each kind of account lands, wrong
     * passwords) is walked through with signInThroughPage.
     */
    async signIn(page: Page, email: string) {
      const user = await findUserByEmail(app.ctx, email);
      if (!user) throw new Error(`signIn: no account ${email}`);
      const { token, expiresAt } = await createSession(app.ctx, user.id);
      await page.context().addCookies([
        {
          name: SESSION_COOKIE,
          value: token,
          url: app.baseUrl,
          httpOnly: true,
          sameSite: 'Lax',
          expires: Math.floor(expiresAt.getTime() / 1000),
        },
      ]);
    },
    /**
     * Moves the app's clock to 20:00 London on its day, unless it is later already: every race of
     * the sample cards is off by then, so results are taken and tips settled whatever time of day
     * the run starts. Call it before anyone signs in (a later jump would sign them out as idle).
     */
    eveningOfRaceDay() {
      const evening = londonInstant(londonDate(app.clock.now()), '20:00');
      if (app.clock.now() < evening) app.clock.set(evening);
    },
    async close() {
      await browser.close(); // closes this file's contexts and disconnects; the run's browser stays up
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
 * serious or critical violation, naming the rule, its help text and the elements (docs/decisions/0011).
 */
export async function checkA11y(page: Page, name: string) {
  // Only our HTML pages: a PDF shown in Chromium's own viewer is not the app's markup.
  if ((await page.evaluate(() => document.contentType)) !== 'text/html') return;
  // Let transitions and fade-ins finish: colour contrast is judged on what is painted now.
  await settled(page);
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') rightly refuses an
  // inline <script>, so page.addScriptTag cannot be used here.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    const report = serious
      .map(
        (v) =>
          `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes
            .slice(0, 5)
            .map(
              (n) =>
                `      ${JSON.stringify(n.target)} ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`,
            )
            .join('\n')}`,
      )
      .join('\n');
    throw new Error(
      `Accessibility (axe-core) on "${name}" at ${page.url()} (${page.viewportSize()?.width}px wide):\n${report}`,
    );
  }
}

/**
 * Waits for the page to paint what it has (two animation frames) and for every finite animation
 * or CSS transition running then to finish (endless ones, such as a spinner, are not waited for).
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Checks the page as it is now with axe-core (always: every captured state is an accessibility
 * check, at the page's own size; tests/e2e/accessibility-*.test.ts cover every page at both sizes)
 * and, when screenshots are asked for (VBG_SCREENSHOTS=1), saves it at phone and desktop width in
 * artifacts/screenshots/ to look at.
 */
export async function capture(page: Page, name: string) {
  await checkA11y(page, name);
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  // A PDF shows in Chromium's viewer, which the document embeds once it has loaded.
  if ((await page.evaluate(() => document.contentType)) === 'application/pdf') await page.locator('embed').waitFor();
  const original = page.viewportSize() ?? DESKTOP;
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await settled(page);
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

/** Ticks the subscribe form's three boxes (18 or over, the terms, start now) as a person would. */
export async function tickJoiningBoxes(page: Page) {
  await page.getByRole('checkbox', { name: 'I am 18 or over' }).check();
  await page.getByRole('checkbox', { name: /^I accept the terms and conditions/ }).check();
  await page.getByRole('checkbox', { name: /^Start my membership now/ }).check();
}
