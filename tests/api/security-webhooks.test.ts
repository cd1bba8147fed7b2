import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { processedEvents, users } from '#server/db/schema';
import type { TestApp } from '../support/test-app';
import {
  FakeStripe,
  TEST_WEBHOOK_SECRET,
  deliverWebhook,
  signWebhook,
  withFakeStripeApp,
} from '../support/fake-stripe';
import { JOINING } from '../support/consent';

/**
 * Webhook signature and replay, beyond tests/api/billing-webhooks.test.ts (bad secret, unsigned,
 * re-serialised body, stale timestamp, duplicate delivery): what an attacker who captured a
 * genuine delivery, or who can only guess, can and cannot do.
 */
let t: TestApp;
let fake: FakeStripe;
withFakeStripeApp((app, f) => {
  t = app;
  fake = f;
});

const userByEmail = async (email: string) => (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0];
const allUsers = () => t.ctx.db.select().from(users).orderBy(users.id);
const eventCount = async () => (await t.ctx.db.select().from(processedEvents)).length;

async function subscribe(email: string) {
  const res = await t.client().post('/api/create-checkout-session', { email, ...JOINING });
  const sessionId = String(res.json.url).split('/').pop()!;
  const paid = fake.completeCheckout(sessionId, { amountTotal: 1600 });
  const payload = fake.event('checkout.session.completed', paid.session);
  const signature = signWebhook(payload, TEST_WEBHOOK_SECRET);
  expect((await deliverWebhook(t.client(), payload, signature)).status).toBe(200);
  return { ...paid, payload, signature };
}

describe('replayed webhooks change nothing', () => {
  it('the captured checkout delivery, replayed byte for byte after the member cancelled, does not bring the subscription back', async () => {
    const { subscriptionId, payload, signature } = await subscribe('replay@example.com');
    fake.endSubscription(subscriptionId);
    expect(
      (
        await deliverWebhook(
          t.client(),
          fake.event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!),
        )
      ).status,
    ).toBe(200);
    const cancelled = await allUsers();
    expect(cancelled[0].subscriptionStatus).toBe('canceled');
    const events = await eventCount();

    // Within Stripe's five-minute tolerance the captured header still verifies: the event id stops it.
    const same = await deliverWebhook(t.client(), payload, signature);
    expect(same.status).toBe(200);
    expect(same.json).toEqual({ received: true, duplicate: true });
    // Re-signed (as Stripe does on a retry): still the same event, still a duplicate.
    expect((await deliverWebhook(t.client(), payload)).json).toEqual({ received: true, duplicate: true });
    expect(await allUsers()).toEqual(cancelled);
    expect(await eventCount()).toBe(events);
  });

  it('the same content under a new event id is judged by what Stripe says now, not by the snapshot', async () => {
    const { subscriptionId, session } = await subscribe('snapshot@example.com');
    fake.endSubscription(subscriptionId);
    await deliverWebhook(
      t.client(),
      fake.event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!),
    );
    const before = await allUsers();
    const stale = fake.event('customer.subscription.updated', {
      ...fake.subscriptions.get(subscriptionId)!,
      status: 'active',
      cancel_at_period_end: false,
    });
    expect((await deliverWebhook(t.client(), stale)).status).toBe(200);
    const staleCheckout = fake.event('checkout.session.completed', session);
    expect((await deliverWebhook(t.client(), staleCheckout)).status).toBe(200);
    const after = await allUsers();
    expect(after.map((u) => u.subscriptionStatus)).toEqual(before.map((u) => u.subscriptionStatus));
    expect(after[0].subscriptionStatus).toBe('canceled');
  });

  it('changing the event id to dodge the duplicate check breaks the signature', async () => {
    const { payload, signature } = await subscribe('dodge@example.com');
    const renamed = payload.replace(/"id":"evt_[^"]+"/, '"id":"evt_attacker_1"');
    expect(renamed).not.toBe(payload);
    const res = await deliverWebhook(t.client(), renamed, signature);
    expect(res.status).toBe(400);
    expect(await t.ctx.db.select().from(processedEvents).where(eq(processedEvents.id, 'evt_attacker_1'))).toHaveLength(
      0,
    );
  });
});

describe('bad signatures are refused with 400, never an error', () => {
  it('refuses every malformed or forged Stripe-Signature header and records nothing', async () => {
    const res0 = await t.client().post('/api/create-checkout-session', { email: 'forge@example.com', ...JOINING });
    const sessionId = String(res0.json.url).split('/').pop()!;
    const { session } = fake.completeCheckout(sessionId);
    const payload = fake.event('checkout.session.completed', session);
    const now = Math.floor(Date.now() / 1000);
    const good = signWebhook(payload, TEST_WEBHOOK_SECRET);
    const v1 = good.split(',').find((p) => p.startsWith('v1='))!;
    const headers = [
      '',
      'garbage',
      `t=${now}`,
      `t=${now},v0=${v1.slice(3)}`, // an unsupported scheme carrying the right digest
      `v1=${v1.slice(3)}`, // no timestamp
      `t=${now + 1},${v1}`, // the digest of another timestamp
      `t=${now},v1=${'0'.repeat(64)}`,
      `t=${now},v1=${v1.slice(3).toUpperCase()}`,
      `t=abc,${v1}`,
      signWebhook(payload, TEST_WEBHOOK_SECRET, now + 3600).replace(/v1=[0-9a-f]+/, 'v1=' + 'f'.repeat(64)),
      signWebhook(payload, 'whsec_test_secreT'),
      `t=${now},${'v1=ab,'.repeat(500)}v1=cd`,
      'x'.repeat(8000),
    ];
    for (const header of headers) {
      const res = await deliverWebhook(t.client(), payload, header);
      expect(res.status, header.slice(0, 60)).toBe(400);
    }
    expect(await userByEmail('forge@example.com')).toBeUndefined();
    expect(await eventCount()).toBe(0);
    // The genuine header still works afterwards (nothing was locked or poisoned).
    expect((await deliverWebhook(t.client(), payload, good)).status).toBe(200);
    expect((await userByEmail('forge@example.com')).subscriptionStatus).toBe('active');
  });

  it('a body that is not JSON, an empty body, and an oversized body are refused without a 5xx', async () => {
    const notJson = 'this is not json';
    expect((await deliverWebhook(t.client(), notJson)).status).toBe(400);
    expect((await deliverWebhook(t.client(), '')).status).toBe(400);
    const big = JSON.stringify({
      id: 'evt_big',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { pad: 'x'.repeat(2 * 1024 * 1024) } },
    });
    const res = await deliverWebhook(t.client(), big);
    expect(res.status).toBe(413);
    expect(await eventCount()).toBe(0);
  });

  it('a signed event of the wrong shape is refused with 400, not a server error', async () => {
    for (const body of [
      '{}',
      '[]',
      '{"id":"evt_shape","type":"invoice.paid"}',
      '{"id":"evt_shape2","type":"checkout.session.completed","data":{}}',
      'null',
    ]) {
      const res = await deliverWebhook(t.client(), body);
      expect(res.status, body).toBe(400);
    }
  });

  it('only POST: other methods on the webhook path answer 404 and change nothing', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await t.client().request(method, '/api/stripe/webhook');
      expect(res.status, method).toBe(404);
    }
  });
});
