import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP } from '../support/browser';
import { loaded, open, startAccessibilityJourney } from '../support/accessibility-pages';

// axe-core finds no serious or critical violation on any tab of the admin panel, on a phone and on
// a desktop.

let a: Awaited<ReturnType<typeof startAccessibilityJourney>>;
beforeAll(async () => {
  a = await startAccessibilityJourney();
});
afterAll(() => a.j.close());

describe('axe-core on every page of the route table', () => {
  it('as an admin, every tab of the panel', { timeout: 120_000 }, async () => {
    const { page, context } = await a.j.newPage();
    await a.j.signIn(page, 'a11y-admin@example.com');
    await open(page, '/admin');
    const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
    const names = await tabs.allTextContents();
    expect(names.length).toBe(7);
    for (const name of names) {
      await page.setViewportSize(DESKTOP);
      await page.getByRole('tab', { name, exact: true }).click();
      await expect.poll(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe('true');
      await loaded(page, '[role="tabpanel"] [role="status"]');
      await a.checkBothSizes(page, `admin tab ${name}`);
    }
    await context.close();
    a.expectNoProblems();
  });
});
