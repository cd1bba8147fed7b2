import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '#server/db/schema';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, createAccount, signedIn } from '../support/users';

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
    expect(res.json.message).toBe(
      'Queued for 2 active members. No SMTP server is configured, so the e-mails wait in the outbox below.',
    );
    await t.client().post('/api/forgot-password', { email: 'ann@example.com' });

    const overview = await admin.get('/api/admin/mail/outbox');
    expect(overview.json.smtpConfigured).toBe(false);
    expect(overview.json.counts).toEqual({ queued: 3, sending: 0, sent: 0, failed: 0 });
    expect(overview.json.mailings).toEqual([
      expect.objectContaining({ kind: 'golf', recipientCount: 2, queued: 2, sent: 0 }),
    ]);
    const [reset, ...golf] = overview.json.messages as Array<{
      id: number;
      kind: string;
      recipient: string;
      subject: string;
    }>;
    expect(reset).toMatchObject({
      kind: 'password-reset',
      recipient: 'ann@example.com',
      subject: 'Reset your VBG password',
    });
    expect(golf.map((m) => m.recipient).sort()).toEqual(['ann@example.com', 'bob@example.com']);

    const detail = await admin.get(`/api/admin/mail/outbox/${golf[0].id}`);
    expect(detail.status).toBe(200);
    expect(detail.json.html).toMatch(/^<!doctype html>/);
    expect(detail.json.html).toContain('Weekly Golf Analysis Coming Soon');
    expect(detail.json.text).toContain('http://localhost:5000/golf'); // no PUBLIC_URL: the local address
    expect(detail.json.text).toContain('18+ | Please gamble responsibly');

    // The admin's copy hides the unsubscribe token (it acts for the member); the member's e-mail,
    // sent from the stored row, has it, and it works from a queued e-mail too.
    expect(detail.json.text).toContain('/unsubscribe?token=(hidden-in-outbox)');
    const [stored] = await t.ctx.db.select().from(outbox).where(eq(outbox.id, golf[0].id));
    const token = /unsubscribe\?token=([\w.-]+)/.exec(stored.text)![1];
    expect(JSON.stringify(detail.json)).not.toContain(token);
    expect((await t.client().post('/api/unsubscribe', { token })).status).toBe(200);
    expect((await admin.post('/api/send-golf-email')).json.message).toMatch(/^Queued for 1 active member\./);

    expect((await admin.get('/api/admin/mail/outbox/99999')).status).toBe(404);
    expect((await admin.get('/api/admin/mail/outbox/abc')).status).toBe(400);
  });

  it('hides the secret of a password-reset link from the admin: nothing shown there resets the password', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await createAccount(t, 'member', 'ann@example.com');
    expect((await t.client().post('/api/forgot-password', { email: 'ann@example.com' })).status).toBe(200);
    // The member's copy, as the mail worker will send it, carries the real link.
    const [stored] = await t.ctx.db.select().from(outbox);
    const token = /reset-password\?token=([\w-]+)/.exec(stored.text)![1];
    expect(stored.html).toContain(`reset-password?token=${token}`);

    // Everything the admin can read about it: the list and the message itself.
    const overview = await admin.get('/api/admin/mail/outbox');
    const detail = await admin.get(`/api/admin/mail/outbox/${stored.id}`);
    expect(detail.status).toBe(200);
    for (const answer of [overview.text, detail.text]) expect(answer).not.toContain(token);
    expect(detail.json.text).toContain('http://localhost:5000/reset-password?token=(hidden-in-outbox)');
    expect(detail.json.html).toContain('/reset-password?token=(hidden-in-outbox)');
    expect(detail.json.text).toContain('Choose a new password');

    // Whatever the admin copies out of the viewer resets nothing.
    const shown = [...`${detail.json.text}\n${detail.json.html}`.matchAll(/reset-password\?token=([^\s"<&]+)/g)].map(
      (m) => decodeURIComponent(m[1]),
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const candidate of new Set(shown)) {
      const res = await t.client().post('/api/reset-password', { token: candidate, password: 'taken-over-1' });
      expect(res.status).toBe(400);
    }
    expect((await t.client().post('/api/login', { email: 'ann@example.com', password: 'taken-over-1' })).status).toBe(
      401,
    );
    expect((await t.client().post('/api/login', { email: 'ann@example.com', password: PASSWORD })).status).toBe(200);
    // The member's own link still works.
    expect((await t.client().post('/api/reset-password', { token, password: 'chosen-by-ann' })).status).toBe(200);
  });
});
