import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, users } from '#server/db/schema';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { publish } from './tips-helpers';

/** "Pause my e-mails" (a responsible-gambling tool): the daily tips e-mail skips a paused member until the pause ends. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  t.clock.set(new Date('2026-11-22T09:00:00Z')); // Sunday 22 November 2026, 09:00 in London (GMT)
});

/** Publishes today's tips, sends the daily e-mail and answers who it went to. */
async function sendDaily(admin: HttpClient) {
  await publish(admin);
  const res = await admin.post('/api/send-daily-update-email');
  expect(res.status).toBe(200);
  const rows = await t.ctx.db
    .select({ recipient: outbox.recipient })
    .from(outbox)
    .where(eq(outbox.mailingId, res.json.mailingId));
  return { count: res.json.recipientCount as number, to: rows.map((r) => r.recipient).sort() };
}

describe('POST /api/my-email-pause', () => {
  it('pauses the daily e-mail for 7 days: the member is skipped until the pause ends, then gets it again', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const { client: ann, user } = await signedIn(t, 'member', 'ann@example.com');
    await signedIn(t, 'member', 'bob@example.com');

    const res = await ann.post('/api/my-email-pause', { days: 7 });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      emailPausedUntil: '2026-11-29T00:00:00.000Z',
      message: 'Member e-mails are paused. They start again on Sunday 29 November 2026.',
    });
    expect((await ann.get('/api/auth/user')).json.emailPausedUntil).toBe('2026-11-29T00:00:00.000Z');

    expect(await sendDaily(admin)).toEqual({ count: 1, to: ['bob@example.com'] });

    // The last evening of the pause: still skipped. The next morning: back on the list.
    t.clock.set(new Date('2026-11-28T20:00:00Z'));
    const { client: admin2 } = await signedIn(t, 'admin', 'admin2@example.com');
    expect(await sendDaily(admin2)).toEqual({ count: 1, to: ['bob@example.com'] });
    t.clock.set(new Date('2026-11-29T07:00:00Z'));
    const { client: admin3 } = await signedIn(t, 'admin', 'admin3@example.com');
    expect(await sendDaily(admin3)).toEqual({ count: 2, to: ['ann@example.com', 'bob@example.com'] });
    // The account page no longer shows a pause that is over.
    expect((await t.ctx.db.select().from(users).where(eq(users.id, user.id)))[0].emailPausedUntil).not.toBeNull();
    const again = t.client();
    await again.post('/api/login', { email: 'ann@example.com', password: 'correct-horse-1' });
    expect((await again.get('/api/auth/user')).json.emailPausedUntil).toBeNull();
  });

  it('pauses until a chosen date, and the member can end the pause at once', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const { client: ann } = await signedIn(t, 'member', 'ann@example.com');
    const res = await ann.post('/api/my-email-pause', { until: '2026-12-25' });
    expect(res.json).toMatchObject({
      emailPausedUntil: '2026-12-25T00:00:00.000Z',
      message: 'Member e-mails are paused. They start again on Friday 25 December 2026.',
    });
    expect(await sendDaily(admin)).toEqual({ count: 0, to: [] });

    const ended = await ann.delete('/api/my-email-pause');
    expect(ended.status).toBe(200);
    expect(ended.json).toEqual({ success: true, emailPausedUntil: null, message: 'Member e-mails are on again.' });
    expect((await ann.get('/api/auth/user')).json.emailPausedUntil).toBeNull();
    const { client: admin2 } = await signedIn(t, 'admin', 'admin2@example.com');
    expect(await sendDaily(admin2)).toEqual({ count: 1, to: ['ann@example.com'] });
  });

  it('refuses another length, a date not after today or more than a year on, and changes nothing', async () => {
    const { client: ann, user } = await signedIn(t, 'member', 'ann@example.com');
    expect((await ann.post('/api/my-email-pause', { days: 30 })).status).toBe(200);
    const choice = 'Choose a pause of 7, 30, 90 or 180 days, or a date to pause until.';
    const date = 'Choose a date after today, within a year.';
    for (const [body, message] of [
      [{ days: 14 }, choice],
      [{ days: '7' }, choice],
      [{}, choice],
      [{ days: 7, until: '2026-12-25' }, choice],
      [{ until: '25/12/2026' }, choice],
      [{ until: '2026-11-22' }, date],
      [{ until: '2026-11-01' }, date],
      [{ until: '2027-11-23' }, date],
    ] as const) {
      const res = await ann.post('/api/my-email-pause', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json, JSON.stringify(body)).toEqual({ message });
    }
    expect((await t.ctx.db.select().from(users).where(eq(users.id, user.id)))[0].emailPausedUntil!.toISOString()).toBe(
      '2026-12-22T00:00:00.000Z',
    );
  });

  it('answers 401 signed out', async () => {
    expect((await t.client().post('/api/my-email-pause', { days: 7 })).status).toBe(401);
    expect((await t.client().delete('/api/my-email-pause')).status).toBe(401);
  });
});
