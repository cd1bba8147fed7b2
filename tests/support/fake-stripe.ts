import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestApp, type TestApp } from './test-app';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stand-in for Stripe's HTTP API on 127.0.0.1, for the real stripe SDK to talk to
 * (STRIPE_API_BASE). It implements only the calls the app makes, keeps objects in memory like
 * Stripe would, records every request so tests can assert what was sent, and offers helpers to
 * play Stripe's side (a customer paying, a subscription changing) and to sign webhook events.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: Record<string, any>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

const DAY = 86400;
/** A billing period in seconds: 30 days a month, 365 a year (enough for the tests' dates). */
const periodOf = (interval: 'month' | 'year') => (interval === 'year' ? 365 : 30) * DAY;

/** Parses Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
function parseStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Obj = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) {
        node[part] = value;
        return;
      }
      if (node[part] === undefined) node[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      node = node[part];
    });
  }
  return root;
}

export class FakeStripe {
  requests: RecordedRequest[] = [];
  sessions = new Map<string, Obj>();
  subscriptions = new Map<string, Obj>();
  paymentLinks = new Map<string, Obj>();
  /** Stripe's time: real time, or the app's test clock (like a Stripe test clock) under withFakeStripeApp. */
  clock: () => Date = () => new Date();
  /** Customer e-mails by customer id: Stripe fills a returning customer's checkout e-mail from it. */
  customers = new Map<string, string>();
  /** Prices by id: amount in pence and billing interval (the checkout price defaults to £16 a month). */
  prices = new Map<string, { amount: number; interval: 'month' | 'year' }>([
    ['price_monthly', { amount: 1600, interval: 'month' }],
    ['price_annual', { amount: 14400, interval: 'year' }],
  ]);
  private seq = 0;
  private server: http.Server;
  url = '';

  private constructor() {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const body = req.method === 'GET' || req.method === 'DELETE' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
        this.requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
        const [status, payload] = this.route(req.method ?? 'GET', url.pathname, body);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.seq}` });
        res.end(JSON.stringify(payload));
      });
    });
  }

  static async start(): Promise<FakeStripe> {
    const fake = new FakeStripe();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset() {
    this.requests = [];
    this.sessions.clear();
    this.subscriptions.clear();
    this.paymentLinks.clear();
    this.customers.clear();
  }

  private nowSeconds() {
    return Math.floor(this.clock().getTime() / 1000);
  }

  private id(prefix: string) {
    return `${prefix}_test_${++this.seq}${Math.random().toString(36).slice(2, 8)}`;
  }

  /** Requests to a path (optionally one method), newest last. */
  calls(method: string, pathPrefix: string) {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  private missing(what: string, id: string): [number, Obj] {
    return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param: 'id' } }];
  }

  private route(method: string, path: string, body: Obj): [number, Obj] {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return [200, this.createSession(body)];
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const s = this.sessions.get(m[1]);
      return s ? [200, s] : this.missing('checkout.session', m[1]);
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
      const s = this.sessions.get(m[1]);
      if (!s) return this.missing('checkout.session', m[1]);
      // As Stripe: only an open session can be expired.
      if (s.status !== 'open')
        return [400, { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".` } }];
      s.status = 'expired';
      return [200, s];
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = this.subscriptions.get(m[1]);
      if (!sub) return this.missing('subscription', m[1]);
      if (method === 'GET') return [200, sub];
      if (method === 'DELETE') {
        // Cancel now: Stripe refuses an already cancelled one.
        if (sub.status === 'canceled') return [400, { error: { type: 'invalid_request_error', message: `A canceled subscription can only update its cancellation_details and metadata.` } }];
        Object.assign(sub, { status: 'canceled', ended_at: this.nowSeconds(), canceled_at: this.nowSeconds(), cancel_at_period_end: false, cancel_at: null });
        return [200, sub];
      }
      if (method === 'POST') {
        if (sub.status === 'canceled') return [400, { error: { type: 'invalid_request_error', message: `A canceled subscription can only update its cancellation_details and metadata.` } }];
        if (body.cancel_at_period_end === 'true') {
          sub.cancel_at_period_end = true;
          sub.cancel_at = sub.items.data[0].current_period_end;
          sub.canceled_at = this.nowSeconds();
        } else if (body.cancel_at_period_end === 'false') {
          Object.assign(sub, { cancel_at_period_end: false, cancel_at: null, canceled_at: null });
        }
        return [200, sub];
      }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!body.customer) return [400, { error: { type: 'invalid_request_error', message: 'Missing required param: customer.' } }];
      const id = this.id('bps');
      return [200, { id, object: 'billing_portal.session', customer: body.customer, return_url: body.return_url, url: `https://billing.stripe.test/p/session/${id}` }];
    }
    if (method === 'POST' && path === '/v1/payment_links') {
      const id = this.id('plink');
      const link = { id, object: 'payment_link', active: true, metadata: body.metadata ?? {}, url: `https://buy.stripe.test/${id}` };
      this.paymentLinks.set(id, { ...link, line_items: body.line_items });
      return [200, link];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }

  /** A Checkout Session made outside this app (a Payment Link, the Dashboard, another integration). */
  createSessionElsewhere(opts: { email: string; customer?: string }) {
    return this.createSession({ mode: 'subscription', customer_email: opts.customer ? undefined : opts.email, customer: opts.customer, line_items: [{ price: 'price_monthly', quantity: '1' }] });
  }

  private createSession(body: Obj) {
    const id = this.id('cs');
    const session = {
      id,
      object: 'checkout.session',
      mode: body.mode,
      status: 'open',
      payment_status: 'unpaid',
      allow_promotion_codes: body.allow_promotion_codes === 'true',
      customer: body.customer ?? null,
      customer_email: body.customer_email ?? null,
      customer_details: null,
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      amount_total: null,
      currency: 'gbp',
      subscription: null,
      metadata: body.metadata ?? {},
      line_items_requested: body.line_items,
      url: `https://checkout.stripe.test/c/pay/${id}`,
    };
    this.sessions.set(id, session);
    return session;
  }

  /** Plays the customer paying on Stripe's page: creates the customer and an active subscription. */
  completeCheckout(sessionId: string, opts: { amountTotal?: number; email?: string } = {}) {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`fake stripe: no session ${sessionId}`);
    // Stripe's page of an expired (or already paid) session takes no payment.
    if (session.status !== 'open') throw new Error(`fake stripe: session ${sessionId} is ${session.status}, it cannot be paid`);
    const price = session.line_items_requested?.[0]?.price ?? 'price_monthly';
    const listed = this.prices.get(price) ?? { amount: 1600, interval: 'month' };
    const amount = opts.amountTotal ?? listed.amount;
    const customerId = session.customer ?? this.id('cus');
    const email = opts.email ?? this.customers.get(customerId) ?? session.customer_email;
    if (!this.customers.has(customerId)) this.customers.set(customerId, email);
    const subscriptionId = this.id('sub');
    const start = this.nowSeconds();
    this.subscriptions.set(subscriptionId, {
      id: subscriptionId,
      object: 'subscription',
      customer: customerId,
      status: 'active',
      start_date: start,
      created: start,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: this.id('si'),
            object: 'subscription_item',
            quantity: 1,
            current_period_start: start,
            current_period_end: start + periodOf(listed.interval),
            price: { id: price, object: 'price', unit_amount: amount, currency: 'gbp', recurring: { interval: listed.interval, interval_count: 1 } },
          },
        ],
      },
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      amount_total: amount,
      customer: customerId,
      subscription: subscriptionId,
      customer_details: { email },
    });
    return { session, customerId, subscriptionId };
  }

  /** Stripe renewing: the next period starts where the last ended. */
  renew(subscriptionId: string) {
    const item = this.subscriptions.get(subscriptionId)!.items.data[0];
    item.current_period_start = item.current_period_end;
    item.current_period_end += periodOf(item.price.recurring.interval);
    return this.subscriptions.get(subscriptionId)!;
  }

  /** Stripe ending a subscription (period over after cancellation, or cancelled outright). */
  endSubscription(subscriptionId: string) {
    const sub = this.subscriptions.get(subscriptionId)!;
    Object.assign(sub, { status: 'canceled', ended_at: this.nowSeconds(), canceled_at: sub.canceled_at ?? this.nowSeconds(), cancel_at_period_end: false });
    return sub;
  }

  setStatus(subscriptionId: string, status: string) {
    const sub = this.subscriptions.get(subscriptionId)!;
    sub.status = status;
    return sub;
  }

  /** An event as Stripe sends it, with a snapshot of the object (possibly stale by the time it arrives). */
  event(type: string, object: Obj, id = this.id('evt')): string {
    return JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28.endive', created: this.nowSeconds(), data: { object: structuredClone(object) } });
  }
}

const signer = new Stripe('sk_test_signer');

/** A Stripe-Signature header for a payload, as Stripe computes it (timestamp in seconds). */
export function signWebhook(payload: string, secret: string, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined ? { timestamp } : {}) });
}

export const TEST_WEBHOOK_SECRET = 'whsec_test_secret';

/** Environment that points the app's Stripe provider at a fake. */
export function stripeEnv(fake: FakeStripe, extra: Record<string, string> = {}): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_PRICE_ID: 'price_monthly',
    STRIPE_API_BASE: fake.url,
    ...extra,
  };
}

/** Delivers a webhook to the app as Stripe would (raw JSON bytes, signed unless a header is given). */
export function deliverWebhook(
  client: { request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; json: unknown }> },
  payload: string,
  signature = signWebhook(payload, TEST_WEBHOOK_SECRET),
) {
  return client.request('POST', '/api/stripe/webhook', payload, { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature });
}

/**
 * Registers the hooks of a test file that runs the app against a fake Stripe: both start once,
 * and every test begins with an empty database, a reset clock and no recorded Stripe calls.
 */
export function withFakeStripeApp(onReady: (t: TestApp, fake: FakeStripe) => void, env: Record<string, string> = {}) {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await FakeStripe.start();
    t = await startTestApp(stripeEnv(fake, env));
    fake.clock = () => t.clock.now();
    onReady(t, fake);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.reset();
    await t.reset();
  });
}
