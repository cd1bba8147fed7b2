import { addDays, londonDate } from './london-time';

/**
 * Notices a member gets before their money changes hands on new terms (the DMCC Act's
 * subscription rules): a reminder before a plan longer than a month renews, a notice before a
 * discounted period ends, and a price change announced at least PRICE_CHANGE_NOTICE_DAYS ahead.
 */

/** Days between announcing a price change and the first payment at the new price. */
export const PRICE_CHANGE_NOTICE_DAYS = 30;
export const DEFAULT_RENEWAL_NOTICE_DAYS = 7;

export const PLANS = ['monthly', 'annual'] as const;
export type Plan = (typeof PLANS)[number];

/** The first London day a price change announced today may take effect. */
export function earliestPriceChangeDay(today: string): string {
  return addDays(today, PRICE_CHANGE_NOTICE_DAYS);
}

/**
 * The paid plan an account renews on: `annual` (the yearly plan), or `premium` — monthly unless the
 * checkout that started it was for the annual plan. null for a grant: an annual special (it
 * expires by itself on its date and never renews), lifetime family access, or none.
 */
export function planOfAccount(subscriptionType: string | null, checkoutPlan: string | null): Plan | null {
  if (subscriptionType === 'annual') return 'annual';
  if (subscriptionType === 'premium') return checkoutPlan === 'annual' ? 'annual' : 'monthly';
  return null;
}

/** The London day a notice about something happening at `at` is due: `days` days before that day. */
export function noticeDay(at: Date, days: number): string {
  return addDays(londonDate(at), -days);
}

/** Due from the notice day (London) until the moment itself; after that it is too late to warn. */
export function noticeDue(at: Date, now: Date, days: number): boolean {
  return londonDate(now) >= noticeDay(at, days) && now.getTime() < at.getTime();
}
