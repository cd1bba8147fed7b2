import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { createAccount, signedIn } from '../support/users';

/** The embedded default: no SMTP_URL, so mail stays in the outbox and the admin reads it there. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('without SMTP', () => {
  it('keeps mailings and reset e-mails queued and shows them rendered to the admin', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await createAccount(t, 'member', 'ann@example.com');
    await createAccount(t, 'member', 'bob@example.com');

    const res = await admin.post('/api/send-golf-email');
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Queued for 2 active members. No SMTP server is configured, so the e-mails wait in the outbox below.');
    await t.client().post('/api/forgot-password', { email: 'ann@example.com' });

    const overview = await admin.get('/api/admin/mail/outbox');
    expect(overview.json.smtpConfigured).toBe(false);
    expect(overview.json.counts).toEqual({ queued: 3, sending: 0, sent: 0, failed: 0 });
    expect(overview.json.mailings).toEqual([expect.objectContaining({ kind: 'golf', recipientCount: 2, queued: 2, sent: 0 })]);
    const [reset, ...golf] = overview.json.messages as Array<{ id: number; kind: string; recipient: string; subject: string }>;
    expect(reset).toMatchObject({ kind: 'password-reset', recipient: 'ann@example.com', subject: 'Reset your VBG password' });
    expect(golf.map((m) => m.recipient).sort()).toEqual(['ann@example.com', 'bob@example.com']);

    const detail = await admin.get(`/api/admin/mail/outbox/${golf[0].id}`);
    expect(detail.status).toBe(200);
    expect(detail.json.html).toMatch(/^<!doctype html>/);
    expect(detail.json.html).toContain('Weekly Golf Analysis Coming Soon');
    expect(detail.json.text).toContain('http://localhost:5000/golf'); // no PUBLIC_URL: the local address
    expect(detail.json.text).toContain('18+ | Please gamble responsibly');

    // The unsubscribe link in a queued e-mail works too.
    const token = /unsubscribe\?token=([\w.-]+)/.exec(detail.json.text)![1];
    expect((await t.client().post('/api/unsubscribe', { token })).status).toBe(200);
    expect((await admin.post('/api/send-golf-email')).json.message).toMatch(/^Queued for 1 active member\./);

    expect((await admin.get('/api/admin/mail/outbox/99999')).status).toBe(404);
    expect((await admin.get('/api/admin/mail/outbox/abc')).status).toBe(400);
  });
});
