import { beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from '#shared/auth-rules';
import { AGE_REQUIRED_MESSAGE, TERMS_REQUIRED_MESSAGE } from '#shared/consent';
import { EMAIL_INVALID_MESSAGE, REGISTER_REFUSED_MESSAGE } from '#shared/form-errors';
import { RESET_LINK_SENT_MESSAGE, RESET_THROTTLED_MESSAGE } from '#shared/mail';
import { checkoutSessions, outbox, passwordResetTokens, users } from '#server/db/schema';
import { CONSENT_FIELDS_FORM, escapeHtml, formOf, postForm } from './no-javascript-helpers';
import { JOINING } from '../support/consent';
import type { TestApp } from '../support/test-app';
import { createAccount, PASSWORD } from '../support/users';
import { withPagesApp } from '../support/web-build';
import { fetchPage } from './ssr-helpers';

// Registering, asking for a reset link and the password step after paying work without
// JavaScript: each page arrives rendered, its form posts to a real route that answers 303 to the
// next page, or back to the form with the refusal's message and what was typed (never a
// password), having changed nothing.
let t: TestApp;
withPagesApp((app) => (t = app));
beforeEach(() => t.reset());

const post = (client: ReturnType<TestApp['client']>, path: string, fields: Record<string, string>) =>
  postForm(t, client, path, fields);

describe('the register page without JavaScript', () => {
  const FORM = { email: 'New.Punter@example.com', password: 'punter-pass', confirmPassword: 'punter-pass' };

  it('arrives rendered with a form that posts to /register, its two boxes named', async () => {
    const page = await fetchPage(t.client(), '/register');
    expect(page.status).toBe(200);
    expect(formOf(page.root, '/register')).toContain('method="post"');
    for (const name of ['email', 'password', 'confirmPassword', 'confirmAge', 'acceptTerms'])
      expect(page.root, name).toContain(`name="${name}"`);
  });

  it('makes the account, signs it in and goes on to choose a membership', async () => {
    const browser = t.client();
    const res = await post(browser, '/register', { ...FORM, ...CONSENT_FIELDS_FORM });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/subscribe');
    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email: 'new.punter@example.com', isSubscribed: false });
    const [row] = await t.ctx.db.select().from(users);
    expect(row.termsAcceptedAt).not.toBeNull();
  });

  it('each refusal comes back with its message, the address and ticked boxes kept, no password, no account', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ ...FORM, email: 'not-an-address', ...CONSENT_FIELDS_FORM }, 'email', EMAIL_INVALID_MESSAGE],
      [{ ...FORM, password: 'abc', confirmPassword: 'abc', ...CONSENT_FIELDS_FORM }, 'short', PASSWORD_TOO_SHORT],
      [{ ...FORM, confirmPassword: 'punter-pasS', ...CONSENT_FIELDS_FORM }, 'differ', PASSWORDS_DIFFER],
      [{ ...FORM, acceptTerms: 'on' }, 'age', AGE_REQUIRED_MESSAGE],
      [{ ...FORM, confirmAge: 'on' }, 'terms', TERMS_REQUIRED_MESSAGE],
    ];
    for (const [fields, code, message] of cases) {
      const browser = t.client();
      const res = await post(browser, '/register', fields);
      expect(res.status, code).toBe(303);
      const location = new URL(res.headers.get('location')!, t.baseUrl);
      expect(location.pathname).toBe('/register');
      expect(location.searchParams.get('error'), code).toBe(code);
      expect(location.searchParams.get('email')).toBe(fields.email);
      expect(location.search).not.toContain('pass');
      expect(browser.cookies.size).toBe(0);
      const page = await fetchPage(browser, `${location.pathname}${location.search}`);
      expect(page.status).toBe(200);
      expect(page.root).toContain('role="alert"');
      expect(page.root, code).toContain(escapeHtml(message));
      expect(page.root).toContain(`value="${escapeHtml(fields.email)}"`);
      expect(page.root).not.toContain(fields.password);
      // The boxes that were ticked come back ticked.
      for (const box of ['confirmAge', 'acceptTerms'])
        expect(new RegExp(`<input[^>]*name="${box}"[^>]*checked=""`).test(page.root), `${code} ${box}`).toBe(
          fields[box] === 'on',
        );
    }
    expect(await t.ctx.db.select().from(users)).toEqual([]);
  });

  it('an address with an account is refused without saying more, and the account is untouched', async () => {
    const existing = await createAccount(t, 'nonMember', 'taken@example.com');
    const res = await post(t.client(), '/register', { ...FORM, email: 'taken@example.com', ...CONSENT_FIELDS_FORM });
    expect(res.headers.get('location')).toBe(
      '/register?error=account&email=taken%40example.com&confirmAge=on&acceptTerms=on',
    );
    const page = await fetchPage(t.client(), res.headers.get('location')!);
    expect(page.root).toContain(escapeHtml(REGISTER_REFUSED_MESSAGE));
    const [row] = await t.ctx.db.select().from(users);
    expect(row.passwordHash).toBe(existing.passwordHash);
    // The same sign-in works as before.
    expect((await post(t.client(), '/login', { email: 'taken@example.com', password: PASSWORD })).status).toBe(303);
  });

  it('a post from another site is refused', async () => {
    const res = await t
      .client()
      .post('/register', new URLSearchParams({ ...FORM, ...CONSENT_FIELDS_FORM }).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      });
    expect(res.status).toBe(403);
    expect(await t.ctx.db.select().from(users)).toEqual([]);
  });
});

describe('the forgot-password page without JavaScript', () => {
  it('arrives rendered with a form that posts to /forgot-password', async () => {
    const page = await fetchPage(t.client(), '/forgot-password');
    expect(page.status).toBe(200);
    expect(formOf(page.root, '/forgot-password')).toContain('method="post"');
    expect(page.root).toContain('name="email"');
  });

  it('sends the link and shows "check your e-mail", the same for an address without an account', async () => {
    await createAccount(t, 'member', 'ann@example.com');
    const known = await post(t.client(), '/forgot-password', { email: 'Ann@Example.com' });
    expect(known.status).toBe(303);
    expect(known.headers.get('location')).toBe('/forgot-password?sent=1');
    const unknown = await post(t.client(), '/forgot-password', { email: 'nobody@example.com' });
    expect(unknown.headers.get('location')).toBe('/forgot-password?sent=1');
    const mails = await t.ctx.db.select().from(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'password-reset', recipient: 'ann@example.com' });
    const page = await fetchPage(t.client(), '/forgot-password?sent=1');
    expect(page.status).toBe(200);
    expect(page.root).toContain('role="status"');
    expect(page.root).toContain(escapeHtml(RESET_LINK_SENT_MESSAGE));
    expect(page.root).toContain('href="/forgot-password"');
  });

  it('a bad address comes back with its message and the address; nothing is sent', async () => {
    const res = await post(t.client(), '/forgot-password', { email: 'ann-at-example' });
    expect(res.headers.get('location')).toBe('/forgot-password?error=email&email=ann-at-example');
    const page = await fetchPage(t.client(), res.headers.get('location')!);
    expect(page.root).toContain(escapeHtml(EMAIL_INVALID_MESSAGE));
    expect(page.root).toContain('value="ann-at-example"');
    const empty = await post(t.client(), '/forgot-password', { email: '' });
    expect(empty.headers.get('location')).toBe('/forgot-password?error=email-required');
    expect(await t.ctx.db.select().from(passwordResetTokens)).toEqual([]);
    expect(await t.ctx.db.select().from(outbox)).toEqual([]);
  });

  it('too many requests for one address end in the throttle message', async () => {
    await createAccount(t, 'member', 'ann@example.com');
    let location = '';
    for (let i = 0; i < 5 && !location.includes('error'); i++)
      location = (await post(t.client(), '/forgot-password', { email: 'ann@example.com' })).headers.get('location')!;
    expect(location).toBe('/forgot-password?error=throttled&email=ann%40example.com');
    const page = await fetchPage(t.client(), location);
    expect(page.root).toContain(escapeHtml(RESET_THROTTLED_MESSAGE));
  });
});

describe('paying and setting a password without JavaScript', () => {
  /** A visitor's paid checkout on the local provider: its session id. */
  async function pay(email: string) {
    const started = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
    const path = new URL(started.json.url as string).pathname;
    const paid = await post(t.client(), `${path}/complete`, {});
    expect(paid.status).toBe(303);
    return path.split('/').pop()!;
  }

  it('the payment-success page arrives rendered with the payment and a button that opens the password step', async () => {
    const sessionId = await pay('buyer@example.com');
    const page = await fetchPage(t.client(), `/payment-success?session_id=${sessionId}`);
    expect(page.status).toBe(200);
    expect(page.root).toContain('Payment Successful!');
    expect(page.root).toContain('buyer@example.com');
    expect(page.root).toContain('VBG Premium — £16.00/month');
    const form = formOf(page.root, '/set-password');
    expect(form).toContain('method="get"');
    expect(page.root).toContain(`<input type="hidden" name="session_id" value="${sessionId}"/>`);
    expect(page.root).toMatch(/<button type="submit"[^>]*>Set Your Password<\/button>/);
    expect(page.root).not.toMatch(/<button[^>]*disabled=""[^>]*>Set Your Password/);
  });

  it('the set-password page posts the password, signs the buyer in and goes home', async () => {
    const sessionId = await pay('buyer@example.com');
    const page = await fetchPage(t.client(), `/set-password?session_id=${sessionId}`);
    expect(page.status).toBe(200);
    expect(formOf(page.root, '/set-password')).toContain('method="post"');
    expect(page.root).toContain(`<input type="hidden" name="session_id" value="${sessionId}"/>`);
    expect(page.root).toContain('value="buyer@example.com"');

    const browser = t.client();
    const res = await post(browser, '/set-password', {
      session_id: sessionId,
      password: 'buyer-pass',
      confirmPassword: 'buyer-pass',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect((await browser.get('/api/auth/user')).json).toMatchObject({
      email: 'buyer@example.com',
      isSubscribed: true,
    });
    // The password works for signing in, and the step is closed now.
    expect((await post(t.client(), '/login', { email: 'buyer@example.com', password: 'buyer-pass' })).status).toBe(303);
    const again = await post(t.client(), '/set-password', {
      session_id: sessionId,
      password: 'other-pass',
      confirmPassword: 'other-pass',
    });
    expect(again.headers.get('location')).toBe(`/set-password?session_id=${sessionId}&error=closed`);
    const [row] = await t.ctx.db.select().from(checkoutSessions);
    expect(row.passwordSetAt).not.toBeNull();
  });

  it('a short or mistyped password comes back with its message, the session kept, nothing set', async () => {
    const sessionId = await pay('buyer@example.com');
    const cases: Array<[string, string, string, string]> = [
      ['abc', 'abc', 'short', PASSWORD_TOO_SHORT],
      ['buyer-pass', 'buyer-pasz', 'differ', PASSWORDS_DIFFER],
    ];
    for (const [password, confirmPassword, code, message] of cases) {
      const browser = t.client();
      const res = await post(browser, '/set-password', { session_id: sessionId, password, confirmPassword });
      expect(res.status).toBe(303);
      const location = res.headers.get('location')!;
      expect(location).toBe(`/set-password?session_id=${sessionId}&error=${code}`);
      expect(browser.cookies.size).toBe(0);
      const page = await fetchPage(browser, location);
      expect(page.status).toBe(200);
      expect(page.root).toContain(escapeHtml(message));
      expect(page.root).not.toContain(password);
    }
    const [account] = await t.ctx.db.select().from(users);
    expect(account.passwordHash).toBeNull();
    const [row] = await t.ctx.db.select().from(checkoutSessions);
    expect(row.passwordSetAt).toBeNull();
  });

  it('an unknown session is refused and sets nothing; a post from another site is refused', async () => {
    const sessionId = await pay('buyer@example.com');
    const unknown = await post(t.client(), '/set-password', {
      session_id: 'lcs_no_such_session',
      password: 'buyer-pass',
      confirmPassword: 'buyer-pass',
    });
    expect(unknown.headers.get('location')).toBe('/set-password?session_id=lcs_no_such_session&error=closed');
    const crossSite = await t.client().post(
      '/set-password',
      new URLSearchParams({
        session_id: sessionId,
        password: 'buyer-pass',
        confirmPassword: 'buyer-pass',
      }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    const [account] = await t.ctx.db.select().from(users);
    expect(account.passwordHash).toBeNull();
  });
});
