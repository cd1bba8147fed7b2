import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  RESET_DONE_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  RESET_LINK_SENT_MESSAGE,
  RESET_THROTTLED_MESSAGE,
} from '#shared/mail';
import { outbox, passwordResetTokens } from '#server/db/schema';
import { settledOutbox } from '../support/outbox';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, createAccount, signedIn } from '../support/users';
import { JOINING } from '../support/consent';

/** "Forgot password?" to a new password, with the e-mail going through a real SMTP server. */
let t: TestApp;
let smtp: SmtpPeer;
const PUBLIC_URL = 'https://vbg.test';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.reset();
  smtp.clear();
});

/** Asks for a link and returns the token from the e-mail that arrives. */
async function resetToken(email: string, expected = smtp.received.length + 1) {
  const res = await t.client().post('/api/forgot-password', { email });
  expect(res.status).toBe(200);
  const mail = await smtp.waitFor(expected);
  const m = mail[expected - 1];
  expect(m.to).toEqual([email]);
  const link = new URL(/Choose a new password: (\S+)/.exec(m.parsed.text!)![1]);
  expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/reset-password`);
  return link.searchParams.get('token')!;
}

const login = (email: string, password: string) => t.client().post('/api/login', { email, password });

describe('password reset', () => {
  it('answers the same whether or not the address has an account, and e-mails only a real one', async () => {
    await createAccount(t, 'member', 'ann@example.com');
    const known = await t.client().post('/api/forgot-password', { email: 'Ann@Example.com' });
    const unknown = await t.client().post('/api/forgot-password', { email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual({ success: true, message: RESET_LINK_SENT_MESSAGE });
    expect(unknown.json).toEqual(known.json);
    const [m] = await smtp.waitFor(1);
    // The unknown address queued nothing: the outbox holds the one message, sent.
    expect((await settledOutbox(t)).map((r) => [r.recipient, r.status])).toEqual([['ann@example.com', 'sent']]);
    expect(smtp.received).toHaveLength(1);
    expect(m.to).toEqual(['ann@example.com']);
    expect(m.parsed.subject).toBe('Reset your VBG password');
    expect(m.parsed.text).toContain('The link works once, within 1 hour.');
    expect(m.parsed.html).toContain(`${PUBLIC_URL}/reset-password?token=`);
    // A reset e-mail is about the account, not a mailing: no unsubscribe headers.
    expect(m.header('list-unsubscribe')).toBe('');
    // Only the token's hash is stored.
    const token = /reset-password\?token=([\w-]+)/.exec(m.parsed.text!)![1];
    const stored = await t.ctx.db.select().from(passwordResetTokens);
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(JSON.stringify(await t.ctx.db.select().from(passwordResetTokens))).not.toContain(token);
    // Once sent, the outbox copy no longer carries a usable link either.
    await expect.poll(async () => (await t.ctx.db.select().from(outbox))[0].status).toBe('sent');
    const [row] = await t.ctx.db.select().from(outbox);
    expect(row.text + row.html).not.toContain(token);
    expect(row.text).toContain('reset-password?token=(removed-after-sending)');
  });

  it('sets the new password once: the old one stops working, other sessions end, the link is spent', async () => {
    const { client: otherDevice } = await signedIn(t, 'member', 'ann@example.com');
    expect((await otherDevice.get('/api/auth/user')).status).toBe(200);
    const token = await resetToken('ann@example.com');

    const res = await t
      .client()
      .post('/api/reset-password', { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: RESET_DONE_MESSAGE });

    expect((await otherDevice.get('/api/auth/user')).status).toBe(401);
    expect((await login('ann@example.com', PASSWORD)).status).toBe(401);
    expect((await login('ann@example.com', 'brand-new-pass')).status).toBe(200);

    const again = await t.client().post('/api/reset-password', { token, password: 'third-password' });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(RESET_LINK_INVALID_MESSAGE);
    expect((await login('ann@example.com', 'brand-new-pass')).status).toBe(200);
  });

  it('a link works within the hour and not after it', async () => {
    await createAccount(t, 'member', 'ann@example.com');
    const late = await resetToken('ann@example.com');
    const onTime = await resetToken('ann@example.com');
    t.clock.advance(59 * 60_000);
    expect((await t.client().post('/api/reset-password', { token: onTime, password: 'in-time-pass' })).status).toBe(
      200,
    );
    // Using one link spends the others of the account too.
    expect((await t.client().post('/api/reset-password', { token: late, password: 'too-late-pass' })).status).toBe(400);

    const expiring = await resetToken('ann@example.com');
    t.clock.advance(60 * 60_000 + 1000);
    const res = await t.client().post('/api/reset-password', { token: expiring, password: 'too-late-pass' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(RESET_LINK_INVALID_MESSAGE);
    expect((await login('ann@example.com', 'in-time-pass')).status).toBe(200);
  });

  it('refuses a made-up token, a short password and mismatched confirmation', async () => {
    await createAccount(t, 'member', 'ann@example.com');
    const token = await resetToken('ann@example.com');
    expect(
      (await t.client().post('/api/reset-password', { token: 'made-up', password: 'whatever-1' })).json.message,
    ).toBe(RESET_LINK_INVALID_MESSAGE);
    const short = await t.client().post('/api/reset-password', { token, password: 'abc' });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Password must be at least 6 characters long');
    const mismatch = await t
      .client()
      .post('/api/reset-password', { token, password: 'abcdef1', confirmPassword: 'abcdef2' });
    expect(mismatch.json.message).toBe('Please ensure both passwords are identical');
    expect((await t.client().post('/api/forgot-password', { email: 'not-an-email' })).status).toBe(400);
    // The token survived the refused attempts.
    expect((await t.client().post('/api/reset-password', { token, password: 'finally-ok' })).status).toBe(200);
  });

  it('an admin cannot send a failed reset e-mail again (its link is gone)', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await resetToken('admin@example.com');
    await expect.poll(async () => (await t.ctx.db.select().from(outbox))[0].status).toBe('sent');
    await t.ctx.db.update(outbox).set({ status: 'failed' });
    const [row] = await t.ctx.db.select().from(outbox);
    const res = await admin.post(`/api/admin/mail/outbox/${row.id}/retry`);
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/^A password-reset e-mail is not sent again/);
    expect((await admin.post('/api/admin/mail/outbox/99999/retry')).status).toBe(404);
  });

  it('limits requests per address, the same way for unknown addresses', async () => {
    await createAccount(t, 'member', 'ann@example.com');
    for (const email of ['ann@example.com', 'ghost@example.com']) {
      for (let i = 0; i < 3; i++) expect((await t.client().post('/api/forgot-password', { email })).status).toBe(200);
      const refused = await t.client().post('/api/forgot-password', { email });
      expect(refused.status).toBe(429);
      expect(refused.json.message).toBe(RESET_THROTTLED_MESSAGE);
    }
    expect(await t.ctx.db.select().from(outbox)).toHaveLength(3);
    t.clock.advance(16 * 60_000);
    expect((await t.client().post('/api/forgot-password', { email: 'ann@example.com' })).status).toBe(200);
    await smtp.waitFor(4); // all delivered before the next test empties the tables
  });
});

describe('account e-mails', () => {
  it('welcomes a new member as soon as the payment is recorded, once, and confirms a cancellation', async () => {
    const start = await t.client().post('/api/create-checkout-session', { email: 'new@example.com', ...JOINING });
    const path = new URL(start.json.url).pathname;
    const sessionId = path.split('/').pop()!;
    await t.client().request('POST', `${path}/complete`, '', FORM);
    const [welcome] = await smtp.waitFor(1);
    expect(welcome.to).toEqual(['new@example.com']);
    expect(welcome.parsed.subject).toBe('Welcome to VBG Premium');
    expect(welcome.parsed.text).toContain(`${PUBLIC_URL}/getting-started`);
    // Setting the password sends no second welcome.
    const browser = t.client();
    expect((await browser.post('/api/set-password', { session_id: sessionId, password: 'local-pass' })).status).toBe(
      200,
    );

    expect((await browser.post('/api/cancel-subscription')).status).toBe(200);
    const mail = await smtp.waitFor(2);
    expect(mail[1].parsed.subject).toBe('Your VBG subscription has been cancelled');
    expect(mail[1].parsed.text).toMatch(
      /You'll retain access until the end of your billing period, \w+day \d{1,2} \w+ \d{4}\./,
    );
    // Cancelling again sends nothing more.
    await browser.post('/api/cancel-subscription');
    expect(await settledOutbox(t)).toHaveLength(2);
    expect(smtp.received).toHaveLength(2);
  });
});
