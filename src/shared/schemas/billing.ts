import { z } from 'zod';
import { PASSWORD_TOO_SHORT } from '../auth-rules';
import { isIsoDay } from '../london-time';
import { PLANS } from '../subscription-notices';
import { emailField, newPassword } from './auth';
import { joiningFields } from './consent';
import { CANCEL_REASONS } from '../cancel-reasons';

/** Request and response bodies of the billing API, member and admin. */

/** A signed-in non-member checks out for their own e-mail: the boxes and the plan only. */
export const signedInCheckoutBody = z.object(joiningFields);
/** A visitor's checkout: the e-mail typed, the boxes ticked and the plan chosen. */
export const checkoutBody = z.object({
  email: z.preprocess((v) => (typeof v === 'string' ? v : ''), emailField),
  ...joiningFields,
});
export type CheckoutTerms = z.infer<typeof signedInCheckoutBody>;
export interface CheckoutResponse {
  url: string;
}

export interface CheckoutSessionLookup {
  email: string;
  display_text: string;
  /** The next step is choosing a password: only for an account this checkout created (decision 0018). */
  needsPassword: boolean;
  /** Paid while the account already had a subscription: cancelled at once, to be refunded. */
  duplicate: boolean;
  /** When the subscription started: the moment this checkout was paid (ISO 8601). */
  startDate: string;
}

export const setPasswordBody = z.object({
  session_id: z
    .string({ message: 'session_id is required' })
    .trim()
    .min(1, 'session_id is required')
    .max(200, 'session_id is too long'),
  password: newPassword(PASSWORD_TOO_SHORT, PASSWORD_TOO_SHORT),
});

export const CANCEL_SUCCESS_MESSAGE =
  "Your subscription has been cancelled. You'll retain access until the end of your billing period.";
export const ANNUAL_NO_CANCEL_MESSAGE =
  'An Annual (Special) subscription cannot be cancelled: it ends automatically on its expiry date.';

export interface CancelResponse {
  success: true;
  message: string;
  subscriptionEndDate: string | null;
}

export const RESUME_SUCCESS_MESSAGE = 'Your subscription has been resumed. It will renew as before.';
export const NOTHING_TO_RESUME_MESSAGE = 'Your subscription is not set to end, so there is nothing to resume.';
export const RESUME_ENDED_MESSAGE = 'Your subscription has already ended. Please subscribe again.';

export type ResumeResponse = CancelResponse;

/** Cancelling takes an optional reason and a few words of the member's own. */
export const CANCEL_COMMENT_MAX = 500;
export const cancelBody = z.object({
  reason: z.enum(CANCEL_REASONS, { message: `reason must be one of ${CANCEL_REASONS.join(', ')}` }).optional(),
  comment: z
    .string({ message: 'comment must be text' })
    .trim()
    .max(CANCEL_COMMENT_MAX, `Please keep your comment to ${CANCEL_COMMENT_MAX} characters or fewer.`)
    .optional()
    .transform((v) => v || undefined),
});
export type CancelBody = z.infer<typeof cancelBody>;

/** What happened to a member's subscription: one row of their history (subscription_events). */
export type SubscriptionEventType =
  | 'joined'
  | 'renewed'
  | 'payment_failed'
  | 'recovered'
  | 'cancel_requested'
  | 'resumed'
  | 'ended'
  | 'refunded'
  | 'notice_sent';

export interface UrlResponse {
  url: string;
}

// ---- admin: members ----
const GRANTABLE_TYPES = ['family', 'annual_special'] as const;
export type GrantableType = (typeof GRANTABLE_TYPES)[number];

export const membersQuery = z.object({
  search: z.string().trim().max(254, 'Search is too long').optional().default(''),
  status: z.string().trim().max(40).optional().default(''),
  type: z.string().trim().max(40).optional().default(''),
});
export type MembersQuery = z.infer<typeof membersQuery>;

/** Member statuses as the admin list shows them (the stored status, with lapsed ones as expired). */
type MemberStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'expired' | 'none' | (string & {});

export interface MemberRow {
  id: number;
  email: string;
  role: string;
  status: MemberStatus;
  type: string | null;
  hasAccess: boolean;
  startDate: string | null;
  /** Renewal date (premium), expiry (annual_special, or any cancelled one), null for family. */
  endDate: string | null;
  cancelAtPeriodEnd: boolean;
  hasPassword: boolean;
  createdAt: string;
  /** Payments made while this account already had a live subscription: cancelled at once, refund due until refunded (decision 0018). */
  duplicatePayments: DuplicatePaymentRow[];
  /** The first failed renewal payment of the current run of failures; null when paid up. */
  paymentFailedAt: string | null;
  /** When the grace period of that failure ends (access stops then unless the card is updated). */
  graceUntil: string | null;
}

export interface DuplicatePaymentRow {
  checkoutId: string;
  amountPence: number | null;
  paidAt: string | null;
  /** Refunded so far (a partial refund leaves the flag up for the rest). */
  refundedPence: number;
}

export interface MembersResponse {
  members: MemberRow[];
  total: number;
  truncated: boolean;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

export const grantBody = z.object({
  type: z.enum(GRANTABLE_TYPES, { message: "type must be 'family' or 'annual_special'" }),
  endDate: z
    .string()
    .trim()
    .refine(
      (v) => isoDay.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
      'endDate must be a date in YYYY-MM-DD form',
    )
    .optional()
    .or(z.literal('').transform(() => undefined))
    .or(z.null().transform(() => undefined)),
});
export type GrantBody = z.infer<typeof grantBody>;

// ---- admin: invoice link ----
export const invoiceLinkBody = z.object({
  email: z.preprocess((v) => (typeof v === 'string' ? v : ''), emailField),
  customerName: z
    .string({ message: 'customerName is required' })
    .trim()
    .min(1, 'customerName is required')
    .max(200, 'customerName is too long'),
  pricingTier: z
    .string()
    .trim()
    .max(60, 'pricingTier is too long')
    .optional()
    .transform((v) => v || 'phase3'),
});
export type InvoiceLinkBody = z.infer<typeof invoiceLinkBody>;

// ---- admin: refunds ----
export const REFUND_REASONS = ['money_back_guarantee', 'duplicate_payment', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  money_back_guarantee: 'Money-back guarantee',
  duplicate_payment: 'Duplicate payment',
  other: 'Other',
};

const POUNDS = /^£?\s*(\d{1,6})(?:\.(\d{1,2}))?$/;

/** "12.50", "£12.5", "12" or 12.5 as whole pence; null when it is not an amount in pounds and pence. */
export function poundsToPence(value: unknown): number | null {
  const text =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = POUNDS.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** An Idempotency-Key header: one per admin action, so a double click or a retry acts once. */
export const idempotencyKeyHeader = z
  .string({ message: 'An Idempotency-Key header is required: one per refund, so that a retry never refunds twice.' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, 'The Idempotency-Key header must be 16 to 100 letters, digits, - or _.');

export const REFUND_NOTE_MAX = 500;

/** POST /api/admin/members/{id}/refund */
export const refundBody = z
  .object({
    /** The whole of what is still refundable on the payment. */
    full: z.boolean({ message: 'full must be true or false' }).optional().default(false),
    /** In pounds (at most what was paid on the payment, less what was refunded already); ignored when full. */
    amount: z.union([z.string(), z.number()]).optional(),
    reason: z.enum(REFUND_REASONS, { message: 'Choose a reason: money-back guarantee, duplicate payment or other' }),
    note: z
      .string()
      .trim()
      .max(REFUND_NOTE_MAX, `The note is too long (at most ${REFUND_NOTE_MAX} characters)`)
      .optional()
      .default(''),
    /** End the membership now (the subscription is cancelled at once at the provider, access ends). */
    endMembership: z.boolean({ message: 'endMembership must be true or false' }).optional().default(false),
    /** A duplicate payment's checkout (its "Refund due" flag); without it, the membership's latest payment. */
    checkoutId: z.string().trim().min(1).max(200).optional(),
  })
  .transform((body, ctx) => {
    const amountPence = body.full ? null : poundsToPence(body.amount);
    if (!body.full && (amountPence === null || amountPence < 1)) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'Enter the amount to refund in pounds, like 16.00, or choose a full refund',
      });
    }
    if (body.reason === 'other' && !body.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say why in the note when the reason is "other"' });
    return { ...body, amountPence };
  });
export type RefundBody = z.infer<typeof refundBody>;
export type RefundInput = z.input<typeof refundBody>;

export interface RefundRow {
  /** The subscription event's id. */
  id: number;
  memberId: number | null;
  memberEmail: string | null;
  amountPence: number;
  reason: RefundReason | (string & {});
  note: string;
  /** The provider's refund id. */
  providerRef: string | null;
  /** The duplicate payment's checkout, when that was what was refunded. */
  checkoutId: string | null;
  endedMembership: boolean;
  refundedBy: string | null;
  occurredAt: string;
}

export interface RefundResponse {
  success: true;
  message: string;
  refund: RefundRow;
  /** The same action (its Idempotency-Key) had already refunded: nothing was refunded again. */
  alreadyDone: boolean;
}

export interface RefundsResponse {
  refunds: RefundRow[];
}

/** A payment the admin may refund (GET /api/admin/members/{id}/payments). */
export interface RefundablePayment {
  /** null: the membership's latest payment; else the duplicate payment's checkout. */
  checkoutId: string | null;
  label: string;
  amountPaidPence: number;
  amountRefundedPence: number;
  refundablePence: number;
  paidAt: string | null;
}

export interface RefundablePaymentsResponse {
  payments: RefundablePayment[];
}

// ---- admin: price changes announced with notice ----
export const PRICE_CHANGE_MESSAGE_MAX = 2000;

export const priceChangeBody = z.object({
  plan: z.enum(PLANS, { message: "plan must be 'monthly' or 'annual'" }),
  newPricePence: z
    .number({ message: 'newPricePence must be the new price in pence, like 1800 for £18.00' })
    .int('newPricePence must be whole pence')
    .min(1, 'The new price must be at least 1p')
    .max(100_000, 'The new price must be at most £1,000.00'),
  effectiveFrom: z
    .string({ message: 'effectiveFrom is required (YYYY-MM-DD)' })
    .trim()
    .refine(isIsoDay, 'effectiveFrom must be a date in YYYY-MM-DD form'),
  message: z
    .string({ message: 'Write the message members will read' })
    .trim()
    .min(1, 'Write the message members will read')
    .max(PRICE_CHANGE_MESSAGE_MAX, `The message is too long (at most ${PRICE_CHANGE_MESSAGE_MAX} characters)`),
});
export type PriceChangeBody = z.infer<typeof priceChangeBody>;

/** The admin's price-change form: the same body, with the new price typed in pounds. */
export const priceChangeForm = priceChangeBody
  .omit({ newPricePence: true })
  .extend({
    price: z
      .string()
      .transform(
        (v, ctx) =>
          poundsToPence(v) ??
          (ctx.addIssue({ code: 'custom', message: 'Enter the new price in pounds, like 18.00.' }), z.NEVER),
      )
      .pipe(priceChangeBody.shape.newPricePence),
  })
  .transform(({ price, ...rest }): PriceChangeBody => ({ ...rest, newPricePence: price }));

export interface PriceChangeRow {
  id: number;
  plan: string;
  newPricePence: number;
  effectiveFrom: string;
  message: string;
  createdAt: string;
  createdBy: string | null;
  /** Members e-mailed about it. */
  notified: number;
}

export interface PriceChangeResponse {
  success: true;
  message: string;
  priceChange: PriceChangeRow;
}

export interface PriceChangesResponse {
  priceChanges: PriceChangeRow[];
}
