import { formatLongDay, londonDate } from '#shared/london-time';
import { formatPounds } from '#shared/my-bets';
import type { Plan } from '#shared/subscription-notices';
import type { AppConfig } from '#server/env';
import { siteLink } from './links';
import type { EmailContent } from './templates';

/**
 * What the billing e-mails say: refunds, a failed payment, a membership ended, and the notices
 * before a renewal, the end of a discount and a price change. Pure; these are service messages
 * about the member's money, sent whatever their mailing preference.
 */
const day = (d: Date) => formatLongDay(londonDate(d));
const SUBSCRIPTION_PAGE = '/my-account?tab=subscription';
const planName = (plan: Plan) => (plan === 'annual' ? 'annual' : 'monthly');

export function refundEmail(
  config: AppConfig,
  r: { amountPence: number; paidPence: number; paidAt: Date | null; endedMembership: boolean },
): EmailContent {
  const paid = r.paidAt
    ? `your payment of ${formatPounds(r.paidPence)} on ${day(r.paidAt)}`
    : `your payment of ${formatPounds(r.paidPence)}`;
  return {
    subject: `Your ${config.SITE_NAME} refund of ${formatPounds(r.amountPence)}`,
    preheader: 'The money is on its way back to the card you paid with.',
    blocks: [
      { kind: 'heading', text: `We have refunded ${formatPounds(r.amountPence)}` },
      {
        kind: 'p',
        text: `We have refunded ${formatPounds(r.amountPence)} of ${paid} to the card you paid with. Refunds usually reach your account within 5 to 10 working days.`,
      },
      r.endedMembership
        ? { kind: 'p', text: 'Your membership has ended today and will not renew, so you will not be charged again.' }
        : { kind: 'p', text: 'Your membership carries on as before.' },
      { kind: 'p', text: `Questions? Contact us at ${config.SUPPORT_EMAIL}.` },
      { kind: 'button', label: 'My Account', href: siteLink(config, SUBSCRIPTION_PAGE) },
    ],
  };
}

export function paymentFailedEmail(
  config: AppConfig,
  f: { amountPence: number | null; graceUntil: Date; nextAttempt: Date | null },
): EmailContent {
  const amount = f.amountPence ? ` of ${formatPounds(f.amountPence)}` : '';
  const retry = f.nextAttempt
    ? `We will try your card again on ${day(f.nextAttempt)}.`
    : 'We will try your card again over the next few days.';
  return {
    subject: `Your ${config.SITE_NAME} payment did not go through`,
    preheader: `You keep access until ${day(f.graceUntil)}: please update your card.`,
    blocks: [
      { kind: 'heading', text: 'We could not take your payment' },
      { kind: 'p', text: `Your renewal payment${amount} for ${config.SITE_NAME} Premium was declined. ${retry}` },
      {
        kind: 'p',
        text: `You keep full access until ${day(f.graceUntil)}. To keep your membership after that, update your card: sign in, open My Account and choose "Manage cards and receipts".`,
      },
      { kind: 'button', label: 'Update my card', href: siteLink(config, SUBSCRIPTION_PAGE) },
      {
        kind: 'p',
        text: `If you meant to stop, you need do nothing: the membership ends if the payment cannot be taken. Questions? Contact us at ${config.SUPPORT_EMAIL}.`,
      },
    ],
  };
}

export function membershipEndedEmail(config: AppConfig, reason: 'payment_failed' | 'refund'): EmailContent {
  const why =
    reason === 'payment_failed'
      ? 'We tried your card several times but could not take the renewal payment, so your membership has now ended and you will not be charged again.'
      : 'As agreed with our support team, your membership has ended today and will not renew, so you will not be charged again.';
  return {
    subject: `Your ${config.SITE_NAME} membership has ended`,
    preheader: 'You will not be charged again.',
    blocks: [
      { kind: 'heading', text: 'Your membership has ended' },
      { kind: 'p', text: why },
      { kind: 'p', text: 'You can subscribe again at any time.' },
      { kind: 'button', label: 'Subscribe again', href: siteLink(config, '/subscribe') },
    ],
  };
}

export function renewalNoticeEmail(
  config: AppConfig,
  n: { plan: Plan; renewsAt: Date; amountPence: number | null },
): EmailContent {
  const amount = n.amountPence ? `${formatPounds(n.amountPence)}` : 'the price of your plan';
  return {
    subject: `Your ${config.SITE_NAME} ${planName(n.plan)} membership renews on ${day(n.renewsAt)}`,
    preheader: `We will take ${amount} then unless you cancel before.`,
    blocks: [
      { kind: 'heading', text: 'Your membership is about to renew' },
      {
        kind: 'p',
        text: `Your ${config.SITE_NAME} ${planName(n.plan)} membership renews automatically on ${day(n.renewsAt)}, when we will take ${amount} from your card.`,
      },
      {
        kind: 'p',
        text: 'To keep it, you need do nothing. If you do not want it to renew, cancel before then in My Account (Subscription): it takes one click, and you keep access until the renewal date.',
      },
      { kind: 'button', label: 'Manage my subscription', href: siteLink(config, SUBSCRIPTION_PAGE) },
    ],
  };
}

export function discountEndEmail(
  config: AppConfig,
  n: { discountEndsAt: Date; renewsAt: Date; fullPricePence: number | null },
): EmailContent {
  const price = n.fullPricePence ? `the full price of ${formatPounds(n.fullPricePence)}` : 'the full price';
  return {
    subject: `Your ${config.SITE_NAME} discount ends on ${day(n.discountEndsAt)}`,
    preheader: `Your renewal on ${day(n.renewsAt)} is at ${price}.`,
    blocks: [
      { kind: 'heading', text: 'Your discount is ending' },
      {
        kind: 'p',
        text: `The discount on your ${config.SITE_NAME} membership ends on ${day(n.discountEndsAt)}. Your renewal on ${day(n.renewsAt)} will be at ${price}.`,
      },
      {
        kind: 'p',
        text: 'If you do not want to continue at that price, cancel before then in My Account (Subscription): you keep access until the renewal date.',
      },
      { kind: 'button', label: 'Manage my subscription', href: siteLink(config, SUBSCRIPTION_PAGE) },
    ],
  };
}

export function priceChangeEmail(
  config: AppConfig,
  n: { plan: Plan; newPricePence: number; effectiveFrom: string; message: string },
): EmailContent {
  const from = formatLongDay(n.effectiveFrom);
  const per = n.plan === 'annual' ? 'a year' : 'a month';
  return {
    subject: `A change to the price of your ${config.SITE_NAME} membership from ${from}`,
    preheader: `From ${from} your ${planName(n.plan)} membership will cost ${formatPounds(n.newPricePence)} ${per}.`,
    blocks: [
      { kind: 'heading', text: 'Your membership price is changing' },
      {
        kind: 'p',
        text: `From ${from}, your ${config.SITE_NAME} ${planName(n.plan)} membership will cost ${formatPounds(n.newPricePence)} ${per}. Your first payment at the new price is your first renewal on or after that date; until then nothing changes.`,
      },
      { kind: 'p', text: n.message },
      {
        kind: 'p',
        text: 'If you would rather not continue at the new price, cancel before then in My Account (Subscription): you keep access until the end of the period you have paid for.',
      },
      { kind: 'button', label: 'Manage my subscription', href: siteLink(config, SUBSCRIPTION_PAGE) },
    ],
  };
}
