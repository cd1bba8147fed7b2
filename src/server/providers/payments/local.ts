import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PLANS, type Plan } from '#shared/consent';
import { PRICE_DISCOUNTED_GBP, PRICE_MONTHLY_GBP } from '#shared/public-config';
import type { AppContext } from '#server/context';
import { localPayments } from '#server/db/schema';
import type { DbOrTx } from '#server/db/client';
import { PaymentRefusedError, WebhookSignatureError } from './errors';
import type {
  CheckoutSessionInfo,
  InvoiceInfo,
  PaymentEvent,
  PaymentInfo,
  PaymentsProvider,
  RefundInfo,
  SubscriptionInfo,
} from './index';

/**
 * The built-in stand-in for Stripe when no STRIPE_SECRET_KEY is set: a test checkout page at
 * /local-checkout/{id} (no card is charged), with sessions, customers and subscriptions kept in
 * the database the way Stripe keeps them. Completing a checkout yields the same event a Stripe
 * webhook would, handled by the same use case.
 */
const LOCAL_CHECKOUT_PREFIX = '/local-checkout/';
const LOCAL_PRICE_PENCE = PRICE_MONTHLY_GBP * 100;
const LOCAL_DISCOUNTED_PENCE = PRICE_DISCOUNTED_GBP * 100;

/**
 * The provider's rows keep their data as JSON; each kind is read through its schema, so a row that
 * does not have the shape written here is refused by name instead of being used as if it had.
 */
const localSessionData = z.object({
  mode: z.enum(['subscription', 'payment']),
  /** Absent on sessions made before the annual plan: monthly. */
  plan: z.enum(PLANS).optional(),
  /** The plan's price when the session was made (what the page shows and Pay charges before any code). */
  listPricePence: z.number().optional(),
  email: z.string(),
  customerId: z.string().nullable(),
  successUrl: z.string(),
  cancelUrl: z.string(),
  description: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  amountTotal: z.number().nullable(),
  discountCode: z.string().nullable(),
  subscriptionId: z.string().nullable(),
});
type LocalSessionData = z.infer<typeof localSessionData>;

const localSubscriptionData = z.object({
  customerId: z.string(),
  status: z.string(),
  startDate: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  endedAt: z.string().nullable(),
  amount: z.number(),
  interval: z.enum(['month', 'year']),
});
type LocalSubscriptionData = z.infer<typeof localSubscriptionData>;

/** A payment taken (or tried) for a subscription, as Stripe's invoice. */
const localInvoiceData = z.object({
  subscriptionId: z.string(),
  status: z.enum(['paid', 'open', 'uncollectible']),
  amountDue: z.number(),
  amountPaid: z.number(),
  billingReason: z.enum(['subscription_create', 'subscription_cycle']),
  attemptCount: z.number(),
  nextPaymentAttempt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
type LocalInvoiceData = z.infer<typeof localInvoiceData>;

const localRefundData = z.object({
  /** The invoice refunded (or, for a subscription paid before invoices were kept, its checkout session). */
  paymentRef: z.string(),
  amount: z.number(),
  reason: z.string(),
  metadata: z.record(z.string(), z.string()),
  status: z.literal('succeeded'),
});
type LocalRefundData = z.infer<typeof localRefundData>;

/** A row's data read as the kind its schema describes; a row of another shape is an error naming the row. */
function stored<T>(schema: z.ZodType<T>, row: { id: string; data: unknown }): T {
  const parsed = schema.safeParse(row.data);
  if (!parsed.success)
    throw new Error(`Local payments row ${row.id} does not hold what it should: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** What the local provider can play that Stripe does by itself: a renewal paid, a renewal failed, the retries given up. */
export type LocalRenewalOutcome = 'paid' | 'failed' | 'gave_up';

export interface LocalCheckoutView {
  id: string;
  mode: 'subscription' | 'payment';
  plan: Plan;
  /** The price before any discount code, in pence. */
  listPricePence: number;
  email: string;
  description: string;
  status: 'open' | 'complete' | 'expired';
  successUrl: string;
  cancelUrl: string;
}

type LocalCompletion =
  | { ok: true; event: PaymentEvent; redirectTo: string }
  | { ok: false; reason: 'not-found' | 'bad-code' | 'code-not-for-plan' | 'expired' };

export interface LocalPayments extends PaymentsProvider {
  readonly kind: 'local';
  getCheckout(id: string): Promise<LocalCheckoutView | null>;
  /** Pays an open checkout (with the configured discount code, if given); idempotent. */
  completeCheckout(id: string, discountCode: string | undefined): Promise<LocalCompletion>;
  /**
   * Plays a renewal as Stripe would (the local checkout has no card to charge): `paid` starts the
   * next period paid, or settles an open failed renewal; `failed` starts it unpaid (past_due) or
   * fails another retry; `gave_up` ends the subscription after the retries. Returns the event
   * Stripe would send, for the same event handling.
   */
  simulateRenewal(subscriptionId: string, outcome: LocalRenewalOutcome): Promise<PaymentEvent>;
}

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(18).toString('base64url')}`;

/** A deterministic id per idempotency key: the same key names the same refund. */
const refundIdFor = (key: string) => `lre_${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 24)}`;
const RETRY_AFTER_MS = 3 * 86_400_000;
const penceText = (pence: number) => `£${(pence / 100).toFixed(2)}`;

function addPeriod(d: Date, interval: 'month' | 'year'): Date {
  const next = new Date(d);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export function createLocalPayments(ctx: AppContext): LocalPayments {
  const db = ctx.db;

  async function read<T>(id: string, kind: string, schema: z.ZodType<T>): Promise<T | null> {
    const [row] = await db
      .select()
      .from(localPayments)
      .where(and(eq(localPayments.id, id), eq(localPayments.kind, kind)));
    return row ? stored(schema, row) : null;
  }

  async function write(id: string, kind: string, data: object) {
    const now = ctx.clock.now();
    await db
      .insert(localPayments)
      .values({ id, kind, data, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: localPayments.id, set: { data, updatedAt: now } });
  }

  async function createSession(
    data: Omit<LocalSessionData, 'status' | 'amountTotal' | 'discountCode' | 'subscriptionId'>,
  ) {
    const id = newId('lcs');
    const session: LocalSessionData = {
      ...data,
      successUrl: data.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
      status: 'open',
      amountTotal: null,
      discountCode: null,
      subscriptionId: null,
    };
    await write(id, 'checkout_session', session);
    return { id, url: new URL(LOCAL_CHECKOUT_PREFIX + id, data.successUrl).toString() };
  }

  /** A local subscription has no card to charge: at its period end it lapses unless renewed. */
  async function loadSubscription(id: string): Promise<LocalSubscriptionData | null> {
    const sub = await read(id, 'subscription', localSubscriptionData);
    if (!sub) return null;
    const now = ctx.clock.now();
    if (sub.cancelAtPeriodEnd && sub.status !== 'canceled' && new Date(sub.currentPeriodEnd) <= now) {
      const ended = { ...sub, status: 'canceled', endedAt: sub.currentPeriodEnd };
      await write(id, 'subscription', ended);
      return ended;
    }
    return sub;
  }

  /** Applies a change to a subscription that has not ended (an ended one stays as it is, like Stripe's). */
  async function changeSubscription(id: string, change: (s: LocalSubscriptionData) => LocalSubscriptionData) {
    const s = await loadSubscription(id);
    if (!s) throw new Error(`No local subscription ${id}`);
    const next = s.status === 'canceled' ? s : change(s);
    await write(id, 'subscription', next);
    return info(id, next);
  }

  const info = (id: string, s: LocalSubscriptionData): SubscriptionInfo => ({
    id,
    customerId: s.customerId,
    status: s.status,
    startDate: new Date(s.startDate),
    currentPeriodEnd: new Date(s.currentPeriodEnd),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    cancelAt: s.cancelAtPeriodEnd ? new Date(s.currentPeriodEnd) : null,
    endedAt: s.endedAt ? new Date(s.endedAt) : null,
    amount: s.amount,
    interval: s.interval,
    // The local discount code lasts as long as the subscription.
    discountEnd: null,
  });

  const invoiceInfo = (id: string, i: LocalInvoiceData): InvoiceInfo => ({
    id,
    subscriptionId: i.subscriptionId,
    status: i.status,
    amountDuePence: i.amountDue,
    amountPaidPence: i.amountPaid,
    billingReason: i.billingReason,
    attemptCount: i.attemptCount,
    nextPaymentAttempt: i.nextPaymentAttempt ? new Date(i.nextPaymentAttempt) : null,
  });

  const byData = (kind: string, field: string, value: string) =>
    and(eq(localPayments.kind, kind), sql`${localPayments.data}->>${field} = ${value}`);

  /** The latest paid payment row of a subscription: its newest paid invoice, else (kept before invoices were) its checkout. */
  async function paidPaymentRow(db: DbOrTx, subscriptionId: string, lock: boolean) {
    const paidInvoice = db
      .select()
      .from(localPayments)
      .where(and(byData('invoice', 'subscriptionId', subscriptionId), sql`${localPayments.data}->>'status' = 'paid'`))
      .orderBy(desc(localPayments.createdAt), desc(localPayments.id))
      .limit(1);
    const [invoice] = lock ? await paidInvoice.for('update') : await paidInvoice;
    if (invoice) {
      const data = stored(localInvoiceData, invoice);
      return {
        ref: invoice.id,
        invoiceId: invoice.id,
        amountPaid: data.amountPaid,
        paidAt: data.paidAt ? new Date(data.paidAt) : invoice.createdAt,
      };
    }
    const checkout = db
      .select()
      .from(localPayments)
      .where(
        and(
          byData('checkout_session', 'subscriptionId', subscriptionId),
          sql`${localPayments.data}->>'status' = 'complete'`,
        ),
      )
      .limit(1);
    const [session] = lock ? await checkout.for('update') : await checkout;
    if (!session) return null;
    return {
      ref: session.id,
      invoiceId: session.id,
      amountPaid: stored(localSessionData, session).amountTotal ?? 0,
      paidAt: session.updatedAt,
    };
  }

  async function refundedOn(db: DbOrTx, paymentRef: string): Promise<number> {
    const rows = await db
      .select()
      .from(localPayments)
      .where(byData('refund', 'paymentRef', paymentRef));
    return rows.reduce((sum, r) => sum + stored(localRefundData, r).amount, 0);
  }

  async function latestPayment(subscriptionId: string): Promise<PaymentInfo | null> {
    const row = await paidPaymentRow(db, subscriptionId, false);
    if (!row || row.amountPaid <= 0) return null;
    return {
      ref: row.ref,
      refKind: 'local',
      invoiceId: row.invoiceId,
      amountPaidPence: row.amountPaid,
      amountRefundedPence: await refundedOn(db, row.ref),
      paidAt: row.paidAt,
    };
  }

  /** As Stripe: one refund per idempotency key; never more than is left of the payment. */
  async function refund({
    payment,
    amountPence,
    reason,
    metadata,
    idempotencyKey,
  }: Parameters<PaymentsProvider['refund']>[0]): Promise<RefundInfo> {
    const id = refundIdFor(idempotencyKey);
    return db.transaction(async (tx) => {
      // Locking the payment serialises refunds of it, so two cannot both take what is left.
      const [target] = await tx.select().from(localPayments).where(eq(localPayments.id, payment.ref)).for('update');
      if (!target) throw new PaymentRefusedError(`No such payment: '${payment.ref}'`);
      const [existing] = await tx
        .select()
        .from(localPayments)
        .where(and(eq(localPayments.id, id), eq(localPayments.kind, 'refund')));
      if (existing) {
        const done = stored(localRefundData, existing);
        if (done.paymentRef !== payment.ref || done.amount !== amountPence) {
          throw new PaymentRefusedError(
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        return { id, amountPence: done.amount, status: done.status };
      }
      const paid =
        target.kind === 'invoice'
          ? stored(localInvoiceData, target).amountPaid
          : (stored(localSessionData, target).amountTotal ?? 0);
      const left = paid - (await refundedOn(tx, payment.ref));
      if (left <= 0) throw new PaymentRefusedError(`Payment ${payment.ref} has already been refunded.`);
      if (amountPence > left)
        throw new PaymentRefusedError(
          `Refund amount (${penceText(amountPence)}) is greater than unrefunded amount on payment (${penceText(left)})`,
        );
      const now = ctx.clock.now();
      const data: LocalRefundData = {
        paymentRef: payment.ref,
        amount: amountPence,
        reason,
        metadata,
        status: 'succeeded',
      };
      await tx.insert(localPayments).values({ id, kind: 'refund', data, createdAt: now, updatedAt: now });
      return { id, amountPence, status: data.status };
    });
  }

  async function openInvoiceOf(subscriptionId: string) {
    const [row] = await db
      .select()
      .from(localPayments)
      .where(and(byData('invoice', 'subscriptionId', subscriptionId), sql`${localPayments.data}->>'status' = 'open'`))
      .orderBy(desc(localPayments.createdAt))
      .limit(1);
    return row ? { id: row.id, data: stored(localInvoiceData, row) } : null;
  }

  async function simulateRenewal(subscriptionId: string, outcome: LocalRenewalOutcome): Promise<PaymentEvent> {
    const sub = await loadSubscription(subscriptionId);
    if (!sub) throw new Error(`No local subscription ${subscriptionId}`);
    const now = ctx.clock.now();
    const eventId = newId('evt_local');
    if (outcome === 'gave_up') {
      const open = await openInvoiceOf(subscriptionId);
      if (open) await write(open.id, 'invoice', { ...open.data, status: 'uncollectible', nextPaymentAttempt: null });
      await write(subscriptionId, 'subscription', {
        ...sub,
        status: 'canceled',
        cancelAtPeriodEnd: false,
        endedAt: now.toISOString(),
      });
      return { id: eventId, type: 'customer.subscription.deleted', subscriptionId };
    }
    const open = await openInvoiceOf(subscriptionId);
    let invoiceId: string;
    let invoice: LocalInvoiceData;
    if (open) {
      // A retry of the renewal that failed: the period already moved on when it was first tried.
      invoiceId = open.id;
      invoice =
        outcome === 'paid'
          ? {
              ...open.data,
              status: 'paid',
              amountPaid: open.data.amountDue,
              attemptCount: open.data.attemptCount + 1,
              nextPaymentAttempt: null,
              paidAt: now.toISOString(),
            }
          : {
              ...open.data,
              attemptCount: open.data.attemptCount + 1,
              nextPaymentAttempt: new Date(now.getTime() + RETRY_AFTER_MS).toISOString(),
            };
    } else {
      invoiceId = newId('lin');
      const paid = outcome === 'paid';
      invoice = {
        subscriptionId,
        status: paid ? 'paid' : 'open',
        amountDue: sub.amount,
        amountPaid: paid ? sub.amount : 0,
        billingReason: 'subscription_cycle',
        attemptCount: 1,
        nextPaymentAttempt: paid ? null : new Date(now.getTime() + RETRY_AFTER_MS).toISOString(),
        paidAt: paid ? now.toISOString() : null,
      };
      sub.currentPeriodEnd = addPeriod(new Date(sub.currentPeriodEnd), sub.interval ?? 'month').toISOString();
    }
    await write(invoiceId, 'invoice', invoice);
    await write(subscriptionId, 'subscription', { ...sub, status: outcome === 'paid' ? 'active' : 'past_due' });
    return {
      id: eventId,
      type: outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
      subscriptionId,
      invoiceId,
    };
  }

  async function retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null> {
    const s = await read(id, 'checkout_session', localSessionData);
    if (!s) return null;
    return {
      id,
      status: s.status,
      email: s.email,
      paid: s.status === 'complete',
      amountTotal: s.amountTotal,
      currency: 'gbp',
      customerId: s.customerId,
      subscriptionId: s.subscriptionId,
      mode: s.mode,
    };
  }

  return {
    kind: 'local',

    createCheckoutSession(input) {
      const annualPence = ctx.config.ANNUAL_PRICE_PENCE;
      if (input.plan === 'annual' && annualPence === undefined)
        throw new Error('The annual plan is not configured (ANNUAL_PRICE_PENCE)');
      return createSession({
        mode: 'subscription',
        plan: input.plan,
        listPricePence: input.plan === 'annual' ? annualPence : LOCAL_PRICE_PENCE,
        email: input.email,
        customerId: input.customerId ?? null,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        description: `${ctx.config.SITE_NAME} Premium`,
      });
    },

    retrieveCheckoutSession,

    async retrieveSubscription(id) {
      const s = await loadSubscription(id);
      return s ? info(id, s) : null;
    },

    async expireCheckoutSession(id) {
      // In one statement, so a Pay click at the same moment either completes it first or finds it expired.
      await db
        .update(localPayments)
        .set({ data: sql`jsonb_set(${localPayments.data}, '{status}', '"expired"')`, updatedAt: ctx.clock.now() })
        .where(
          and(
            eq(localPayments.id, id),
            eq(localPayments.kind, 'checkout_session'),
            sql`${localPayments.data}->>'status' = 'open'`,
          ),
        );
      return retrieveCheckoutSession(id);
    },

    cancelAtPeriodEnd: (subscriptionId) =>
      changeSubscription(subscriptionId, (s) => ({ ...s, cancelAtPeriodEnd: true })),

    resume: (subscriptionId) => changeSubscription(subscriptionId, (s) => ({ ...s, cancelAtPeriodEnd: false })),

    cancelNow: (subscriptionId) =>
      changeSubscription(subscriptionId, (s) => ({
        ...s,
        status: 'canceled',
        cancelAtPeriodEnd: false,
        endedAt: ctx.clock.now().toISOString(),
      })),

    latestPayment,

    refund,

    async retrieveInvoice(id) {
      const invoice = await read(id, 'invoice', localInvoiceData);
      return invoice ? invoiceInfo(id, invoice) : null;
    },

    simulateRenewal,

    createBillingPortalSession() {
      return Promise.resolve(null);
    },

    async createPaymentLink(input) {
      const { url } = await createSession({
        mode: 'payment',
        email: input.email,
        customerId: null,
        successUrl: input.returnUrl,
        cancelUrl: input.returnUrl,
        description: `${ctx.config.SITE_NAME} invoice (${input.pricingTier}) for ${input.customerName}`,
      });
      return { url };
    },

    parseWebhook(): PaymentEvent {
      throw new WebhookSignatureError('Webhooks are not used by the local payments provider');
    },

    async getCheckout(id) {
      const s = await read(id, 'checkout_session', localSessionData);
      if (!s) return null;
      const plan = s.plan ?? 'monthly';
      return {
        id,
        mode: s.mode,
        plan,
        listPricePence: s.listPricePence ?? LOCAL_PRICE_PENCE,
        email: s.email,
        description: s.description,
        status: s.status,
        successUrl: s.successUrl,
        cancelUrl: s.cancelUrl,
      };
    },

    async completeCheckout(id, discountCode) {
      const code = discountCode?.trim() ?? '';
      if (code && code.toLowerCase() !== ctx.config.DEFAULT_DISCOUNT_CODE.toLowerCase())
        return { ok: false, reason: 'bad-code' };
      const event: PaymentEvent = { id: `evt_local_${id}`, type: 'checkout.session.completed', checkoutSessionId: id };
      return db.transaction(async (tx) => {
        // Lock the session row so two clicks on Pay make one subscription.
        const [row] = await tx
          .select()
          .from(localPayments)
          .where(and(eq(localPayments.id, id), eq(localPayments.kind, 'checkout_session')))
          .for('update');
        if (!row) return { ok: false, reason: 'not-found' } as const;
        const s = stored(localSessionData, row);
        if (s.status === 'complete') return { ok: true, event, redirectTo: s.successUrl } as const;
        if (s.status === 'expired') return { ok: false, reason: 'expired' } as const;
        // The discount code is a monthly price (£12 a month); the annual plan has its own price.
        const annual = s.plan === 'annual';
        if (annual && code) return { ok: false, reason: 'code-not-for-plan' } as const;
        const now = ctx.clock.now();
        const amount = code ? LOCAL_DISCOUNTED_PENCE : (s.listPricePence ?? LOCAL_PRICE_PENCE);
        const customerId = s.customerId ?? newId('lcus');
        let subscriptionId: string | null = null;
        const rows: { id: string; kind: string; data: object; createdAt: Date; updatedAt: Date }[] = [];
        if (!s.customerId)
          rows.push({ id: customerId, kind: 'customer', data: { email: s.email }, createdAt: now, updatedAt: now });
        if (s.mode === 'subscription') {
          subscriptionId = newId('lsub');
          const sub: LocalSubscriptionData = {
            customerId,
            status: 'active',
            startDate: now.toISOString(),
            currentPeriodEnd: addPeriod(now, annual ? 'year' : 'month').toISOString(),
            cancelAtPeriodEnd: false,
            endedAt: null,
            amount,
            interval: annual ? 'year' : 'month',
          };
          rows.push({ id: subscriptionId, kind: 'subscription', data: sub, createdAt: now, updatedAt: now });
          const invoice: LocalInvoiceData = {
            subscriptionId,
            status: 'paid',
            amountDue: amount,
            amountPaid: amount,
            billingReason: 'subscription_create',
            attemptCount: 1,
            nextPaymentAttempt: null,
            paidAt: now.toISOString(),
          };
          rows.push({ id: newId('lin'), kind: 'invoice', data: invoice, createdAt: now, updatedAt: now });
        }
        if (rows.length) await tx.insert(localPayments).values(rows);
        const paid: LocalSessionData = {
          ...s,
          status: 'complete',
          amountTotal: amount,
          discountCode: code || null,
          customerId,
          subscriptionId,
        };
        await tx
          .update(localPayments)
          .set({ data: paid, updatedAt: now })
          .where(and(eq(localPayments.id, id), sql`${localPayments.data}->>'status' = 'open'`));
        return { ok: true, event, redirectTo: s.successUrl } as const;
      });
    },
  };
}
