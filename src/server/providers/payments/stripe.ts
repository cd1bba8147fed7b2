import Stripe from 'stripe';
import { fieldOf, isObject, messageOf, stringFieldOf } from '#shared/unknown-values';
import type { AppConfig } from '#server/env';
import { PaymentRefusedError, PaymentsUnavailableError, WebhookSignatureError } from './errors';
import type {
  CheckoutSessionInfo,
  InvoiceInfo,
  PaymentEvent,
  PaymentInfo,
  PaymentsProvider,
  SubscriptionInfo,
} from './index';

/**
 * Stripe through its SDK: Checkout in subscription mode on STRIPE_PRICE_ID (the annual plan on
 * STRIPE_ANNUAL_PRICE_ID) with promotion codes (the discount code is a Stripe promotion code), the
 * customer portal, payment links, and signed webhooks. STRIPE_API_BASE points the SDK at another
 * host (the tests' fake Stripe).
 */
export interface StripePayments extends PaymentsProvider {
  readonly kind: 'stripe';
}

const seconds = (s: number | null | undefined) => (s == null ? null : new Date(s * 1000));
/** The id of a reference Stripe gives either as an id or as the expanded object; null when it is neither. */
const idOf = (v: unknown) => (typeof v === 'string' ? v : (stringFieldOf(v, 'id') ?? null));
const numberOrUndefined = (v: unknown) => (typeof v === 'number' ? v : undefined);

/**
 * The soonest end of a discount on the subscription (expanded `discounts`, or the single `discount`
 * of API versions the SDK's types no longer describe, read by checking).
 */
function discountEndOf(sub: Stripe.Subscription): Date | null {
  const discounts: unknown[] = [...(sub.discounts ?? []), fieldOf(sub, 'discount')];
  const ends = discounts.map((d) => numberOrUndefined(fieldOf(d, 'end'))).filter((n) => n !== undefined);
  return ends.length ? seconds(Math.min(...ends)) : null;
}

/**
 * The subscription an invoice belongs to (on its parent since API 2025-03-31, on the invoice before;
 * the SDK's types describe only the parent, so both are read by checking).
 */
function invoiceSubscription(invoice: unknown): string | null {
  const onParent = fieldOf(fieldOf(fieldOf(invoice, 'parent'), 'subscription_details'), 'subscription');
  return idOf(onParent ?? fieldOf(invoice, 'subscription'));
}

/** Refunds that took money back or are on their way (not failed or cancelled). */
const countsAsRefunded = (r: Stripe.Refund) => r.status !== 'failed' && r.status !== 'canceled';

export function createStripePayments(config: AppConfig): StripePayments {
  const key = config.STRIPE_SECRET_KEY;
  if (!key) throw new Error('STRIPE_SECRET_KEY is not set');
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (config.STRIPE_API_BASE) {
    const base = new URL(config.STRIPE_API_BASE);
    options.host = base.hostname;
    options.protocol = base.protocol === 'http:' ? 'http' : 'https';
    if (base.port) options.port = Number(base.port);
  }
  const stripe = new Stripe(key, options);

  /** Runs a Stripe call; a missing object becomes null, any other failure one clear error. */
  async function call<T>(what: string, fn: () => Promise<T>, missingIsNull: true): Promise<T | null>;
  async function call<T>(what: string, fn: () => Promise<T>, missingIsNull?: false): Promise<T>;
  async function call<T>(what: string, fn: () => Promise<T>, missingIsNull = false): Promise<T | null> {
    try {
      return await fn();
    } catch (err) {
      if (missingIsNull && err instanceof Stripe.errors.StripeError && err.statusCode === 404) return null;
      throw new PaymentsUnavailableError(`Stripe ${what} failed: ${messageOf(err)}`, err);
    }
  }

  function subscriptionInfo(sub: Stripe.Subscription): SubscriptionInfo {
    const items = sub.items?.data ?? [];
    // Since API 2025-03-31 the period lives on the items; older objects carry it on the subscription.
    const legacyEnd = numberOrUndefined(fieldOf(sub, 'current_period_end'));
    const ends = items.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
    const periodEnd = ends.length ? Math.max(...ends) : legacyEnd;
    const price = items[0]?.price;
    return {
      id: sub.id,
      customerId: idOf(sub.customer),
      status: sub.status,
      startDate: seconds(sub.start_date) ?? new Date(),
      currentPeriodEnd: seconds(periodEnd),
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
      cancelAt: seconds(sub.cancel_at),
      endedAt: seconds(sub.ended_at),
      amount: price?.unit_amount ?? null,
      interval: price?.recurring?.interval ?? null,
      discountEnd: discountEndOf(sub),
    };
  }

  function invoiceInfo(invoice: Stripe.Invoice): InvoiceInfo {
    return {
      id: invoice.id,
      subscriptionId: invoiceSubscription(invoice),
      status: invoice.status ?? null,
      amountDuePence: invoice.amount_due,
      amountPaidPence: invoice.amount_paid,
      billingReason: invoice.billing_reason ?? null,
      attemptCount: invoice.attempt_count ?? 0,
      nextPaymentAttempt: seconds(invoice.next_payment_attempt),
    };
  }

  function sessionInfo(s: Stripe.Checkout.Session): CheckoutSessionInfo {
    return {
      id: s.id,
      status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
      email: s.customer_details?.email ?? s.customer_email ?? null,
      paid: s.status === 'complete' && (s.payment_status === 'paid' || s.payment_status === 'no_payment_required'),
      amountTotal: s.amount_total,
      currency: s.currency,
      customerId: idOf(s.customer),
      subscriptionId: idOf(s.subscription),
      mode: s.mode === 'subscription' ? 'subscription' : 'payment',
    };
  }

  async function retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null> {
    const s = await call('checkout session retrieve', () => stripe.checkout.sessions.retrieve(id), true);
    return s ? sessionInfo(s) : null;
  }

  return {
    kind: 'stripe',

    async createCheckoutSession(input) {
      const session = await call('checkout session create', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [
            { price: input.plan === 'annual' ? config.STRIPE_ANNUAL_PRICE_ID! : config.STRIPE_PRICE_ID!, quantity: 1 },
          ],
          allow_promotion_codes: true,
          // Stripe takes either a known customer or an e-mail to prefill, not both.
          ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          ...(input.reference ? { client_reference_id: input.reference } : {}),
          metadata: { email: input.email, plan: input.plan },
        }),
      );
      if (!session.url) throw new PaymentsUnavailableError('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    retrieveCheckoutSession,

    async expireCheckoutSession(id) {
      try {
        return sessionInfo(await stripe.checkout.sessions.expire(id));
      } catch (err) {
        // Stripe refuses to expire a session that is no longer open (paid meanwhile, or expired by
        // itself): what it is now is the answer.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError))
          throw new PaymentsUnavailableError(`Stripe checkout session expire failed: ${messageOf(err)}`, err);
        return retrieveCheckoutSession(id);
      }
    },

    async retrieveSubscription(id) {
      const sub = await call(
        'subscription retrieve',
        () => stripe.subscriptions.retrieve(id, { expand: ['discounts'] }),
        true,
      );
      return sub ? subscriptionInfo(sub) : null;
    },

    async latestPayment(subscriptionId): Promise<PaymentInfo | null> {
      // Stripe lists the newest first; `payments` is included only when expanded.
      const invoices = await call('invoice list', () =>
        stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 1, expand: ['data.payments'] }),
      );
      const invoice = invoices.data[0];
      if (!invoice) return null;
      const payments = invoice.payments?.data ?? [];
      const paid = payments.find((p) => p.status === 'paid') ?? payments[0];
      const intent = idOf(paid?.payment.payment_intent);
      const charge = idOf(paid?.payment.charge);
      // Paid with credit or outside Stripe: there is no card payment to refund.
      if (!intent && !charge) return null;
      const refunds = await call('refund list', () =>
        stripe.refunds.list(intent ? { payment_intent: intent, limit: 100 } : { charge: charge!, limit: 100 }),
      );
      return {
        ref: (intent ?? charge)!,
        refKind: intent ? 'payment_intent' : 'charge',
        invoiceId: invoice.id,
        amountPaidPence: paid?.amount_paid ?? invoice.amount_paid,
        amountRefundedPence: refunds.data.filter(countsAsRefunded).reduce((sum, r) => sum + r.amount, 0),
        paidAt: seconds(paid?.status_transitions?.paid_at ?? invoice.status_transitions?.paid_at),
      };
    },

    async refund({ payment, amountPence, reason, metadata, idempotencyKey }) {
      const target = payment.refKind === 'charge' ? { charge: payment.ref } : { payment_intent: payment.ref };
      try {
        const refund = await stripe.refunds.create(
          { ...target, amount: amountPence, reason, metadata },
          { idempotencyKey: `vbg-refund-${idempotencyKey}` },
        );
        return { id: refund.id, amountPence: refund.amount, status: refund.status ?? 'pending' };
      } catch (err) {
        // Stripe answered and said no (too much, already refunded, disputed, the key used for another
        // refund). A 409 (the same key still in flight) or 429 leaves the outcome open: retry.
        if (
          err instanceof Stripe.errors.StripeError &&
          err.statusCode &&
          err.statusCode >= 400 &&
          err.statusCode < 500 &&
          err.statusCode !== 409 &&
          err.statusCode !== 429
        ) {
          throw new PaymentRefusedError(`Stripe refused the refund: ${err.message}`);
        }
        throw new PaymentsUnavailableError(`Stripe refund create failed: ${messageOf(err)}`, err);
      }
    },

    async retrieveInvoice(id) {
      const invoice = await call('invoice retrieve', () => stripe.invoices.retrieve(id), true);
      return invoice ? invoiceInfo(invoice) : null;
    },

    async cancelAtPeriodEnd(subscriptionId) {
      const sub = await call('subscription update', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
      return subscriptionInfo(sub);
    },

    async resume(subscriptionId) {
      const sub = await call('subscription update', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
      );
      return subscriptionInfo(sub);
    },

    async cancelNow(subscriptionId) {
      const sub = await call('subscription cancel', () => stripe.subscriptions.cancel(subscriptionId));
      return subscriptionInfo(sub);
    },

    async createBillingPortalSession(customerId, returnUrl) {
      const portal = await call('billing portal session create', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: portal.url };
    },

    async createPaymentLink(input) {
      const link = await call('payment link create', () =>
        stripe.paymentLinks.create({
          line_items: [{ price: input.priceId, quantity: 1 }],
          metadata: { email: input.email, customerName: input.customerName, pricingTier: input.pricingTier },
          after_completion: { type: 'redirect', redirect: { url: input.returnUrl } },
        }),
      );
      // Payment links prefill the e-mail from the query string.
      const url = new URL(link.url);
      url.searchParams.set('prefilled_email', input.email);
      return { url: url.toString() };
    },

    parseWebhook(rawBody, signature): PaymentEvent {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.STRIPE_WEBHOOK_SECRET!);
      } catch (err) {
        throw new WebhookSignatureError(messageOf(err));
      }
      // Only Stripe can sign, but a signed body of the wrong shape must still be a refusal, not a crash.
      const id = stringFieldOf(event, 'id');
      const type = stringFieldOf(event, 'type');
      const object = fieldOf(fieldOf(event, 'data'), 'object');
      if (id === undefined || type === undefined || !isObject(object)) {
        throw new WebhookSignatureError('Signed body is not a Stripe event');
      }
      const objectId = stringFieldOf(object, 'id');
      const result: PaymentEvent = { id, type };
      if (type.startsWith('checkout.session.')) result.checkoutSessionId = objectId;
      else if (type.startsWith('customer.subscription.')) result.subscriptionId = objectId;
      else if (type.startsWith('invoice.')) {
        result.subscriptionId = invoiceSubscription(object) ?? undefined;
        result.invoiceId = objectId;
      }
      return result;
    },
  };
}
