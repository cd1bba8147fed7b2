import { z } from 'zod';
import { PASSWORD_TOO_SHORT } from '../auth-rules';
import { emailField, newPassword } from './auth';

/** Request and response bodies of the billing API (spec 01 §3, §7; spec 02 §3, §7). */

export const checkoutBody = z.object({
  // A signed-in non-member checks out for their own e-mail, so the server may ignore this one.
  email: z.preprocess((v) => (typeof v === 'string' ? v : ''), emailField),
});
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
}

export const setPasswordBody = z.object({
  session_id: z.string({ message: 'session_id is required' }).trim().min(1, 'session_id is required').max(200, 'session_id is too long'),
  password: newPassword(PASSWORD_TOO_SHORT, PASSWORD_TOO_SHORT),
});

export const CANCEL_SUCCESS_MESSAGE = "Your subscription has been cancelled. You'll retain access until the end of your billing period.";
export const ANNUAL_NO_CANCEL_MESSAGE = 'An Annual (Special) subscription cannot be cancelled: it ends automatically on its expiry date.';

export interface CancelResponse {
  success: true;
  message: string;
  subscriptionEndDate: string | null;
}

export const RESUME_SUCCESS_MESSAGE = 'Your subscription has been resumed. It will renew as before.';
export const NOTHING_TO_RESUME_MESSAGE = 'Your subscription is not set to end, so there is nothing to resume.';
export const RESUME_ENDED_MESSAGE = 'Your subscription has already ended. Please subscribe again.';

export type ResumeResponse = CancelResponse;

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
  /** Payments made while this account already had a live subscription: cancelled at once, refund due (decision 0018). */
  duplicatePayments: DuplicatePaymentRow[];
}

export interface DuplicatePaymentRow {
  checkoutId: string;
  amountPence: number | null;
  paidAt: string | null;
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
    .refine((v) => isoDay.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'endDate must be a date in YYYY-MM-DD form')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .or(z.null().transform(() => undefined)),
});
export type GrantBody = z.infer<typeof grantBody>;

// ---- admin: invoice link (spec 02 §3 "Invoice link request") ----
export const invoiceLinkBody = z.object({
  email: z.preprocess((v) => (typeof v === 'string' ? v : ''), emailField),
  customerName: z.string({ message: 'customerName is required' }).trim().min(1, 'customerName is required').max(200, 'customerName is too long'),
  pricingTier: z
    .string()
    .trim()
    .max(60, 'pricingTier is too long')
    .optional()
    .transform((v) => v || 'phase3'),
});
export type InvoiceLinkBody = z.infer<typeof invoiceLinkBody>;

// ---- subscription history ----
/** What can happen to a member's subscription: one subscription_events row each time. */
export type SubscriptionEventType = 'joined' | 'renewed' | 'payment_failed' | 'recovered' | 'cancel_requested' | 'resumed' | 'ended' | 'refunded' | 'notice_sent';
