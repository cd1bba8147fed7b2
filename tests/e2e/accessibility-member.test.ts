import { afterAll, beforeAll, describe, it } from 'vitest';
import { pageRoutes } from '#shared/paths';
import { startAccessibilityJourney } from '../support/accessibility-pages';

// axe-core finds no serious or critical violation on any page of the route table for a signed-in
// member, on a phone and on a desktop.

let a: Awaited<ReturnType<typeof startAccessibilityJourney>>;
beforeAll(async () => {
  a = await startAccessibilityJourney();
});
afterAll(() => a.j.close());

describe('axe-core on every page of the route table', () => {
  it('as a member', { timeout: 240_000 }, async () => {
    const members = [await a.j.newPage(), await a.j.newPage()];
    for (const m of members) await a.j.signIn(m.page, 'a11y-member@example.com');
    await a.checkEach(
      members.map((m) => m.page),
      'member',
      pageRoutes.map((route) => route.pattern).filter((pattern) => pattern !== '/admin'),
    );
    for (const m of members) await m.context.close();
    a.expectNoProblems();
  });
});
