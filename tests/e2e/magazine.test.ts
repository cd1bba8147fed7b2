import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { capture, expectFailures, PHONE, startJourney } from '../support/browser';
import { PASSWORD, createAccount } from '../support/users';
import { createUser } from '#server/features/auth/users';
import { createArticle } from '#server/features/articles/create-article';

let j: Awaited<ReturnType<typeof startJourney>>;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(() => j.close());
beforeEach(() => j.app.reset());

const REGULAR_SENTENCE = 'The going at Haydock turned heavy after lunch and the form book went with it.';
const PREMIUM_SENTENCE = 'Back the each-way value only when the VB rating clears the market by nine points.';

const createMember = (email: string) => createAccount(j.app, 'member', email);

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().isVisible();
const premiumPanel = (page: Page) => page.getByRole('heading', { name: 'Premium Content', exact: true });

describe('magazine: visitor', () => {
  it('reads a regular article, meets the lock on a premium one, and copies the discount code', async () => {
    const regular = await createArticle(j.app.ctx, {
      title: 'Heavy Ground at Haydock',
      summary: '<p>How the rain changed the card.</p>',
      content: `<p>${REGULAR_SENTENCE}</p><p>Second paragraph of the report.</p>`,
      category: 'news',
      publishDate: '2025-03-10',
    });
    const premium = await createArticle(j.app.ctx, {
      title: 'The Value Ladder Explained',
      summary: '<p>Where the <strong>edge</strong> really comes from.</p>',
      content: `<p>${PREMIUM_SENTENCE}</p>`,
      category: 'views',
      contentType: 'premium',
      publishDate: '2025-03-11',
      discountCode: 'ASCOT25',
    });

    const { page, context } = await j.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: j.app.baseUrl });

    // The index: both columns, the premium card locked for a visitor.
    await page.goto('/news-and-views');
    await expect.poll(() => page.getByRole('heading', { name: 'Racing Affairs & News' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('heading', { name: 'VB Betting Strategy & Principles' }).isVisible())
      .toBe(true);
    const news = page.getByRole('list', { name: 'Racing Affairs & News' });
    const views = page.getByRole('list', { name: 'VB Betting Strategy & Principles' });
    await expect.poll(() => news.getByText(regular.title).isVisible()).toBe(true);
    await expect.poll(() => views.getByText(premium.title).isVisible()).toBe(true);
    await expect.poll(async () => views.getByRole('button', { name: 'Members Only' }).isVisible()).toBe(true);
    await expect.poll(async () => views.getByText('[Premium Content]').isVisible()).toBe(true);
    await expect.poll(async () => page.content()).not.toContain(PREMIUM_SENTENCE);
    await capture(page, 'magazine-index-visitor');

    // The regular article read in place of the list.
    await news.getByRole('button', { name: 'Read More' }).click();
    await expect.poll(() => page.getByText(REGULAR_SENTENCE).isVisible()).toBe(true);
    await expect
      .poll(async () => page.getByRole('link', { name: 'Sign Up Here for Full Premium Access' }).getAttribute('href'))
      .toBe('/subscribe');
    await capture(page, 'magazine-inpage-regular');
    await page.getByRole('button', { name: 'Return to News & Views' }).first().click();
    await expect.poll(() => views.getByText(premium.title).isVisible()).toBe(true);

    // The premium card opens the members-only panel in place.
    await views.getByRole('button', { name: 'Members Only' }).click();
    await expect.poll(() => premiumPanel(page).isVisible()).toBe(true);
    await expect.poll(async () => visible(page, 'This article is exclusive to VBG members.')).toBe(true);
    await expect
      .poll(async () => page.getByRole('link', { name: 'Subscribe £16/month' }).getAttribute('href'))
      .toBe('/subscribe');
    await expect.poll(async () => page.content()).not.toContain(PREMIUM_SENTENCE);
    await capture(page, 'magazine-inpage-premium-visitor');
    await page.getByRole('button', { name: 'Return to News & Views' }).last().click();
    await expect.poll(() => news.getByText(regular.title).isVisible()).toBe(true);
    // The News & Views link, clicked while on the page, also closes an open article.
    await news.getByRole('button', { name: 'Read More' }).click();
    await expect.poll(() => page.getByText(REGULAR_SENTENCE).isVisible()).toBe(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News & Views' }).first().click();
    await expect.poll(() => views.getByText(premium.title).isVisible()).toBe(true);
    await expect.poll(async () => page.getByText(REGULAR_SENTENCE).count()).toBe(0);

    // The regular article's own page: the body for everyone, and the offer for a visitor.
    await page.goto(`/news-and-views/${regular.slug}`);
    await expect.poll(() => page.getByText(REGULAR_SENTENCE).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('Heavy Ground at Haydock — News & Views — VBG');
    await expect.poll(async () => page.getByText('Published Monday 10 March 2025').isVisible()).toBe(true);
    // The offer, with the site's default code when the article has none.
    await expect
      .poll(async () =>
        page.getByRole('region', { name: 'Subscription offer' }).getByText('VALUE25', { exact: true }).isVisible(),
      )
      .toBe(true);
    await capture(page, 'magazine-article-regular-visitor');

    // The premium article's page: the lock and no body anywhere in the page.
    const response = await page.goto(`/news-and-views/${premium.slug}`);
    const shell = (await response?.text()) ?? '';
    expect(shell.match(/<meta name="description"/g)).toHaveLength(1);
    expect(shell).toContain('<title>The Value Ladder Explained — News &amp; Views — VBG</title>');
    await expect.poll(() => premiumPanel(page).isVisible()).toBe(true);
    await expect.poll(async () => visible(page, 'This is premium content available to subscribers only.')).toBe(true);
    await expect
      .poll(async () => page.getByRole('link', { name: 'Subscribe to Read Full Article' }).getAttribute('href'))
      .toBe('/subscribe');
    await expect.poll(async () => page.getByRole('heading', { level: 1, name: premium.title }).isVisible()).toBe(true);
    await expect.poll(async () => page.getByText('Where the edge really comes from.').isVisible()).toBe(true);
    await expect.poll(async () => page.content()).not.toContain(PREMIUM_SENTENCE);
    await expect.poll(() => page.title()).toBe('The Value Ladder Explained — News & Views — VBG');
    await capture(page, 'magazine-article-premium-visitor');

    // The offer, with the article's own code; copying it puts it on the clipboard.
    const offer = page.getByRole('region', { name: 'Subscription offer' });
    await expect
      .poll(async () =>
        offer.getByText('Unlock All Premium Content | Race Cards ~ Tips ~ Value Generator and More').isVisible(),
      )
      .toBe(true);
    await expect.poll(async () => offer.getByText('ASCOT25', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(async () => offer.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href'))
      .toBe('/subscribe');
    await offer.getByRole('button', { name: 'Copy discount code' }).click();
    await expect.poll(() => visible(page, 'Code Copied!')).toBe(true);
    await expect.poll(async () => visible(page, 'Discount code "ASCOT25" copied to clipboard')).toBe(true);
    await expect.poll(async () => page.evaluate(() => navigator.clipboard.readText())).toBe('ASCOT25');
    await expect.poll(() => offer.getByRole('button', { name: 'Discount code copied' }).isVisible()).toBe(true);
    await capture(page, 'magazine-code-copied');

    // Back to the list and back again (the article now comes from the cache): still its title.
    await page.getByRole('link', { name: 'More Articles' }).click();
    await page.waitForURL('**/news-and-views');
    await expect.poll(() => page.title()).toBe('News & Views — VBG');
    await page.goBack();
    await page.waitForURL(`**/news-and-views/${premium.slug}`);
    await expect.poll(() => premiumPanel(page).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe('The Value Ladder Explained — News & Views — VBG');
    await context.close();
  });

  it('shows the premium lock on a phone too, and "Article Not Found" for an unknown slug', async () => {
    const premium = await createArticle(j.app.ctx, {
      title: 'Phone Sized Premium',
      summary: '<p>Short summary.</p>',
      content: `<p>${PREMIUM_SENTENCE}</p>`,
      contentType: 'premium',
    });
    const { page, context } = await j.newPage(PHONE);
    await page.goto(`/news-and-views/${premium.id}`);
    // An id in the address is replaced by the slug.
    await page.waitForURL(`**/news-and-views/${premium.slug}`);
    await expect.poll(() => premiumPanel(page).isVisible()).toBe(true);
    await expect.poll(async () => page.content()).not.toContain(PREMIUM_SENTENCE);
    // Answered 404, the page and its data alike.
    expectFailures(page, { url: /\/news-and-views\/no-such-article$/, status: 404 });
    await page.goto('/news-and-views/no-such-article');
    await expect.poll(() => page.getByRole('heading', { name: 'Article Not Found' }).isVisible()).toBe(true);
    await expect
      .poll(async () => visible(page, "The article you're looking for doesn't exist or has been moved."))
      .toBe(true);
    await capture(page, 'magazine-article-not-found');
    await context.close();
  });
});

describe('magazine: admin, member and non-member', () => {
  it('an admin publishes a premium article with the editor; a member reads it, a non-member meets the lock', async () => {
    await createUser(j.app.ctx, { email: 'editor@example.com', password: PASSWORD, role: 'admin' });
    await createMember('reader@example.com');
    await createUser(j.app.ctx, { email: 'browser@example.com', password: PASSWORD });

    // The admin writes and publishes.
    const admin = await j.newPage();
    await j.signIn(admin.page, 'editor@example.com');
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: 'News & Views' }).click();
    const upload = admin.page.getByRole('tab', { name: 'Upload New Article' });
    await expect.poll(() => upload.getAttribute('aria-selected')).toBe('true');
    const form = admin.page.getByRole('form', { name: 'Upload New Article' });
    const publish = form.getByRole('button', { name: 'Publish Article' });
    await expect.poll(() => publish.isDisabled()).toBe(true);
    await form.getByLabel('Article Title').fill('Cheltenham Festival Value Picks');
    await form.getByLabel('Brief Summary').fill('Where the prices are wrong this March.');
    // A discount code the server would refuse is refused at its field once left, before any submit.
    const code = form.getByLabel('Discount Code (optional)');
    await code.fill('SPRING 10');
    await code.blur();
    const codeRule = 'Discount code may only contain letters, numbers, hyphens and underscores';
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => form.getByText(codeRule).isVisible()).toBe(true);
    await code.fill('');
    await expect.poll(() => form.getByText(codeRule).count()).toBe(0);
    await form.getByLabel('Category').selectOption({ label: 'VB Betting Strategy & Principles' });
    await form.getByLabel('Content Type').selectOption({ label: 'Premium (Members Only)' });
    const editor = form.getByRole('textbox', { name: 'Article Content' });
    await editor.click();
    await admin.page.keyboard.type('Our first selection is ');
    await form.getByRole('button', { name: 'Bold' }).click();
    await expect.poll(() => form.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await admin.page.keyboard.type('Galopin Des Champs');
    await form.getByRole('button', { name: 'Bold' }).click();
    await admin.page.keyboard.type(' at a price well above our tissue.');
    await expect.poll(() => editor.locator('strong').textContent()).toBe('Galopin Des Champs');
    await expect.poll(() => publish.isEnabled()).toBe(true);
    await admin.page.evaluate(() => window.scrollTo(0, 0));
    await capture(admin.page, 'magazine-admin-upload');
    await publish.click();
    await admin.page.waitForURL('**/news-and-views/cheltenham-festival-value-picks');
    const body = 'Our first selection is Galopin Des Champs at a price well above our tissue.';
    await expect.poll(() => admin.page.getByText(body).isVisible()).toBe(true);
    await expect.poll(async () => admin.page.locator('article strong').textContent()).toBe('Galopin Des Champs');
    await expect
      .poll(async () =>
        admin.page.getByRole('heading', { level: 1, name: 'Cheltenham Festival Value Picks' }).isVisible(),
      )
      .toBe(true);
    await expect.poll(async () => premiumPanel(admin.page).count()).toBe(0);
    await expect.poll(async () => admin.page.getByRole('region', { name: 'Subscription offer' }).count()).toBe(0);
    await expect.poll(() => visible(admin.page, 'Article Published')).toBe(true);
    await capture(admin.page, 'magazine-admin-published');
    // The edit form checks the same rules: an emptied title says so at its field before saving.
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: 'News & Views' }).click();
    await admin.page.getByRole('tab', { name: 'Manage Existing Articles' }).click();
    await admin.page.getByRole('button', { name: 'Edit Cheltenham Festival Value Picks' }).click();
    const edit = admin.page.getByRole('form', { name: 'Edit Cheltenham Festival Value Picks' });
    const title = edit.getByLabel('Article Title');
    await expect.poll(() => title.inputValue()).toBe('Cheltenham Festival Value Picks');
    await title.fill('');
    await title.blur();
    await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => edit.getByText('Title is required').isVisible()).toBe(true);
    await title.fill('Cheltenham Festival Value Picks');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => visible(admin.page, 'Article Updated')).toBe(true);
    await admin.context.close();

    // A member first meets the lock as a visitor, signs in from the header and reads it all:
    // in place on the index, and on the page again (its cached preview is fetched afresh).
    const member = await j.newPage();
    await member.page.goto('/news-and-views/cheltenham-festival-value-picks');
    await expect.poll(() => premiumPanel(member.page).isVisible()).toBe(true);
    await member.page.getByRole('link', { name: 'Sign In', exact: true }).click();
    await member.page.waitForURL('**/login');
    await member.page.getByLabel('Email').fill('reader@example.com');
    await member.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await member.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await member.page.waitForURL((url) => url.pathname === '/');
    await member.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'News & Views' })
      .first()
      .click();
    await member.page.waitForURL('**/news-and-views');
    const strategy = member.page.getByRole('list', { name: 'VB Betting Strategy & Principles' });
    await strategy.getByRole('button', { name: 'Read More' }).click();
    await expect.poll(() => member.page.getByText(body).isVisible()).toBe(true);
    await expect.poll(async () => premiumPanel(member.page).count()).toBe(0);
    await capture(member.page, 'magazine-inpage-premium-member');
    await member.page.goBack();
    await member.page.goBack();
    await member.page.waitForURL('**/news-and-views/cheltenham-festival-value-picks');
    await expect.poll(() => member.page.getByText(body).isVisible()).toBe(true);
    await expect.poll(async () => member.page.locator('article strong').textContent()).toBe('Galopin Des Champs');
    await expect.poll(async () => premiumPanel(member.page).count()).toBe(0);
    await expect.poll(async () => member.page.getByRole('region', { name: 'Subscription offer' }).count()).toBe(0);
    await capture(member.page, 'magazine-article-premium-member');
    // Signing out locks it again, even though the body was fetched a moment ago.
    await member.page.getByRole('button', { name: 'Sign Out' }).click();
    await member.page.waitForURL((url) => url.pathname === '/');
    await member.page.goBack();
    await member.page.waitForURL('**/news-and-views/cheltenham-festival-value-picks');
    await expect.poll(() => premiumPanel(member.page).isVisible()).toBe(true);
    await expect.poll(() => member.page.getByRole('region', { name: 'Subscription offer' }).isVisible()).toBe(true);
    await expect.poll(async () => member.page.content()).not.toContain('Galopin Des Champs');
    await member.context.close();

    // A signed-in non-member sees the preview panel, without the body and without the offer.
    const other = await j.newPage();
    await j.signIn(other.page, 'browser@example.com');
    await other.page.goto('/news-and-views/cheltenham-festival-value-picks');
    await expect.poll(() => premiumPanel(other.page).isVisible()).toBe(true);
    await expect
      .poll(async () => visible(other.page, 'This is premium content available to subscribers only.'))
      .toBe(true);
    await expect.poll(async () => other.page.content()).not.toContain('Galopin Des Champs');
    await expect.poll(async () => other.page.getByRole('region', { name: 'Subscription offer' }).count()).toBe(0);
    await capture(other.page, 'magazine-article-premium-non-member');
    await other.context.close();
  });
});
