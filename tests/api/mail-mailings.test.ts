import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, users } from '#server/db/schema';
import { settledOutbox } from '../support/outbox';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { startTestApp, type TestApp } from '../support/test-app';
import { createAccount, signedIn } from '../support/users';
import { PREMIUM_SECRET, createArticle } from './articles-helpers';
import { publish } from './tips-helpers';

/** The three admin mailings, delivered by the app's own worker to a real SMTP server. */
let t: TestApp;
let smtp: SmtpPeer;
const PUBLIC_URL = 'https://vbg.test';

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    MAIL_FROM: '"VBG Tips" <tips@vbg.test>',
    SUPPORT_EMAIL: 'help@vbg.test',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.reset();
  smtp.clear();
});

/** Three active members, one lapsed, one unsubscribed, one free account. */
async function audience() {
  for (const email of ['ann@example.com', 'bob@example.com', 'cat@example.com'])
    await createAccount(t, 'member', email);
  const lapsed = await createAccount(t, 'member', 'lapsed@example.com');
  await t.ctx.db
    .update(users)
    .set({ subscriptionEndDate: new Date(t.clock.now().getTime() - 86400_000), subscriptionStatus: 'canceled' })
    .where(eq(users.id, lapsed.id));
  const out = await createAccount(t, 'member', 'optedout@example.com');
  await t.ctx.db.update(users).set({ emailOptOut: true }).where(eq(users.id, out.id));
  await createAccount(t, 'nonMember', 'free@example.com');
}

const sorted = (xs: string[]) => [...xs].sort();

describe('member mailings', () => {
  it('sends the daily tips to exactly the active, subscribed members, with one-click unsubscribe headers', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await audience();
    await publish(admin, { nap: 'Northern Star – 2:10 Ascot', bannerDate: 'Tuesday 14 July 2026' });

    const res = await admin.post('/api/send-daily-update-email');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, message: 'Sent to 3 active members', recipientCount: 3 });

    const mail = await smtp.waitFor(3);
    // Nothing more can come: the outbox holds exactly these three, all sent.
    expect((await settledOutbox(t)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(smtp.received).toHaveLength(3);
    expect(sorted(mail.flatMap((m) => m.to))).toEqual(['ann@example.com', 'bob@example.com', 'cat@example.com']);
    for (const m of mail) {
      expect(m.parsed.subject).toBe('VBG Daily Tips: Tuesday 14 July 2026');
      expect(m.parsed.from?.text).toBe('"VBG Tips" <tips@vbg.test>');
      expect(m.parsed.text).toContain('NAP: Northern Star – 2:10 Ascot');
      expect(m.parsed.text).toContain(`${PUBLIC_URL}/tips`);
      expect(m.parsed.html).toContain(`href="${PUBLIC_URL}/tips"`);
      // Footer: support address, 18+ and gambling support.
      expect(m.parsed.text).toContain('help@vbg.test');
      expect(m.parsed.text).toContain('18+ | Please gamble responsibly');
      expect(m.parsed.text).toContain('BeGambleAware.org');
      expect(m.parsed.text).toContain('GamCare');
      // The responsible-gambling tools (pausing these e-mails), the terms and the privacy notice.
      for (const path of ['/responsible-gambling', '/terms', '/privacy']) {
        expect(m.parsed.text).toContain(`${PUBLIC_URL}${path}`);
        expect(m.parsed.html).toContain(`href="${PUBLIC_URL}${path}"`);
      }
      expect(m.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(m.header('list-unsubscribe')).toMatch(
        new RegExp(
          `^<${PUBLIC_URL}/api/unsubscribe\\?token=\\d+\\.[\\w-]{43}>, <mailto:help@vbg.test\\?subject=unsubscribe>$`,
        ),
      );
      expect(m.parsed.text).toMatch(new RegExp(`Unsubscribe: ${PUBLIC_URL}/unsubscribe\\?token=\\d+\\.[\\w-]{43}`));
    }
    // Each member's link is their own.
    expect(new Set(mail.map((m) => m.header('list-unsubscribe'))).size).toBe(3);

    const overview = await admin.get('/api/admin/mail/outbox');
    expect(overview.json.counts).toEqual({ queued: 0, sending: 0, sent: 3, failed: 0 });
    expect(overview.json.mailings[0]).toMatchObject({
      kind: 'daily',
      recipientCount: 3,
      sent: 3,
      queued: 0,
      failed: 0,
    });
  });

  it('sends the latest article as title, summary and link only, never a premium body', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await createAccount(t, 'member', 'ann@example.com');
    await createArticle(admin, { title: 'Older piece', publishDate: '2025-01-01' });
    const article = await createArticle(admin, {
      title: 'Cheltenham Value Angles',
      summary: '<p>Where the <strong>value</strong> lies.</p>',
      content: `<p>${PREMIUM_SECRET}</p>`,
      contentType: 'premium',
      publishDate: '2025-03-10',
    });

    const res = await admin.post('/api/send-blog-post-email');
    expect(res.json.message).toBe('Sent to 1 active member');
    const [m] = await smtp.waitFor(1);
    expect(m.parsed.subject).toBe('New on VBG: Cheltenham Value Angles');
    expect(m.parsed.text).toContain('Where the value lies.');
    expect(m.parsed.text).toContain(`${PUBLIC_URL}/news-and-views/${article.slug}`);
    expect(m.parsed.text).not.toContain(PREMIUM_SECRET);
    expect(m.parsed.html).not.toContain(PREMIUM_SECRET);
  });

  it('sends the golf note', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await createAccount(t, 'member', 'ann@example.com');
    const res = await admin.post('/api/send-golf-email');
    expect(res.json.message).toBe('Sent to 1 active member');
    const [m] = await smtp.waitFor(1);
    expect(m.parsed.subject).toBe('VBG Golf Analysis');
    expect(m.parsed.text).toContain('Weekly Golf Analysis Coming Soon');
    expect(m.parsed.text).toContain(`${PUBLIC_URL}/golf`);
  });

  it('refuses a daily or blog mailing with nothing to send, and queues nothing', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    await createAccount(t, 'member', 'ann@example.com');
    const daily = await admin.post('/api/send-daily-update-email');
    expect(daily.status).toBe(409);
    expect(daily.json.message).toBe('There are no tips to send yet. Publish the daily tips first.');
    const blog = await admin.post('/api/send-blog-post-email');
    expect(blog.status).toBe(409);
    expect(blog.json.message).toBe('There is no published article to send yet.');
    expect(await t.ctx.db.select().from(outbox)).toHaveLength(0);
  });

  it('lets only an admin send or read the outbox', async () => {
    const { client: member } = await signedIn(t, 'member');
    const visitor = t.client();
    for (const path of ['/api/send-daily-update-email', '/api/send-blog-post-email', '/api/send-golf-email']) {
      expect((await visitor.post(path)).status).toBe(401);
      const refused = await member.post(path);
      expect(refused.status).toBe(403);
      expect(refused.json.message).toBe('Administrator access is required.');
    }
    expect((await member.get('/api/admin/mail/outbox')).status).toBe(403);
    expect((await member.get('/api/admin/mail/outbox/1')).status).toBe(403);
    expect((await member.post('/api/admin/mail/outbox/1/retry')).status).toBe(403);
    expect(await t.ctx.db.select().from(outbox)).toHaveLength(0);
  });
});

describe('unsubscribe', () => {
  async function linkFromMail() {
    const { client: admin } = await signedIn(t, 'admin');
    await createAccount(t, 'member', 'ann@example.com');
    await admin.post('/api/send-golf-email');
    const [m] = await smtp.waitFor(1);
    smtp.clear();
    const oneClick = /<([^>]+)>/.exec(m.header('list-unsubscribe'))![1];
    const page = /Unsubscribe: (\S+)/.exec(m.parsed.text!)![1];
    return { admin, oneClick: new URL(oneClick), page: new URL(page) };
  }

  it('the page link works without signing in, and the member gets no further mailings', async () => {
    const { admin, page } = await linkFromMail();
    expect(page.pathname).toBe('/unsubscribe');
    const visitor = t.client();
    const res = await visitor.post('/api/unsubscribe', { token: page.searchParams.get('token') });
    expect(res.status).toBe(200);
    expect(res.json.message).toMatch(/^You have been unsubscribed from member e-mails\./);
    const [ann] = await t.ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    expect(ann.emailOptOut).toBe(true);

    const again = await admin.post('/api/send-golf-email');
    expect(again.json.message).toBe('Sent to 0 active members');
  });

  it('accepts the RFC 8058 one-click POST a mail client makes', async () => {
    const { oneClick } = await linkFromMail();
    const res = await fetch(oneClick.toString().replace(PUBLIC_URL, t.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const [ann] = await t.ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    expect(ann.emailOptOut).toBe(true);
  });

  it('refuses a forged or altered token', async () => {
    const { page } = await linkFromMail();
    const token = page.searchParams.get('token')!;
    const [id, mac] = token.split('.');
    const visitor = t.client();
    // The altered MAC must differ from the real one (a MAC may itself end in "A").
    const altered = `${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [`${Number(id) + 1}.${mac}`, altered, 'nonsense', '']) {
      const res = await visitor.post('/api/unsubscribe', { token: bad });
      expect(res.status).toBe(400);
    }
    const [ann] = await t.ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    expect(ann.emailOptOut).toBe(false);
  });

  it('the account preference turns member e-mail off and on again', async () => {
    const { client: member } = await signedIn(t, 'member');
    expect((await t.client().put('/api/email-preference', { emailOptOut: true })).status).toBe(401);
    const off = await member.put('/api/email-preference', { emailOptOut: true });
    expect(off.json).toMatchObject({ success: true, emailOptOut: true });
    expect((await member.get('/api/auth/user')).json.emailOptOut).toBe(true);
    const on = await member.put('/api/email-preference', { emailOptOut: false });
    expect(on.json.emailOptOut).toBe(false);
    expect((await member.put('/api/email-preference', { emailOptOut: 'yes' })).status).toBe(400);
  });
});
