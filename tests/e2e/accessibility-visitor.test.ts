import { afterAll, beforeAll, describe, it } from 'vitest';
import { pageRoutes } from '#shared/paths';
import { expectFailures } from '../support/browser';
import { open, startAccessibilityJourney } from '../support/accessibility-pages';

// axe-core finds no serious or critical violation on any page of the route table for a visitor,
// on a phone and on a desktop (the member's and the admin's passes are files of their own).

let a: Awaited<ReturnType<typeof startAccessibilityJourney>>;
beforeAll(async () => {
  a = await startAccessibilityJourney();
});
afterAll(() => a.j.close());

describe('axe-core on every page of the route table', () => {
  it('as a visitor (public pages, and the gates of members-only ones)', { timeout: 240_000 }, async () => {
    const visitors = [await a.j.newPage(), await a.j.newPage()];
    await a.checkEach(
      visitors.map((v) => v.page),
      'visitor',
      pageRoutes.map((route) => route.pattern),
    );
    const { page } = visitors[0];
    expectFailures(page, { url: /\/no-such-page$/, status: 404 });
    await open(page, '/no-such-page');
    await a.checkBothSizes(page, 'visitor 404');
    for (const v of visitors) await v.context.close();
    a.expectNoProblems();
  });
});
