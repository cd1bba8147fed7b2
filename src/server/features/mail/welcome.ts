import { PRIVACY_PATH, TERMS_PATH, type Plan } from '#shared/consent';
import { addDays, formatLongDay, londonClock, londonDate } from '#shared/london-time';
import { formatPounds } from '#shared/my-bets';
import type { AppConfig } from '#server/env';
import { siteLink } from './links';
import type { Block, EmailContent } from './templates';

/** What the welcome e-mail confirms: the contract as it was made. */
export interface Welcome {
  plan: Plan;
  /** The first payment, in pence (after any discount code). */
  paidPence: number | null;
  paidAt: Date;
  /** The first renewal; null when the subscription is not set to renew. */
  renewsAt: Date | null;
  consent: {
    ageConfirmedAt: Date | null;
    termsAcceptedAt: Date | null;
    termsVersion: string;
    startNowAcknowledgedAt: Date | null;
  };
  /** The account has a password already (a buyer who registered first). */
  hasPassword: boolean;
}

/** The 7-day money-back guarantee: a full refund of the first payment when asked within 7 days of paying. */
const MONEY_BACK_DAYS = 7;

const day = (instant: Date) => formatLongDay(londonDate(instant));
const when = (instant: Date) => `${day(instant)} at ${londonClock(instant)} (UK time)`;

/**
 * The welcome e-mail is the confirmation on a durable medium the Consumer Contracts Regulations
 * ask for: what was bought (plan, price, renewal), the consent given and when (18 or over, the
 * terms, starting at once), that the 14-day right to cancel ended when membership started at the
 * buyer's request, the 7-day money-back guarantee and how to claim it, and how to cancel.
 */
export function welcomeEmail(config: AppConfig, w: Welcome): EmailContent {
  const site = config.SITE_NAME;
  const annual = w.plan === 'annual';
  const period = annual ? 'year' : 'month';
  const price = w.paidPence === null ? null : `${formatPounds(w.paidPence)} a ${period}`;
  const renewal = w.renewsAt
    ? `It renews automatically every ${period}${price ? ` at ${price}` : ''} until you cancel; the next payment is due on ${day(w.renewsAt)}.${annual ? ' We e-mail you a reminder before each yearly renewal.' : ''} If the price is ever to change, we tell you first.`
    : 'It is not set to renew.';
  const { consent } = w;
  const agreed: Block[] = [
    ...(consent.ageConfirmedAt
      ? [{ kind: 'pick' as const, label: 'You confirmed you are 18 or over', value: when(consent.ageConfirmedAt) }]
      : []),
    ...(consent.termsAcceptedAt
      ? [
          {
            kind: 'pick' as const,
            label: `You accepted our terms and conditions (version ${consent.termsVersion})`,
            value: when(consent.termsAcceptedAt),
          },
        ]
      : []),
    ...(consent.startNowAcknowledgedAt
      ? [
          {
            kind: 'pick' as const,
            label: 'You asked for your membership to start straight away',
            value: when(consent.startNowAcknowledgedAt),
          },
          {
            kind: 'p' as const,
            text: 'Membership is digital content supplied from the moment you join. Because you asked for it to start at once and acknowledged that you would then lose it, the 14-day right to cancel under the Consumer Contracts Regulations ended when your membership started.',
          },
        ]
      : []),
  ];
  const refundBy = formatLongDay(addDays(londonDate(w.paidAt), MONEY_BACK_DAYS));
  return {
    subject: `Welcome to ${site} Premium`,
    preheader: `Your membership has started: your ${annual ? 'annual' : 'monthly'} plan, your agreement and how to cancel.`,
    blocks: [
      { kind: 'heading', text: `Welcome to ${site} Premium` },
      {
        kind: 'p',
        text: `Thank you for joining. Your membership is ready: daily tips, race previews, VB race cards with ratings, the VB Generator and golf. Every morning we e-mail you when the daily tips are live. This e-mail confirms what you bought and what you agreed to: please keep it.`,
      },
      {
        kind: 'pick',
        label: 'Plan',
        value: annual ? 'Annual Premium (paid yearly)' : 'Monthly Premium (paid monthly)',
      },
      ...(w.paidPence !== null
        ? [{ kind: 'pick' as const, label: 'Paid', value: `${formatPounds(w.paidPence)} on ${day(w.paidAt)}` }]
        : []),
      { kind: 'p', text: renewal },
      ...(agreed.length ? [{ kind: 'p' as const, text: 'Your agreement when you joined:' }, ...agreed] : []),
      {
        kind: 'p',
        text: `${MONEY_BACK_DAYS}-day money-back guarantee: if ${site} is not for you, e-mail ${config.SUPPORT_EMAIL} from this address by ${refundBy} (within ${MONEY_BACK_DAYS} days of paying) and we refund this payment in full.`,
      },
      {
        kind: 'p',
        text: `How to cancel: sign in, open My Account, choose the Subscription tab, press Cancel Subscription and confirm. That is all: your membership stops renewing and you keep access until the end of the ${period} you have paid for.`,
      },
      ...(w.hasPassword
        ? []
        : [
            {
              kind: 'p' as const,
              text: 'To sign in, choose your password on the page you came back to after paying. If you closed it, use "Forgot password?" on the sign-in page.',
            },
          ]),
      {
        kind: 'p',
        text: `Terms and conditions: ${siteLink(config, TERMS_PATH)}\nPrivacy notice: ${siteLink(config, PRIVACY_PATH)}`,
      },
      { kind: 'button', label: 'Getting started', href: siteLink(config, '/getting-started') },
    ],
  };
}
