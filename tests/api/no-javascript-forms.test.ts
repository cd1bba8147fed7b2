import { beforeEach, describe, expect, it } from 'vitest';
import { AGE_REQUIRED_MESSAGE, START_NOW_REQUIRED_MESSAGE, TERMS_REQUIRED_MESSAGE } from '#shared/consent';
import { EMAIL_HAS_ACCOUNT_MESSAGE, LOGIN_FAILED_MESSAGE } from '#shared/form-errors';
import { checkoutSessions, localPayments } from '#server/db/schema';
import type { TestApp } from '../support/test-app';
import { createAccount, PASSWORD, signedIn } from '../support/users';
import { withPagesApp } from '../support/web-build';
import { escapeHtml, formOf, postForm } from './no-javascript-helpers';
import { fetchPage, renderedAt } from './ssr-helpers';

// The sign-in page, the subscribe form and the not-found page work without JavaScript: they arrive
// rendered, and their forms post to real server routes that end at the next page, the checkout or
// a clear error.
let t: TestApp;
withPagesApp((app) => (t = app));
beforeEach(() => t.reset());

describe('the sign-in page without JavaScript', () => {
  it('arrives rendered with a form that posts to /login, keeping where to go next', async () => {
    const p = await fetchPage(t.client(), '/login?email=sam%40example.com&next=%2Fvbg-race-cards');
    expect(p.status).toBe(200);
    expect(formOf(p.root, '/login')).toContain('method="post"');
    expect(p.root).toContain('<input type="hidden" name="next" value="/vbg-race-cards"/>');
    expect(p.root).toMatch(/name="email"[^>]*value="sam@example.com"|value="sam@example.com"[^>]*name="email"/);
    expect(p.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('signs a member in and sends them on to the page they asked for', async () => {
    await createAccount(t, 'member');
    const browser = t.client();
    const res = await postForm(t, browser, '/login', {
      email: 'member@example.com',
      password: PASSWORD,
      next: '/vbg-race-cards',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/vbg-race-cards');
    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json.email).toBe('member@example.com');
  });

  it('sends an admin to the panel and a non-member to subscribe when no safe next address is given', async () => {
    await createAccount(t, 'admin');
    await createAccount(t, 'nonMember');
    const admin = await postForm(t, t.client(), '/login', {
      email: 'admin@example.com',
      password: PASSWORD,
      next: '//evil.example/',
    });
    expect(admin.headers.get('location')).toBe('/admin');
    const nonMember = await postForm(t, t.client(), '/login', { email: 'nonmember@example.com', password: PASSWORD });
    expect(nonMember.headers.get('location')).toBe('/subscribe');
  });

  it('a wrong password comes back to the form with the error shown, the address and next kept, and no session', async () => {
    await createAccount(t, 'member');
    const browser = t.client();
    const res = await postForm(t, browser, '/login', {
      email: 'member@example.com',
      password: 'not-the-password',
      next: '/tips',
    });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toBe('/login?error=invalid&email=member%40example.com&next=%2Ftips');
    expect(browser.cookies.size).toBe(0);
    const page = await fetchPage(browser, location);
    expect(page.status).toBe(200);
    expect(page.root).toContain(`role="alert"`);
    expect(page.root).toContain(LOGIN_FAILED_MESSAGE);
    expect(page.root).toContain('value="/tips"');
  });

  it('an empty field is refused with a clear message; text in the address never becomes the message', async () => {
    const res = await postForm(t, t.client(), '/login', { email: '', password: '' });
    expect(res.headers.get('location')).toBe('/login?error=incomplete');
    const made = await fetchPage(t.client(), '/login?error=Call%200800%20now');
    // An unknown code is dropped from the address: the page is sent to its plain address.
    expect(made.status).toBe(301);
    expect(made.headers.get('location')).toBe('/login');
  });

  it('repeated failures end in the throttle message, as the JSON sign-in does', async () => {
    await createAccount(t, 'member');
    let location = '';
    for (let i = 0; i < 12 && !location.includes('throttled'); i++) {
      location = (
        await postForm(t, t.client(), '/login', { email: 'member@example.com', password: `wrong-${i}` })
      ).headers.get('location')!;
    }
    expect(location).toContain('error=throttled');
  });

  it('a post from another site is refused', async () => {
    await createAccount(t, 'member');
    const res = await t
      .client()
      .post('/login', new URLSearchParams({ email: 'member@example.com', password: PASSWORD }).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      });
    expect(res.status).toBe(403);
  });
});

describe('the subscribe form without JavaScript', () => {
  const BOXES = { confirmAge: 'on', acceptTerms: 'on', startNow: 'on' };

  it('posts to /subscribe with its three boxes and goes straight to the checkout for the typed address', async () => {
    const p = await fetchPage(t.client(), '/subscribe');
    expect(formOf(p.root, '/subscribe')).toContain('method="post"');
    const sent = t.clock.now();
    for (const name of Object.keys(BOXES))
      expect(p.root).toMatch(
        new RegExp(`<input[^>]*type="checkbox"[^>]*name="${name}"|<input[^>]*name="${name}"[^>]*type="checkbox"`),
      );
    const res = await postForm(t, t.client(), '/subscribe', { email: 'new.punter@example.com', ...BOXES });
    expect(res.status).toBe(303);
    const checkout = new URL(res.headers.get('location')!);
    expect(checkout.pathname).toMatch(/^\/local-checkout\/lcs_/);
    const payPage = await t.client().get(checkout.pathname);
    expect(payPage.status).toBe(200);
    expect(payPage.text).toContain('new.punter@example.com');
    const [row] = await t.ctx.db.select().from(checkoutSessions);
    expect(row.plan).toBe('monthly');
    // Each box's time is the form post's.
    for (const at of [row.ageConfirmedAt, row.termsAcceptedAt, row.startNowAcknowledgedAt])
      expect(at!.getTime()).toBeGreaterThanOrEqual(sent.getTime());
    expect(row.ageConfirmedAt!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it('refuses without each box, with its own message on the form, and starts no checkout', async () => {
    const cases = [
      ['confirmAge', 'age', AGE_REQUIRED_MESSAGE],
      ['acceptTerms', 'terms', TERMS_REQUIRED_MESSAGE],
      ['startNow', 'start-now', START_NOW_REQUIRED_MESSAGE],
    ] as const;
    for (const [box, code, message] of cases) {
      const fields: Record<string, string> = { email: 'new.punter@example.com', ...BOXES };
      delete fields[box];
      const res = await postForm(t, t.client(), '/subscribe', fields);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/subscribe?error=${code}`);
      const page = await fetchPage(t.client(), `/subscribe?error=${code}`);
      expect(page.status).toBe(200);
      expect(page.root).toContain(escapeHtml(message));
    }
    // A box is ticked only by "on", what a browser sends for a checked box.
    const odd = await postForm(t, t.client(), '/subscribe', {
      email: 'new.punter@example.com',
      ...BOXES,
      confirmAge: 'yes',
    });
    expect(odd.headers.get('location')).toBe('/subscribe?error=age');
    // The annual plan is off here (no ANNUAL_PRICE_PENCE): choosing it is refused, as is a made-up plan.
    const annual = await postForm(t, t.client(), '/subscribe', {
      email: 'new.punter@example.com',
      ...BOXES,
      plan: 'annual',
    });
    expect(annual.headers.get('location')).toBe('/subscribe?error=plan');
    const madeUp = await postForm(t, t.client(), '/subscribe', {
      email: 'new.punter@example.com',
      ...BOXES,
      plan: 'weekly',
    });
    expect(madeUp.headers.get('location')).toBe('/subscribe?error=plan-choice');
    expect(await t.ctx.db.select().from(checkoutSessions)).toEqual([]);
    expect(await t.ctx.db.select().from(localPayments)).toEqual([]);
  });

  it('a bad address or an address with an account comes back with its message on the form', async () => {
    const bad = await postForm(t, t.client(), '/subscribe', { email: 'not-an-address', ...BOXES });
    expect(bad.headers.get('location')).toBe('/subscribe?error=email');
    await createAccount(t, 'nonMember');
    const taken = await postForm(t, t.client(), '/subscribe', { email: 'nonmember@example.com', ...BOXES });
    expect(taken.headers.get('location')).toBe('/subscribe?error=account');
    const page = await fetchPage(t.client(), '/subscribe?error=account');
    expect(page.status).toBe(200);
    expect(page.root).toContain(EMAIL_HAS_ACCOUNT_MESSAGE);
  });

  it('a signed-in member is not charged twice', async () => {
    const { client } = await signedIn(t, 'member');
    const res = await postForm(t, client, '/subscribe', BOXES);
    expect(res.headers.get('location')).toBe('/subscribe?error=already-member');
  });
});

describe('the not-found page', () => {
  it('arrives rendered with 404, and made-up addresses share one render', async () => {
    const first = await fetchPage(t.client(), '/no-such-page');
    expect(first.status).toBe(404);
    expect(first.root).toContain('404 Page Not Found');
    expect(first.root).toContain('href="/"');
    t.clock.advance(1000);
    const second = await fetchPage(t.client(), '/another/made-up/address');
    expect(second.status).toBe(404);
    expect(renderedAt(second)).toBe(renderedAt(first));
  });
});
