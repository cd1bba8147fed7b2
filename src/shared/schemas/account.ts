import { z } from 'zod';
import {
  EMAIL_PAUSE_CHOICE_MESSAGE,
  EMAIL_PAUSE_DATE_MESSAGE,
  EMAIL_PAUSE_DAYS,
  emailPauseEnd,
  type EmailPauseChoice,
} from '../email-pause';
import { isIsoDay } from '../london-time';
import { isOneOf } from '../unknown-values';

/** Request bodies of a member's own data rights: deleting the account, pausing member e-mails. */

const DELETE_PASSWORD_MISSING = 'Enter your password to delete your account.';
export const DELETE_PASSWORD_WRONG = 'Your password is incorrect. Your account has not been deleted.';
export const DELETE_ADMIN_REFUSED =
  'An administrator account cannot delete itself. Ask another administrator, or remove the admin role first.';
/** What the deletion answers, and what the privacy page says is kept. */
export const ACCOUNT_DELETED_MESSAGE =
  'Your account has been deleted and you have been signed out. We keep the records of your payments (amounts, dates and payment references, with no contact details) for 6 years, as HMRC requires; everything else about you has been erased.';

export const deleteAccountBody = z.object({
  password: z
    .string({ message: DELETE_PASSWORD_MISSING })
    .min(1, DELETE_PASSWORD_MISSING)
    .max(200, 'Password is too long'),
});

const choiceShape = z
  .object({ days: z.unknown().optional(), until: z.unknown().optional() })
  .transform((b, ctx): EmailPauseChoice => {
    const hasDays = b.days !== undefined && b.days !== null;
    const hasUntil = b.until !== undefined && b.until !== null && b.until !== '';
    if (hasDays && !hasUntil && isOneOf(EMAIL_PAUSE_DAYS, b.days)) return { days: b.days };
    if (hasUntil && !hasDays && typeof b.until === 'string' && isIsoDay(b.until.trim()))
      return { until: b.until.trim() };
    ctx.addIssue({ code: 'custom', message: EMAIL_PAUSE_CHOICE_MESSAGE });
    return z.NEVER;
  });

/** `{ days: 7 | 30 | 90 | 180 }` or `{ until: 'YYYY-MM-DD' }`, exactly one of them. */
export const emailPauseBody = z.preprocess((v) => (v && typeof v === 'object' ? v : {}), choiceShape);

/** The pause form's choice that asks for a date instead of a number of days. */
export const EMAIL_PAUSE_UNTIL_A_DATE = 'date';

/**
 * The member's pause form: a number of days, or `EMAIL_PAUSE_UNTIL_A_DATE` and the day typed.
 * Its output is the body, parsed as the server parses it; a date the server would refuse (today,
 * the past, more than a year on) is refused at the date field with the server's words.
 */
export const emailPauseForm = z
  .object({ choice: z.string(), until: z.string() })
  .transform(({ choice, until }, ctx): EmailPauseChoice => {
    const byDate = choice === EMAIL_PAUSE_UNTIL_A_DATE;
    const body = emailPauseBody.safeParse(byDate ? { until } : { days: Number(choice) });
    if (body.success && (!byDate || emailPauseEnd(body.data, new Date()))) return body.data;
    const message = byDate ? EMAIL_PAUSE_DATE_MESSAGE : EMAIL_PAUSE_CHOICE_MESSAGE;
    ctx.addIssue({ code: 'custom', message, path: [byDate ? 'until' : 'choice'] });
    return z.NEVER;
  });

export interface EmailPauseResponse {
  success: true;
  emailPausedUntil: string | null;
  message: string;
}

/** GET /api/my-data: everything held about the signed-in person, as a JSON download. */
export interface MyDataExport {
  exportedAt: string;
  site: string;
  account: {
    email: string;
    role: string;
    createdAt: string;
    oddsFormat: string;
    emailPreferences: { memberEmails: boolean; pausedUntil: string | null };
  };
  consents: {
    ageConfirmedAt: string | null;
    termsAcceptedAt: string | null;
    termsVersion: string | null;
    atCheckout: Array<{
      checkoutStartedAt: string;
      ageConfirmedAt: string | null;
      termsAcceptedAt: string | null;
      startNowAcknowledgedAt: string | null;
    }>;
  };
  subscription: {
    /** paying | cancelling | past_due | free | comped (admin for an administrator without one). */
    state: string;
    status: string;
    type: string | null;
    startDate: string | null;
    endDate: string | null;
    cancelAtPeriodEnd: boolean;
    paymentFailedAt: string | null;
  };
  subscriptionHistory: Array<{
    type: string;
    reason: string | null;
    amountPence: number | null;
    reference: string | null;
    occurredAt: string;
  }>;
  checkouts: Array<{
    status: string;
    plan: string;
    amountPence: number | null;
    discountCode: string | null;
    description: string | null;
    duplicatePayment: boolean;
    startedAt: string;
    completedAt: string | null;
  }>;
  bets: Array<{
    raceDate: string;
    raceTime: string;
    course: string;
    horseName: string;
    price: string;
    stakePence: number;
    eachWay: boolean;
    source: string;
    loggedAt: string;
  }>;
  /** The horses starred, oldest first. */
  watchlist: Array<{ horseName: string; starredAt: string }>;
  emails: Array<{ kind: string; subject: string; status: string; queuedAt: string; sentAt: string | null }>;
  /** Notices given once (a renewal reminder, a price change, the each-way notice): kind, which occasion, when. */
  notices: Array<{ kind: string; occasion: string; at: string }>;
  sessions: Array<{ signedInAt: string; lastSeenAt: string; expiresAt: string; thisDevice: boolean }>;
  /** The member's alert choices (null: never set), the devices that take push (no endpoint or keys: they address the device), and the alerts decided for them. */
  alerts: {
    settings: {
      tipsPublished: boolean;
      valueReached: boolean;
      tipNonRunner: boolean;
      emailDigest: boolean;
      quietFrom: string | null;
      quietUntil: string | null;
      updatedAt: string;
    } | null;
    pushDevices: Array<{ pushService: string; userAgent: string; addedAt: string; lastSentAt: string | null }>;
    sent: Array<{
      day: string;
      kind: string;
      title: string;
      body: string;
      status: string;
      channel: string | null;
      createdAt: string;
      sentAt: string | null;
    }>;
  };
}
