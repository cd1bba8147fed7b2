import type { Plan } from '#shared/consent';
import type { AppContext } from '#server/context';
import { createLocalPayments, type LocalPayments } from './local';
import { createStripePayments, type StripePayments } from './stripe';

/**
 * One payments interface with two implementations: Stripe when STRIPE_SECRET_KEY is set, the
 * built-in local checkout otherwise. Everything outside this folder talks only to this shape, so
 * the billing use cases run the same code whichever provider is configured.
 */
type PaymentsKind = 'stripe' | 'local';

export interface CheckoutSessionInfo {
  id: string;
  /** open: can still be paid; complete: paid (or abandoned in an unpaid state); expired: can no longer be paid. */
  status: 'open' | 'complete' | 'expired';
  email: string | null;
  /** Paid (or fully discounted) and complete: the subscription exists. */
  paid: boolean;
  /** What the first payment came to, in pence, after any discount. */
  amountTotal: number | null;
  currency: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  mode: 'subscription' | 'payment';
}

export interface SubscriptionInfo {
  id: string;
  customerId: string | null;
  /** Stripe's status names: active, trialing, past_due, canceled, unpaid, incomplete, … */
  status: string;
  startDate: Date;
  /** End of the period already paid for (the renewal date). */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Set when the subscription is scheduled to end (at period end or a chosen date). */
  cancelAt: Date | null;
  endedAt: Date | null;
  /** The price per interval after any lasting discount, in pence, and the interval. */
  amount: number | null;
  interval: string | null;
  /** When a discount on the subscription stops applying (a discount for a number of months); null when none ends. */
  discountEnd: Date | null;
}

/** A payment taken for a subscription (its invoice), and how much of it has been refunded. */
export interface PaymentInfo {
  /** What a refund names: Stripe's payment intent (or charge), the local provider's invoice. */
  ref: string;
  refKind: 'payment_intent' | 'charge' | 'local';
  invoiceId: string;
  amountPaidPence: number;
  amountRefundedPence: number;
  paidAt: Date | null;
}

/** An invoice as the provider holds it now (re-read for invoice events). */
export interface InvoiceInfo {
  id: string;
  subscriptionId: string | null;
  /** draft | open | paid | uncollectible | void */
  status: string | null;
  amountDuePence: number;
  amountPaidPence: number;
  /** subscription_create, subscription_cycle, … */
  billingReason: string | null;
  attemptCount: number;
  nextPaymentAttempt: Date | null;
}

/** Stripe's refund reasons; the admin's own reason and note travel in the metadata. */
export type ProviderRefundReason = 'duplicate' | 'requested_by_customer';

interface RefundInput {
  payment: PaymentInfo;
  amountPence: number;
  reason: ProviderRefundReason;
  metadata: Record<string, string>;
  /** One per admin action: the provider makes one refund for a key however often it is sent. */
  idempotencyKey: string;
}

export interface RefundInfo {
  id: string;
  amountPence: number;
  /** succeeded | pending | failed | canceled | requires_action */
  status: string;
}

/** A provider notification, reduced to what the billing use cases act on. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** checkout.session.* events */
  checkoutSessionId?: string;
  /** customer.subscription.* and invoice.* events */
  subscriptionId?: string;
  /** invoice.* events */
  invoiceId?: string;
}

interface CreateCheckoutInput {
  email: string;
  /** monthly: STRIPE_PRICE_ID (the local £16); annual: STRIPE_ANNUAL_PRICE_ID (the local ANNUAL_PRICE_PENCE), billed yearly. */
  plan: Plan;
  /** An existing provider customer of this person (a returning subscriber), when known. */
  customerId?: string | null;
  /** May contain {CHECKOUT_SESSION_ID}, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  reference?: string;
}

interface PaymentLinkInput {
  email: string;
  customerName: string;
  pricingTier: string;
  priceId: string;
  returnUrl: string;
}

export interface PaymentsProvider {
  readonly kind: PaymentsKind;
  createCheckoutSession(input: CreateCheckoutInput): Promise<{ id: string; url: string }>;
  /** null when the provider does not know the session. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null>;
  /** The subscription as the provider holds it now; null when unknown. */
  retrieveSubscription(id: string): Promise<SubscriptionInfo | null>;
  /**
   * Makes an open checkout unpayable. Returns the session as it is afterwards: `expired`, or
   * `complete` when the customer paid it first; null when the provider does not know it.
   */
  expireCheckoutSession(id: string): Promise<CheckoutSessionInfo | null>;
  /** Stops renewal: access continues to the end of the period already paid for. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionInfo>;
  /** Undoes cancelAtPeriodEnd while the period is still running: it renews again. */
  resume(subscriptionId: string): Promise<SubscriptionInfo>;
  /** Ends a subscription now (a duplicate payment): no further renewal, no access from it. */
  cancelNow(subscriptionId: string): Promise<SubscriptionInfo>;
  /** The latest paid payment of a subscription; null when nothing was paid. */
  latestPayment(subscriptionId: string): Promise<PaymentInfo | null>;
  /**
   * Refunds (part of) a payment. Throws PaymentRefusedError when the provider refuses it (more
   * than is left, already refunded, the key reused for another refund), PaymentsUnavailableError
   * when it cannot be reached (the outcome is then unknown: retry with the same key).
   */
  refund(input: RefundInput): Promise<RefundInfo>;
  retrieveInvoice(id: string): Promise<InvoiceInfo | null>;
  /** Stripe's customer portal; null when the provider has none. */
  createBillingPortalSession(customerId: string, returnUrl: string): Promise<{ url: string } | null>;
  createPaymentLink(input: PaymentLinkInput): Promise<{ url: string }>;
  /** Verifies a webhook on its raw bytes; throws WebhookSignatureError when it is not genuine. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

function paymentsKind(config: AppContext['config']): PaymentsKind {
  return config.STRIPE_SECRET_KEY ? 'stripe' : 'local';
}

/** The configured provider; `kind` tells the local one apart only where its own pages need it. */
export function createPaymentsProvider(ctx: AppContext): StripePayments | LocalPayments {
  return paymentsKind(ctx.config) === 'stripe' ? createStripePayments(ctx.config) : createLocalPayments(ctx);
}

export { PaymentRefusedError, PaymentsUnavailableError, WebhookSignatureError } from './errors';
export type { LocalPayments } from './local';
export type { StripePayments } from './stripe';
