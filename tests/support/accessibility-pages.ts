import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '#server/seed/demo';
import { BLOG_ARTICLES } from '#shared/resources';
import { checkA11y, DESKTOP, PHONE, quiet, startJourney } from './browser';
import { createAccount } from './users';

/**
 * What tests/e2e/accessibility-*.test.ts share: the app with the demo content, a member and an
 * admin, and a sample address for each parameter of the route table. The visitor's, the member's
 * and the admin's passes are files of their own so that they run side by side.
 */
export async function startAccessibilityJourney() {
  const j = await startJourney();
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
  const samples: Record<string, string> = {
    '/news-and-views/:slug': `/news-and-views/${articles[0].slug}`,
    '/resources/:slug': `/resources/${BLOG_ARTICLES[0].slug}`,
    '/tips/:date': `/tips/${tipsDay}`,
  };
  /** The address to open for a pattern of the route table (a sample value for each parameter). */
  function addressOf(pattern: string) {
    if (!pattern.includes(':')) return pattern;
    const sample = samples[pattern];
    if (!sample) throw new Error(`No sample address for ${pattern}: add one to tests/support/accessibility-pages.ts`);
    return sample;
  }
  // Every page is checked before the test fails, so one run lists all that is wrong.
  const problems: string[] = [];
  /** Checks the page as it is now with axe-core at phone and at desktop width. */
  async function checkBothSizes(page: Page, name: string) {
    for (const [label, size] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await checkA11y(page, `${name}-${label}`).catch((err: Error) => problems.push(err.message));
    }
  }
  return {
    j,
    checkBothSizes,
    /**
     * Opens the page of each pattern and checks it at both sizes, on these pages side by side: each
     * page takes the next pattern when it is done with one. Pages of their own contexts draw in
     * renderer processes of their own, so two use both cores when the other worker leaves one free.
     */
    async checkEach(pages: Page[], who: string, patterns: string[]) {
      let next = 0;
      await Promise.all(
        pages.map(async (page) => {
          while (next < patterns.length) {
            const pattern = patterns[next++];
            await open(page, addressOf(pattern));
            await checkBothSizes(page, `${who} ${pattern}`);
          }
        }),
      );
    },
    /** Fails with every problem the checks so far found. */
    expectNoProblems() {
      const found = problems.splice(0);
      expect(found.join('\n\n')).toBe('');
    },
  };
}

/** Waits until the page's code and first data are in: nothing loading, no loading placeholder left. */
export async function loaded(page: Page, placeholders = 'main [role="status"]') {
  await quiet(page);
  await expect
    .poll(() =>
      page
        .locator(placeholders)
        .filter({ hasText: /^Loading/ })
        .count(),
    )
    .toBe(0);
}

/** Opens a page and waits until its code and first data are in and its heading shows. */
export async function open(page: Page, address: string) {
  await page.goto(address);
  await loaded(page);
  await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
}
