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
  idempotencyKey?: string;
}

/** A Stripe object as sent and kept: tests read and write its fields freely, as Stripe's JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;

/** Stripe's form encoding parsed (a[b][0][c]=v): text, nested parameters and lists of them. */
interface Form {
  [key: string]: FormValue | undefined;
}
type FormValue = string | Form | FormValue[];

const isForm = (value: FormValue | undefined): value is Form => typeof value === 'object' && !Array.isArray(value);
/** A parameter that is text; undefined otherwise. */
const text = (value: FormValue | undefined) => (typeof value === 'string' ? value : undefined);
/** The nested parameters of one (metadata); none when it is not nested. */
const params = (value: FormValue | undefined): Form => (isForm(value) ? value : {});
/** The texts of a list parameter (expand[]). */
const texts = (value: FormValue | undefined) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

interface FakePrice {
  id: string;
  object: 'price';
  unit_amount: number;
  currency: string;
  recurring: { interval: 'month' | 'year'; interval_count: number };
}

interface FakeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  price: FakePrice;
}

/** The fields the fake itself reads are typed; the rest are Stripe's, as in Obj. */
export interface FakeSubscription extends Obj {
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  items: { object: 'list'; data: FakeSubscriptionItem[] };
}

export interface FakeSession extends Obj {
  id: string;
  status: string;
  customer: string | null;
  customer_email: string | null;
  line_items_requested?: FormValue;
}

interface FakeInvoice extends Obj {
  id: string;
  seq: number;
  status: string;
  created: number;
  amount_due: number;
  attempt_count: number;
  next_payment_attempt: number | null;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  status_transitions: { finalized_at: number; paid_at: number | null };
  payments: Obj[];
}

interface FakePaymentIntent extends Obj {
  id: string;
  amount: number;
  amount_received: number;
  latest_charge: string;
}

interface FakeRefund extends Obj {
  id: string;
  amount: number;
  charge: string;
  payment_intent: string;
  status: string;
}

const DAY = 86400;
/** Stripe may prune an idempotency key once it is 24 hours old; the fake prunes it then. */
const IDEMPOTENCY_KEPT_SECONDS = DAY;
/** Stripe unreachable (an outage in front of the API): an answer no key keeps. */
const STRIPE_DOWN: [number, Obj] = [503, { error: { type: 'api_error', message: 'Stripe is unavailable' } }];
/** A billing period in seconds: 30 days a month, 365 a year (enough for the tests' dates). */
const periodOf = (interval: 'month' | 'year') => (interval === 'year' ? 365 : 30) * DAY;

/** Parses Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
function parseStripeForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    // An object or a list, whose fields are set by name ("0" in a list).
    let node: object = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) {
        Reflect.set(node, part, value);
        return;
      }
      if (Reflect.get(node, part) === undefined) Reflect.set(node, part, /^\d+$/.test(parts[i + 1]) ? [] : {});
      const next: unknown = Reflect.get(node, part);
      if (typeof next === 'object' && next !== null) node = next;
    });
  }
  return root;
}

export class FakeStripe {
  requests: RecordedRequest[] = [];
  sessions = new Map<string, FakeSession>();
  subscriptions = new Map<string, FakeSubscription>();
  paymentLinks = new Map<string, Obj>();
  invoices = new Map<string, FakeInvoice>();
  paymentIntents = new Map<string, FakePaymentIntent>();
  refunds = new Map<string, FakeRefund>();
  /** Responses already given per Idempotency-Key (with the parameters they were given for and when), as Stripe keeps them. */
  private idempotent = new Map<string, { params: string; status: number; payload: Obj; at: number }>();
  /** Answers of requests whose parameters failed validation: the endpoint never ran, so no key keeps them. */
  private invalid = new WeakSet<Obj>();
  /** Makes POST /v1/refunds fail: `refused` as Stripe refusing it, `unavailable` as Stripe being down. */
  refundFailure: null | 'refused' | 'unavailable' = null;
  /** Stripe's time: real time, or the app's test clock (like a Stripe test clock) under withFakeStripeApp. */
  clock: () => Date = () => new Date();
  /** Customer e-mails by customer id: Stripe fills a returning customer's checkout e-mail from it. */
  customers = new Map<string, string | null>();
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
        const body =
          req.method === 'GET' || req.method === 'DELETE' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
        const key = req.headers['idempotency-key'];
        this.requests.push({
          method: req.method ?? 'GET',
          path: url.pathname,
          body,
          idempotencyKey: typeof key === 'string' ? key : undefined,
        });
        const [status, payload] =
          req.method === 'POST' && typeof key === 'string'
            ? this.idempotentRoute(key, url.pathname, body)
            : this.route(req.method ?? 'GET', url.pathname, body);
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
    this.invoices.clear();
    this.paymentIntents.clear();
    this.refunds.clear();
    this.idempotent.clear();
    this.refundFailure = null;
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
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${what}: '${id}'`,
          param: 'id',
        },
      },
    ];
  }

  /**
   * Stripe's published rule for idempotent requests (docs.stripe.com/api/idempotent_requests): the
   * status and body of the first request with a key are saved once the endpoint has begun to run,
   * whether it succeeded or failed (a 500 included), and a request sent again with that key gets
   * them back; the same key with another endpoint or other parameters is refused with a 400
   * `idempotency_error`; a request whose parameters fail validation saves nothing (it may be sent
   * again under its key); a key may be pruned once it is 24 hours old, after which it starts a new
   * request. An outage (`refundFailure = 'unavailable'`) answers before the idempotency layer and
   * is not saved either.
   */
  private idempotentRoute(key: string, path: string, body: Form): [number, Obj] {
    const params = JSON.stringify([path, body]);
    const now = this.nowSeconds();
    const seen = this.idempotent.get(key);
    if (seen && now - seen.at < IDEMPOTENCY_KEPT_SECONDS) {
      if (seen.params !== params) {
        return [
          400,
          {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        ];
      }
      return [seen.status, seen.payload];
    }
    if (path === '/v1/refunds' && this.refundFailure === 'unavailable') return STRIPE_DOWN;
    const [status, payload] = this.route('POST', path, body);
    if (!this.invalid.has(payload)) this.idempotent.set(key, { params, status, payload, at: now });
    return [status, payload];
  }

  /** An answer to parameters that failed validation (nothing was done, no key keeps it). */
  private invalidParams(message: string, param: string): [number, Obj] {
    const payload = { error: { type: 'invalid_request_error', message, param } };
    this.invalid.add(payload);
    return [400, payload];
  }

  private route(method: string, path: string, body: Form): [number, Obj] {
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/v1/invoices') return [200, this.listInvoices(body)];
    if (method === 'GET' && (m = path.match(/^\/v1\/invoices\/([^/]+)$/))) {
      const invoice = this.invoices.get(m[1]);
      return invoice
        ? [200, this.invoiceView(invoice, texts(body.expand).includes('payments'))]
        : this.missing('invoice', m[1]);
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...this.refunds.values()]
        .filter(
          (r) =>
            (!body.payment_intent || r.payment_intent === body.payment_intent) &&
            (!body.charge || r.charge === body.charge),
        )
        .reverse();
      return [200, { object: 'list', url: '/v1/refunds', has_more: false, data }];
    }
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(body);
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
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`,
            },
          },
        ];
      s.status = 'expired';
      return [200, s];
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = this.subscriptions.get(m[1]);
      if (!sub) return this.missing('subscription', m[1]);
      if (method === 'GET') return [200, sub];
      if (method === 'DELETE') {
        // Cancel now: Stripe refuses an already cancelled one.
        if (sub.status === 'canceled')
          return [
            400,
            {
              error: {
                type: 'invalid_request_error',
                message: `A canceled subscription can only update its cancellation_details and metadata.`,
              },
            },
          ];
        Object.assign(sub, {
          status: 'canceled',
          ended_at: this.nowSeconds(),
          canceled_at: this.nowSeconds(),
          cancel_at_period_end: false,
          cancel_at: null,
        });
        return [200, sub];
      }
      if (method === 'POST') {
        if (sub.status === 'canceled')
          return [
            400,
            {
              error: {
                type: 'invalid_request_error',
                message: `A canceled subscription can only update its cancellation_details and metadata.`,
              },
            },
          ];
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
      if (!body.customer)
        return [400, { error: { type: 'invalid_request_error', message: 'Missing required param: customer.' } }];
      const id = this.id('bps');
      return [
        200,
        {
          id,
          object: 'billing_portal.session',
          customer: text(body.customer),
          return_url: text(body.return_url),
          url: `https://billing.stripe.test/p/session/${id}`,
        },
      ];
    }
    if (method === 'POST' && path === '/v1/payment_links') {
      const id = this.id('plink');
      const link = {
        id,
        object: 'payment_link',
        active: true,
        metadata: params(body.metadata),
        url: `https://buy.stripe.test/${id}`,
      };
      this.paymentLinks.set(id, { ...link, line_items: body.line_items });
      return [200, link];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  /** Stripe's invoice list: newest first, filtered by subscription and status; `payments` only when expanded. */
  private listInvoices(query: Form) {
    const expandPayments = texts(query.expand).includes('data.payments');
    const data = [...this.invoices.values()]
      .filter(
        (i) =>
          (!query.subscription || i.parent.subscription_details.subscription === query.subscription) &&
          (!query.status || i.status === query.status),
      )
      .sort((a, b) => b.created - a.created || b.seq - a.seq)
      .slice(0, Number(text(query.limit) ?? 10))
      .map((i) => this.invoiceView(i, expandPayments));
    return { object: 'list', url: '/v1/invoices', has_more: false, data };
  }

  private invoiceView(invoice: FakeInvoice, withPayments: boolean) {
    const { payments, seq: _seq, ...rest } = invoice;
    return withPayments ? { ...rest, payments: { object: 'list', has_more: false, data: payments } } : rest;
  }

  private createRefund(body: Form): [number, Obj] {
    if (this.refundFailure === 'unavailable') return STRIPE_DOWN;
    if (this.refundFailure === 'refused')
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'charge_disputed',
            message: 'This charge has been charged back; it cannot be refunded.',
          },
        },
      ];
    const intentId = text(body.payment_intent);
    const intent = intentId
      ? this.paymentIntents.get(intentId)
      : [...this.paymentIntents.values()].find((p) => p.latest_charge === body.charge);
    if (!intent)
      return this.invalidParams(
        'One of `charge` or `payment_intent` is required and must name a payment.',
        'payment_intent',
      );
    const reason = text(body.reason);
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason))
      return this.invalidParams(
        'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer',
        'reason',
      );
    const refunded = [...this.refunds.values()]
      .filter((r) => r.payment_intent === intent.id && r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
    const left = intent.amount_received - refunded;
    const pounds = (p: number) => `£${(p / 100).toFixed(2)}`;
    if (left <= 0)
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ${intent.latest_charge} has already been refunded.`,
          },
        },
      ];
    const amount = body.amount === undefined ? left : Number(text(body.amount));
    if (amount > left) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            param: 'amount',
            message: `Refund amount (${pounds(amount)}) is greater than unrefunded amount on charge (${pounds(left)})`,
          },
        },
      ];
    }
    const refund: FakeRefund = {
      id: this.id('re'),
      object: 'refund',
      amount,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      currency: 'gbp',
      created: this.nowSeconds(),
      metadata: params(body.metadata),
      reason: reason ?? null,
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    return [200, refund];
  }

  /** A payment taken on Stripe: a succeeded payment intent and the invoice it paid (or tried to). */
  private invoice(
    subscriptionId: string,
    opts: { amount: number; reason: 'subscription_create' | 'subscription_cycle'; paid: boolean },
  ) {
    const sub = this.subscriptions.get(subscriptionId)!;
    const item = sub.items.data[0];
    const now = this.nowSeconds();
    const invoiceId = this.id('in');
    const payments: Obj[] = [];
    if (opts.paid) payments.push(this.payment(invoiceId, opts.amount));
    const invoice: FakeInvoice = {
      id: invoiceId,
      object: 'invoice',
      seq: ++this.seq,
      customer: sub.customer,
      status: opts.paid ? 'paid' : 'open',
      billing_reason: opts.reason,
      amount_due: opts.amount,
      amount_paid: opts.paid ? opts.amount : 0,
      amount_remaining: opts.paid ? 0 : opts.amount,
      attempt_count: 1,
      attempted: true,
      next_payment_attempt: opts.paid ? null : now + 3 * DAY,
      currency: 'gbp',
      created: now,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      status_transitions: { finalized_at: now, paid_at: opts.paid ? now : null },
      payments,
    };
    this.invoices.set(invoiceId, invoice);
    return invoice;
  }

  private payment(invoiceId: string, amount: number) {
    const intent: FakePaymentIntent = {
      id: this.id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency: 'gbp',
      status: 'succeeded',
      latest_charge: this.id('ch'),
    };
    this.paymentIntents.set(intent.id, intent);
    const now = this.nowSeconds();
    return {
      id: this.id('inpay'),
      object: 'invoice_payment',
      amount_paid: amount,
      amount_requested: amount,
      currency: 'gbp',
      invoice: invoiceId,
      is_default: true,
      status: 'paid',
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status_transitions: { canceled_at: null, paid_at: now },
    };
  }

  /** The open invoice of a renewal that failed, if any. */
  openInvoice(subscriptionId: string) {
    return [...this.invoices.values()].find(
      (i) => i.parent.subscription_details.subscription === subscriptionId && i.status === 'open',
    );
  }

  /** Stripe failing to take a renewal: the period moves on unpaid and the subscription is past_due (a retry that fails again counts an attempt). */
  failRenewal(subscriptionId: string) {
    const sub = this.subscriptions.get(subscriptionId)!;
    let invoice = this.openInvoice(subscriptionId);
    if (invoice) {
      invoice.attempt_count += 1;
      invoice.next_payment_attempt = this.nowSeconds() + 3 * DAY;
    } else {
      const item = sub.items.data[0];
      item.current_period_start = item.current_period_end;
      item.current_period_end += 30 * DAY;
      invoice = this.invoice(subscriptionId, {
        amount: item.price.unit_amount,
        reason: 'subscription_cycle',
        paid: false,
      });
    }
    sub.status = 'past_due';
    return this.invoiceView(invoice, false);
  }

  /** A retry that succeeds (or the member's new card paying): the open invoice is paid and the subscription active again. */
  payOpenInvoice(subscriptionId: string) {
    const invoice = this.openInvoice(subscriptionId);
    if (!invoice) throw new Error(`fake stripe: no open invoice for ${subscriptionId}`);
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      next_payment_attempt: null,
    });
    invoice.attempt_count += 1;
    invoice.status_transitions.paid_at = this.nowSeconds();
    invoice.payments.push(this.payment(invoice.id, invoice.amount_due));
    this.subscriptions.get(subscriptionId)!.status = 'active';
    return this.invoiceView(invoice, false);
  }

  /** A Checkout Session made outside this app (a Payment Link, the Dashboard, another integration). */
  createSessionElsewhere(opts: { email: string; customer?: string }) {
    return this.createSession({
      mode: 'subscription',
      customer_email: opts.customer ? undefined : opts.email,
      customer: opts.customer,
      line_items: [{ price: 'price_monthly', quantity: '1' }],
    });
  }

  private createSession(body: Form) {
    const id = this.id('cs');
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: text(body.mode),
      status: 'open',
      payment_status: 'unpaid',
      allow_promotion_codes: body.allow_promotion_codes === 'true',
      customer: text(body.customer) ?? null,
      customer_email: text(body.customer_email) ?? null,
      customer_details: null,
      success_url: text(body.success_url),
      cancel_url: text(body.cancel_url),
      amount_total: null,
      currency: 'gbp',
      subscription: null,
      metadata: params(body.metadata),
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
    if (session.status !== 'open')
      throw new Error(`fake stripe: session ${sessionId} is ${session.status}, it cannot be paid`);
    const [firstItem] = Array.isArray(session.line_items_requested) ? session.line_items_requested : [];
    const price = text(params(firstItem).price) ?? 'price_monthly';
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
      discounts: [],
      items: {
        object: 'list',
        data: [
          {
            id: this.id('si'),
            object: 'subscription_item',
            quantity: 1,
            current_period_start: start,
            current_period_end: start + periodOf(listed.interval),
            price: {
              id: price,
              object: 'price',
              unit_amount: amount,
              currency: 'gbp',
              recurring: { interval: listed.interval, interval_count: 1 },
            },
          },
        ],
      },
    });
    this.invoice(subscriptionId, { amount, reason: 'subscription_create', paid: true });
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

  /** Stripe renewing: the next period starts where the last ended, and its invoice is paid. */
  renew(subscriptionId: string) {
    const item = this.subscriptions.get(subscriptionId)!.items.data[0];
    item.current_period_start = item.current_period_end;
    item.current_period_end += periodOf(item.price.recurring.interval);
    this.invoice(subscriptionId, { amount: item.price.unit_amount, reason: 'subscription_cycle', paid: true });
    return this.subscriptions.get(subscriptionId)!;
  }

  /** The newest invoice of a subscription (as a webhook would carry it). */
  latestInvoice(subscriptionId: string) {
    const invoice = [...this.invoices.values()]
      .filter((i) => i.parent.subscription_details.subscription === subscriptionId)
      .sort((a, b) => b.seq - a.seq)[0];
    return invoice ? this.invoiceView(invoice, false) : undefined;
  }

  /** Stripe ending a subscription (period over after cancellation, or cancelled outright). */
  endSubscription(subscriptionId: string) {
    const sub = this.subscriptions.get(subscriptionId)!;
    Object.assign(sub, {
      status: 'canceled',
      ended_at: this.nowSeconds(),
      canceled_at: sub.canceled_at ?? this.nowSeconds(),
      cancel_at_period_end: false,
    });
    return sub;
  }

  setStatus(subscriptionId: string, status: string) {
    const sub = this.subscriptions.get(subscriptionId)!;
    sub.status = status;
    return sub;
  }

  /** An event as Stripe sends it, with a snapshot of the object (possibly stale by the time it arrives). */
  event(type: string, object: Obj, id = this.id('evt')): string {
    return JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: this.nowSeconds(),
      data: { object: structuredClone(object) },
    });
  }
}

const signer = new Stripe('sk_test_signer');

/** A Stripe-Signature header for a payload, as Stripe computes it (timestamp in seconds). */
export function signWebhook(payload: string, secret: string, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp !== undefined ? { timestamp } : {}),
  });
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
  client: {
    request(
      method: string,
      path: string,
      body?: unknown,
      headers?: Record<string, string>,
    ): Promise<{ status: number; json: unknown }>;
  },
  payload: string,
  signature = signWebhook(payload, TEST_WEBHOOK_SECRET),
) {
  return client.request('POST', '/api/stripe/webhook', payload, {
    'content-type': 'application/json; charset=utf-8',
    'stripe-signature': signature,
  });
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
