import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageRoutes } from '#shared/paths';
import { seedDemo } from '#server/seed/demo';
import { BLOG_ARTICLES } from '#shared/resources';
import { checkA11y, DESKTOP, expectFailures, PHONE, signInThroughPage, startJourney } from '../support/browser';
import { createAccount } from '../support/users';

// axe-core finds no serious or critical violation on any page of the route table,
// for a visitor, a member and an admin (every admin tab), on a phone and on a desktop.

let j: Awaited<ReturnType<typeof startJourney>>;
let samples: Record<string, string>;

beforeAll(async () => {
  j = await startJourney();
  await j.app.reset();
  await seedDemo(j.app.ctx);
  await createAccount(j.app, 'member', 'a11y-member@example.com');
  await createAccount(j.app, 'admin', 'a11y-admin@example.com');
  const articles = (await j.app.client().get('/api/news-and-views')).json as Array<{ slug: string }>;
  // A past day the demo has tips for (a day without any would answer 404 to the page's query).
  const catalogue = (await j.app.client().get('/api/back-catalogue')).json as Array<{
    date: string;
    contentType: string;
  }>;
  const tipsDay = catalogue.find((e) => e.contentType === 'html')?.date;
  if (!tipsDay) throw new Error('The demo content has no archived day of tips');
  samples = {
    '/news-and-views/:slug': `/news-and-views/${articles[0].slug}`,
    '/resources/:slug': `/resources/${BLOG_ARTICLES[0].slug}`,
    '/tips/:date': `/tips/${tipsDay}`,
  };
});
afterAll(() => j.close());

/** The address to open for a pattern of the route table (a sample value for each parameter). */
function addressOf(pattern: string) {
  if (!pattern.includes(':')) return pattern;
  const sample = samples[pattern];
  if (!sample) throw new Error(`No sample address for ${pattern}: add one to this test`);
  return sample;
}

/** Opens a page and waits until its code and first data are in (no loading placeholder left). */
async function open(page: Page, address: string) {
  await page.goto(address);
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() =>
      page
        .locator('main [role="status"]')
        .filter({ hasText: /^Loading/ })
        .count(),
    )
    .toBe(0);
  await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
}

// Every page is checked before the test fails, so one run lists all that is wrong.
const problems: string[] = [];

async function checkBothSizes(page: Page, name: string) {
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await checkA11y(page, `${name}-${label}`).catch((err: Error) => problems.push(err.message));
  }
}

function expectNoProblems() {
  const found = problems.splice(0);
  expect(found.join('\n\n')).toBe('');
}

describe('axe-core on every page of the route table', () => {
  it('as a visitor (public pages, and the gates of members-only ones)', { timeout: 240_000 }, async () => {
    const { page, context } = await j.newPage();
    for (const route of pageRoutes) {
      await open(page, addressOf(route.pattern));
      await checkBothSizes(page, `visitor ${route.pattern}`);
    }
    expectFailures(page, { url: /\/no-such-page$/, status: 404 });
    await open(page, '/no-such-page');
    await checkBothSizes(page, 'visitor 404');
    await context.close();
    expectNoProblems();
  });

  it('as a member', { timeout: 240_000 }, async () => {
    const { page, context } = await j.newPage();
    await signInThroughPage(page, 'a11y-member@example.com');
    await page.waitForURL((url) => url.pathname !== '/login');
    for (const route of pageRoutes) {
      if (route.pattern === '/admin') continue;
      await open(page, addressOf(route.pattern));
      await checkBothSizes(page, `member ${route.pattern}`);
    }
    await context.close();
    expectNoProblems();
  });

  it('as an admin, every tab of the panel', { timeout: 120_000 }, async () => {
    const { page, context } = await j.newPage();
    await signInThroughPage(page, 'a11y-admin@example.com');
    await page.waitForURL((url) => url.pathname !== '/login');
    await open(page, '/admin');
    const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
    const names = await tabs.allTextContents();
    expect(names.length).toBe(7);
    for (const name of names) {
      await page.setViewportSize(DESKTOP);
      await page.getByRole('tab', { name, exact: true }).click();
      await expect.poll(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe('true');
      await page.waitForLoadState('networkidle');
      await expect
        .poll(() =>
          page
            .locator('[role="tabpanel"] [role="status"]')
            .filter({ hasText: /^Loading/ })
            .count(),
        )
        .toBe(0);
      await checkBothSizes(page, `admin tab ${name}`);
    }
    await context.close();
    expectNoProblems();
  });
});
