import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Plan } from '#shared/consent';
import { PRICE_DISCOUNTED_GBP, PRICE_MONTHLY_GBP } from '#shared/public-config';
import type { AppContext } from '#server/context';
import { localPayments } from '#server/db/schema';
import { WebhookSignatureError } from './errors';
import type { CheckoutSessionInfo, PaymentEvent, PaymentsProvider, SubscriptionInfo } from './index';

/**
 * The built-in stand-in for Stripe when no STRIPE_SECRET_KEY is set: a test checkout page at
 * /local-checkout/{id} (no card is charged), with sessions, customers and subscriptions kept in
 * the database the way Stripe keeps them. Completing a checkout yields the same event a Stripe
 * webhook would, handled by the same use case.
 */
const LOCAL_CHECKOUT_PREFIX = '/local-checkout/';
const LOCAL_PRICE_PENCE = PRICE_MONTHLY_GBP * 100;
const LOCAL_DISCOUNTED_PENCE = PRICE_DISCOUNTED_GBP * 100;

interface LocalSessionData {
  mode: 'subscription' | 'payment';
  /** Absent on sessions made before the annual plan: monthly. */
  plan?: Plan;
  /** The plan's price when the session was made (what the page shows and Pay charges before any code). */
  listPricePence?: number;
  email: string;
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  description: string;
  status: 'open' | 'complete' | 'expired';
  amountTotal: number | null;
  discountCode: string | null;
  subscriptionId: string | null;
}

interface LocalSubscriptionData {
  customerId: string;
  status: string;
  startDate: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  endedAt: string | null;
  amount: number;
  interval: 'month' | 'year';
}

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

type LocalCompletion = { ok: true; event: PaymentEvent; redirectTo: string } | { ok: false; reason: 'not-found' | 'bad-code' | 'code-not-for-plan' | 'expired' };

export interface LocalPayments extends PaymentsProvider {
  readonly kind: 'local';
  getCheckout(id: string): Promise<LocalCheckoutView | null>;
  /** Pays an open checkout (with the configured discount code, if given); idempotent. */
  completeCheckout(id: string, discountCode: string | undefined): Promise<LocalCompletion>;
}

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(18).toString('base64url')}`;

function addPeriod(d: Date, interval: 'month' | 'year'): Date {
  const next = new Date(d);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export function createLocalPayments(ctx: AppContext): LocalPayments {
  const db = ctx.db;

  async function read<T>(id: string, kind: string): Promise<T | null> {
    const [row] = await db
      .select()
      .from(localPayments)
      .where(and(eq(localPayments.id, id), eq(localPayments.kind, kind)));
    return row ? (row.data as T) : null;
  }

  async function write(id: string, kind: string, data: object) {
    const now = ctx.clock.now();
    await db
      .insert(localPayments)
      .values({ id, kind, data, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: localPayments.id, set: { data, updatedAt: now } });
  }

  async function createSession(data: Omit<LocalSessionData, 'status' | 'amountTotal' | 'discountCode' | 'subscriptionId'>) {
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
    const sub = await read<LocalSubscriptionData>(id, 'subscription');
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
  });

  async function retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo | null> {
    const s = await read<LocalSessionData>(id, 'checkout_session');
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
      if (input.plan === 'annual' && annualPence === undefined) throw new Error('The annual plan is not configured (ANNUAL_PRICE_PENCE)');
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
        .where(and(eq(localPayments.id, id), eq(localPayments.kind, 'checkout_session'), sql`${localPayments.data}->>'status' = 'open'`));
      return retrieveCheckoutSession(id);
    },

    cancelAtPeriodEnd: (subscriptionId) => changeSubscription(subscriptionId, (s) => ({ ...s, cancelAtPeriodEnd: true })),

    resume: (subscriptionId) => changeSubscription(subscriptionId, (s) => ({ ...s, cancelAtPeriodEnd: false })),

    cancelNow: (subscriptionId) => changeSubscription(subscriptionId, (s) => ({ ...s, status: 'canceled', cancelAtPeriodEnd: false, endedAt: ctx.clock.now().toISOString() })),

    async createBillingPortalSession() {
      return null;
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
      const s = await read<LocalSessionData>(id, 'checkout_session');
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
      if (code && code.toLowerCase() !== ctx.config.DEFAULT_DISCOUNT_CODE.toLowerCase()) return { ok: false, reason: 'bad-code' };
      const event: PaymentEvent = { id: `evt_local_${id}`, type: 'checkout.session.completed', checkoutSessionId: id };
      return db.transaction(async (tx) => {
        // Lock the session row so two clicks on Pay make one subscription.
        const [row] = await tx
          .select()
          .from(localPayments)
          .where(and(eq(localPayments.id, id), eq(localPayments.kind, 'checkout_session')))
          .for('update');
        if (!row) return { ok: false, reason: 'not-found' } as const;
        const s = row.data as LocalSessionData;
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
        if (!s.customerId) rows.push({ id: customerId, kind: 'customer', data: { email: s.email }, createdAt: now, updatedAt: now });
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
        }
        if (rows.length) await tx.insert(localPayments).values(rows);
        const paid: LocalSessionData = { ...s, status: 'complete', amountTotal: amount, discountCode: code || null, customerId, subscriptionId };
        await tx
          .update(localPayments)
          .set({ data: paid, updatedAt: now })
          .where(and(eq(localPayments.id, id), sql`${localPayments.data}->>'status' = 'open'`));
        return { ok: true, event, redirectTo: s.successUrl } as const;
      });
    },
  };
}
