import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { CANCEL_REASONS, countCancelReasons } from '#shared/cancel-reasons';
import { subscriptionEvents, users } from '#server/db/schema';
import { startTestApp, type TestApp } from '../support/test-app';
import { JOINING } from '../support/consent';

/** Cancelling in one step with an optional reason, kept in the member's subscription history; resuming too. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(); // the local provider
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A member through the local checkout, signed in after the password step. */
async function member(email: string) {
  const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
  const path = new URL(res.json.url).pathname;
  expect((await t.client().request('POST', `${path}/complete`, '', { ...FORM, origin: t.baseUrl })).status).toBe(303);
  const browser = t.client();
  expect(
    (await browser.post('/api/set-password', { session_id: path.split('/').pop(), password: 'member-pass-1' })).status,
  ).toBe(200);
  const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return { browser, user };
}

const history = (userId: number) =>
  t.ctx.db
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.userId, userId))
    .orderBy(asc(subscriptionEvents.id));

describe('cancel with a reason', () => {
  it('keeps each reason on a cancel_requested event, and each resume as a resumed event', async () => {
    const { browser, user } = await member('leaving@example.com');
    for (const reason of CANCEL_REASONS) {
      const cancelled = await browser.post('/api/cancel-subscription', { reason, comment: `  because: ${reason}  ` });
      expect(cancelled.status).toBe(200);
      expect((await browser.get('/api/auth/user')).json.cancelAtPeriodEnd).toBe(true);
      expect((await browser.post('/api/resume-subscription')).status).toBe(200);
    }
    const events = await history(user.id);
    expect(events.map((e) => e.type)).toEqual([
      'joined',
      ...CANCEL_REASONS.flatMap(() => ['cancel_requested', 'resumed']),
    ]);
    const cancels = events.filter((e) => e.type === 'cancel_requested');
    expect(cancels.map((e) => e.reason)).toEqual([...CANCEL_REASONS]);
    expect(cancels.map((e) => (e.detail as { comment?: string }).comment)).toEqual(
      CANCEL_REASONS.map((r) => `because: ${r}`),
    );
    expect(cancels[0]).toMatchObject({
      providerRef: user.stripeSubscriptionId,
      detail: expect.objectContaining({ plan: 'monthly', accessUntil: user.subscriptionEndDate!.toISOString() }),
    });
    expect(events.filter((e) => e.type === 'resumed').every((e) => e.providerRef === user.stripeSubscriptionId)).toBe(
      true,
    );
    // Counted per reason for the business figures.
    expect(countCancelReasons(cancels)).toEqual({ too_expensive: 1, not_using: 1, results: 1, other: 1, not_given: 0 });
  });

  it("stays one step without a reason (as the spec's call, with no body), and a repeat records nothing more", async () => {
    const { browser, user } = await member('quiet@example.com');
    const res = await browser.request('POST', '/api/cancel-subscription');
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect((await browser.post('/api/cancel-subscription', { reason: 'results' })).status).toBe(200);
    const cancels = (await history(user.id)).filter((e) => e.type === 'cancel_requested');
    expect(cancels).toHaveLength(1);
    expect(cancels[0].reason).toBeNull();
    expect(cancels[0].detail).not.toHaveProperty('comment');
  });

  it('refuses an unknown reason or a comment over 500 characters with 400, and cancels nothing', async () => {
    const { browser, user } = await member('careful@example.com');
    const unknown = await browser.post('/api/cancel-subscription', { reason: 'bored' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('reason must be one of too_expensive, not_using, results, other');
    const long = await browser.post('/api/cancel-subscription', { reason: 'other', comment: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.json.message).toBe('Please keep your comment to 500 characters or fewer.');
    expect((await browser.get('/api/auth/user')).json.cancelAtPeriodEnd).toBe(false);
    expect((await history(user.id)).map((e) => e.type)).toEqual(['joined']);
    // Exactly 500 is fine.
    expect((await browser.post('/api/cancel-subscription', { reason: 'other', comment: 'y'.repeat(500) })).status).toBe(
      200,
    );
  });

  it('a resume refused (nothing to resume) records nothing', async () => {
    const { browser, user } = await member('staying@example.com');
    expect((await browser.post('/api/resume-subscription')).status).toBe(400);
    expect((await history(user.id)).map((e) => e.type)).toEqual(['joined']);
  });
});
