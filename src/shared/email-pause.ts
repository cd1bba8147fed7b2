import { addDays, formatLongDay, londonDate, startOfLondonDay } from './london-time';
import { hasActiveSubscription, type SubscriptionState } from './subscription';

/**
 * "Pause my e-mails", a responsible-gambling tool: no member mailing (daily tips, articles, golf)
 * reaches the member until the pause ends. A pause ends as a London day begins, so the member
 * knows which morning the tips e-mail comes back. Account e-mails (password reset, payment
 * notices) are not member mailings and still go.
 */
export const EMAIL_PAUSE_DAYS = [7, 30, 90, 180] as const;
/** Longest pause to a chosen date, in days from today: a longer break is the opt-out switch. */
export const EMAIL_PAUSE_MAX_DAYS = 365;

export const EMAIL_PAUSE_CHOICE_MESSAGE = 'Choose a pause of 7, 30, 90 or 180 days, or a date to pause until.';
export const EMAIL_PAUSE_DATE_MESSAGE = 'Choose a date after today, within a year.';

export type EmailPauseChoice = { days: number } | { until: string };

/** The instant member mailings start again for this choice, or null when the date is not allowed. */
export function emailPauseEnd(choice: EmailPauseChoice, now: Date): Date | null {
  const today = londonDate(now);
  const day = 'days' in choice ? addDays(today, choice.days) : choice.until;
  if (day <= today || day > addDays(today, EMAIL_PAUSE_MAX_DAYS)) return null;
  return startOfLondonDay(day);
}

export function isEmailPaused(pausedUntil: Date | null, now: Date): boolean {
  return pausedUntil !== null && pausedUntil.getTime() > now.getTime();
}

/** Who a member mailing goes to: access now, not opted out, not paused. */
export function receivesMemberMail(
  user: SubscriptionState & { emailOptOut: boolean; emailPausedUntil: Date | null },
  now: Date,
  graceDays?: number,
): boolean {
  return !user.emailOptOut && !isEmailPaused(user.emailPausedUntil, now) && hasActiveSubscription(user, now, graceDays);
}

/** "Member e-mails are paused until Monday 30 November 2026." (the day they start again). */
export function emailPauseMessage(pausedUntil: Date | null): string {
  if (!pausedUntil) return 'Member e-mails are on again.';
  return `Member e-mails are paused. They start again on ${formatLongDay(londonDate(pausedUntil))}.`;
}
