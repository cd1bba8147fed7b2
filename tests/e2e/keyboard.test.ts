import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkA11y, DESKTOP, PHONE, startJourney } from '../support/browser';
import { createAccount, PASSWORD } from '../support/users';

// Everything works by keyboard — a skip link to the content, a visible focus ring on
// every stop, the phone menu and dialogs opened with Enter and closed with Escape, and focus put
// back where it was when a dialog closes.

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

interface Focused {
  tag: string;
  id: string;
  name: string;
  role: string | null;
  /** A focus indicator is painted: an outline or a box shadow. */
  ring: boolean;
  /** On screen, not a 1 px visually-hidden element. */
  onScreen: boolean;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', id: '', name: '', role: null, ring: false, onScreen: false };
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' '),
      role: el.getAttribute('role'),
      ring: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none',
      onScreen:
        rect.width > 2 &&
        rect.height > 2 &&
        rect.bottom > 0 &&
        rect.right > 0 &&
        rect.top < window.innerHeight &&
        rect.left < window.innerWidth,
    };
  });
}

/** Presses Tab until the focused element matches (at most `max` times); every stop on the way must show its focus. */
async function tabTo(page: Page, matches: (f: Focused) => boolean, max = 40): Promise<Focused[]> {
  const stops: Focused[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const f = await focused(page);
    stops.push(f);
    expect(f.ring, `focus ring on ${f.tag} "${f.name}"`).toBe(true);
    expect(f.onScreen, `${f.tag} "${f.name}" is on screen when focused`).toBe(true);
    if (matches(f)) return stops;
  }
  throw new Error(`Tab never reached the element; stops: ${stops.map((s) => `${s.tag} "${s.name}"`).join(' → ')}`);
}

async function skipLinkWorks(page: Page) {
  await page.goto('/');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
  await page.keyboard.press('Tab');
  const first = await focused(page);
  expect(first).toMatchObject({ tag: 'a', name: 'Skip to content', ring: true, onScreen: true });
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page)).id).toBe('main');
}

describe('keyboard', () => {
  it('desktop: skip link, the whole main navigation with a visible ring, Enter follows a link', async () => {
    const { page, context } = await j.newPage(DESKTOP);
    await skipLinkWorks(page);

    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    const stops = await tabTo(page, (f) => f.name === 'Account');
    const names = stops.map((s) => s.name);
    for (const expected of ['Skip to content', 'Sign In', 'Home', 'News & Views', 'Free Race', 'Tips'])
      expect(names).toContain(expected);

    // Back to News & Views with Shift+Tab, and Enter opens it.
    for (let i = 0; i < 20 && (await focused(page)).name !== 'News & Views'; i++)
      await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/news-and-views');
    // Page content is reachable too: Tab goes on past the navigation into the main area.
    await tabTo(page, (f) => f.tag === 'a' && f.name.length > 0 && names.indexOf(f.name) === -1);
    await checkA11y(page, 'keyboard-news-desktop');
    await context.close();
  });

  it('phone: the menu opens with Enter, Escape closes it and focus goes back to its button', async () => {
    const { page, context } = await j.newPage(PHONE);
    await skipLinkWorks(page);

    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    await tabTo(page, (f) => f.name === 'Open menu');
    await page.keyboard.press('Enter');
    const menuButton = page.getByRole('button', { name: 'Close menu' });
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.locator('#mobile-menu').isVisible()).toBe(true);
    await checkA11y(page, 'keyboard-menu-open-phone');

    // Into the list, then Escape: the menu closes and focus is on the menu button again.
    await tabTo(page, (f) => f.name === 'News & Views', 6);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#mobile-menu').isVisible()).toBe(false);
    await expect.poll(async () => (await focused(page)).name).toBe('Open menu');

    // Enter again, down to News & Views, Enter: the page opens and the menu has closed.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#mobile-menu').isVisible()).toBe(true);
    await tabTo(page, (f) => f.name === 'News & Views', 6);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/news-and-views');
    await expect.poll(() => page.locator('#mobile-menu').isVisible()).toBe(false);
    await context.close();
  });

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`${label}: sign in, account tabs with the arrow keys, a dialog opened with Enter and closed with Escape`, async () => {
      await createAccount(j.app, 'member', 'keys@example.com');
      const { page, context } = await j.newPage(viewport);
      await page.goto('/login');
      await expect.poll(() => page.getByLabel('Email').isVisible()).toBe(true);
      await tabTo(page, (f) => f.tag === 'input');
      // The first field is Email: type, Tab to the password, type, Enter submits the form.
      await expect.poll(() => page.getByLabel('Email').evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('keys@example.com');
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname !== '/login');

      await page.goto('/my-account');
      const tabs = page.getByRole('tablist');
      await expect.poll(() => tabs.isVisible()).toBe(true);
      await tabTo(page, (f) => f.role === 'tab');
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(() => page.getByRole('tab', { name: 'Subscription' }).getAttribute('aria-selected'))
        .toBe('true');
      await expect.poll(async () => (await focused(page)).name).toBe('Subscription');

      await tabTo(page, (f) => f.name === 'Cancel Subscription');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      // Focus is inside the dialog, on a control with a visible ring.
      const inDialog = await page.evaluate(() => !!document.activeElement?.closest('dialog'));
      expect(inDialog).toBe(true);
      await checkA11y(page, `keyboard-dialog-${label}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect.poll(async () => (await focused(page)).name).toBe('Cancel Subscription');

      // Enter on "Keep subscription" closes it the same way.
      await page.keyboard.press('Enter');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await expect.poll(async () => (await focused(page)).name).toBe('Keep subscription');
      await page.keyboard.press('Enter');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect.poll(async () => (await focused(page)).name).toBe('Cancel Subscription');
      await context.close();
    });
  }
});
