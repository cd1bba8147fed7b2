import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MyDataExport } from '#shared/schemas/account';
import { checkoutSessions, memberBets, outbox, sessions, users } from '#server/db/schema';
import { recordSubscriptionEvent } from '#server/features/billing/subscription-events';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, signedIn } from '../support/users';

/** UK GDPR access and portability: GET /api/my-data gives the signed-in person everything held about them, and nothing else. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  t.clock.set(new Date('2026-11-22T09:00:00Z')); // Sunday 22 November 2026, 09:00 in London
});

const at = (iso: string) => new Date(iso);

/** Someone's consents, a checkout, a subscription history, two bets and a password-reset e-mail. */
async function history(user: { id: number; email: string }, tag: string) {
  await t.ctx.db
    .update(users)
    .set({
      ageConfirmedAt: at('2026-11-01T10:00:00Z'),
      termsAcceptedAt: at('2026-11-01T10:00:01Z'),
      termsVersion: `2026-11-${tag}`,
      emailPausedUntil: at('2026-11-29T00:00:00Z'),
    })
    .where(eq(users.id, user.id));
  await t.ctx.db.insert(checkoutSessions).values({
    id: `cs_secret_${tag}`,
    provider: 'stripe',
    email: user.email,
    status: 'complete',
    amountPence: 1200,
    discountCode: 'VALUE25',
    displayText: 'VBG Premium — £12.00/month',
    stripeSubscriptionId: `sub_${tag}`,
    startedByUserId: user.id,
    ageConfirmedAt: at('2026-11-01T10:00:00Z'),
    termsAcceptedAt: at('2026-11-01T10:00:01Z'),
    startNowAcknowledgedAt: at('2026-11-01T10:00:02Z'),
    createdAt: at('2026-11-01T10:00:00Z'),
    completedAt: at('2026-11-01T10:01:00Z'),
  });
  await recordSubscriptionEvent(t.ctx.db, {
    userId: user.id,
    type: 'joined',
    amountPence: 1200,
    // As a paid checkout records it (billing/record-joining.ts): under the checkout's id.
    providerRef: `cs_secret_${tag}`,
    detail: { plan: 'monthly', subscriptionId: `sub_${tag}`, startNowAcknowledgedAt: null },
    occurredAt: at('2026-11-01T10:01:00Z'),
  });
  await recordSubscriptionEvent(t.ctx.db, {
    userId: user.id,
    type: 'cancel_requested',
    reason: 'not_using',
    createdBy: null,
    detail: { note: `internal-${tag}` },
    occurredAt: at('2026-11-10T08:00:00Z'),
  });
  await t.ctx.db.insert(memberBets).values([
    {
      userId: user.id,
      raceDate: '2026-11-20',
      raceTime: '14:10',
      course: 'Ascot',
      horseName: `${tag} Star`,
      price: '5/1',
      stakePence: 500,
      eachWay: false,
      source: 'tip',
    },
    {
      userId: user.id,
      raceDate: '2026-11-21',
      raceTime: '15:20',
      course: 'Kempton',
      horseName: `${tag} Moon`,
      price: '9/2',
      stakePence: 200,
      eachWay: true,
      source: 'manual',
    },
  ]);
  expect((await t.client().post('/api/forgot-password', { email: user.email })).status).toBe(200);
}

describe('GET /api/my-data', () => {
  it('answers a private JSON download of the signed-in person’s account, consents, subscription, history, checkouts, bets, e-mails and sessions', async () => {
    const { client: ann, user } = await signedIn(t, 'member', 'ann@example.com');
    const { user: bob } = await signedIn(t, 'member', 'bob@example.com');
    await history(user, 'ann');
    await history(bob, 'bob');
    // A second device of Ann's.
    expect((await t.client().post('/api/login', { email: 'ann@example.com', password: PASSWORD })).status).toBe(200);

    const res = await ann.get('/api/my-data');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="vbg-my-data-2026-11-22.json"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const data = res.json as MyDataExport;

    // The test clock runs on from 09:00 as real time passes.
    expect(data.exportedAt.slice(0, 16)).toBe('2026-11-22T09:00');
    expect(data.account).toEqual({
      email: 'ann@example.com',
      role: 'member',
      createdAt: user.createdAt.toISOString(),
      oddsFormat: 'fractional',
      emailPreferences: { memberEmails: true, pausedUntil: '2026-11-29T00:00:00.000Z' },
    });
    expect(data.consents).toEqual({
      ageConfirmedAt: '2026-11-01T10:00:00.000Z',
      termsAcceptedAt: '2026-11-01T10:00:01.000Z',
      termsVersion: '2026-11-ann',
      atCheckout: [
        {
          checkoutStartedAt: '2026-11-01T10:00:00.000Z',
          ageConfirmedAt: '2026-11-01T10:00:00.000Z',
          termsAcceptedAt: '2026-11-01T10:00:01.000Z',
          startNowAcknowledgedAt: '2026-11-01T10:00:02.000Z',
        },
      ],
    });
    expect(data.subscription).toMatchObject({
      state: 'paying',
      status: 'active',
      type: 'premium',
      cancelAtPeriodEnd: false,
      paymentFailedAt: null,
    });
    expect(data.subscriptionHistory).toEqual([
      { type: 'joined', reason: null, amountPence: 1200, reference: 'sub_ann', occurredAt: '2026-11-01T10:01:00.000Z' },
      {
        type: 'cancel_requested',
        reason: 'not_using',
        amountPence: null,
        reference: null,
        occurredAt: '2026-11-10T08:00:00.000Z',
      },
    ]);
    expect(data.checkouts).toEqual([
      {
        status: 'complete',
        plan: 'monthly',
        amountPence: 1200,
        discountCode: 'VALUE25',
        description: 'VBG Premium — £12.00/month',
        duplicatePayment: false,
        startedAt: '2026-11-01T10:00:00.000Z',
        completedAt: '2026-11-01T10:01:00.000Z',
      },
    ]);
    expect(data.bets.map((b) => [b.horseName, b.stakePence, b.eachWay])).toEqual([
      ['ann Star', 500, false],
      ['ann Moon', 200, true],
    ]);
    const [reset] = await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, 'ann@example.com'));
    expect(data.emails).toEqual([
      {
        kind: 'password-reset',
        subject: 'Reset your VBG password',
        status: 'queued',
        queuedAt: reset.createdAt.toISOString(),
        sentAt: null,
      },
    ]);
    const annSessions = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(sessions.createdAt);
    expect(data.sessions).toEqual(
      annSessions.map((row, i) => ({
        signedInAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        thisDevice: i === 0,
      })),
    );
    expect(annSessions).toHaveLength(2);

    // Never another person's data, never a secret.
    const text = res.text;
    expect(text).not.toContain('bob');
    const [stored] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(text).not.toContain(stored.passwordHash!);
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain('cs_secret_ann'); // a checkout id opens the post-payment password step
    for (const s of await t.ctx.db.select({ id: sessions.id }).from(sessions)) expect(text).not.toContain(s.id);
    const token = /token=([A-Za-z0-9_-]+)/.exec(reset.text)![1];
    expect(text).not.toContain(token);
    expect(text).not.toContain('internal-ann'); // internal notes on the history are not the member's
    expect(text).not.toMatch(/passwordHash|password_hash|stripeCustomerId|createdBy/);
  });

  it('answers 401 signed out, and an account with nothing yet gets empty lists', async () => {
    expect((await t.client().get('/api/my-data')).status).toBe(401);
    const { client } = await signedIn(t, 'nonMember', 'new@example.com');
    const data = (await client.get('/api/my-data')).json as MyDataExport;
    expect(data.subscription).toMatchObject({ state: 'free', status: 'none', type: null });
    expect(data.consents).toMatchObject({
      ageConfirmedAt: null,
      termsAcceptedAt: null,
      termsVersion: null,
      atCheckout: [],
    });
    expect([data.subscriptionHistory, data.checkouts, data.bets, data.emails, data.notices]).toEqual([
      [],
      [],
      [],
      [],
      [],
    ]);
    expect(data.sessions).toHaveLength(1);
  });
});
