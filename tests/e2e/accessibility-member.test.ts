import { afterAll, beforeAll, describe, it } from 'vitest';
import { pageRoutes } from '#shared/paths';
import { open, startAccessibilityJourney } from '../support/accessibility-pages';

// axe-core finds no serious or critical violation on any page of the route table for a signed-in
// member, on a phone and on a desktop.

let a: Awaited<ReturnType<typeof startAccessibilityJourney>>;
beforeAll(async () => {
  a = await startAccessibilityJourney();
});
afterAll(() => a.j.close());

describe('axe-core on every page of the route table', () => {
  it('as a member', { timeout: 240_000 }, async () => {
    const { page, context } = await a.j.newPage();
    await a.j.signIn(page, 'a11y-member@example.com');
    for (const route of pageRoutes) {
      if (route.pattern === '/admin') continue;
      await open(page, a.addressOf(route.pattern));
      await a.checkBothSizes(page, `member ${route.pattern}`);
    }
    await context.close();
    a.expectNoProblems();
  });
});
