import { and, eq } from 'drizzle-orm';
import { londonDate } from '#shared/london-time';
import { PRICE_MONTHLY_GBP } from '#shared/public-config';
import { noticeDue } from '#shared/subscription-notices';
import type { AppContext } from '#server/context';
import { noticesSent, type UserRow } from '#server/db/schema';
import type { PaymentsProvider, SubscriptionInfo } from '#server/providers/payments';
import { discountEndEmail, renewalNoticeEmail } from '../mail/billing-messages';
import type { EmailContent } from '../mail/templates';
import { queueMessage, wakeMailWorkers } from '../mail/outbox';
import { payingMembers, type PayingMember } from './paying-members';
import { recordSubscriptionEvent } from '../billing/subscription-events';
import { isLive } from '../billing/subscription-state';

const DAY_MS = 86_400_000;
/** Provider reads per pass; the rest wait for the next pass (each notice is still due then). */
const MAX_READS_PER_PASS = 100;
/**
 * Subscriptions this instance has already asked about a discount ending before a given renewal:
 * a discount that never ends would otherwise cost a provider read every pass of the notice window.
 * Kept per app (its context), never shared between apps in one process.
 */
const discountCheckedByApp = new WeakMap<AppContext, Set<string>>();
const DISCOUNT_CHECKED_MAX = 10_000;

function discountCheckedOf(ctx: AppContext): Set<string> {
  let checked = discountCheckedByApp.get(ctx);
  if (!checked) discountCheckedByApp.set(ctx, (checked = new Set()));
  return checked;
}

type NoticeKind = 'renewal' | 'discount_end';

async function alreadySent(ctx: AppContext, userId: number, kind: NoticeKind, occasion: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ userId: noticesSent.userId })
    .from(noticesSent)
    .where(and(eq(noticesSent.userId, userId), eq(noticesSent.kind, kind), eq(noticesSent.occasion, occasion)));
  return Boolean(row);
}

/** Records the notice once (notices_sent's key), with its history row and its e-mail, in one transaction. */
async function sendOnce(
  ctx: AppContext,
  user: UserRow,
  notice: { kind: NoticeKind; occasion: string; detail: object; content: EmailContent },
): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(noticesSent)
      .values({ userId: user.id, kind: notice.kind, occasion: notice.occasion, sentAt: now })
      .onConflictDoNothing()
      .returning({ userId: noticesSent.userId });
    if (!inserted.length) return false;
    await recordSubscriptionEvent(tx, {
      userId: user.id,
      type: 'notice_sent',
      reason: notice.kind,
      detail: { occasion: notice.occasion, ...notice.detail },
      occurredAt: now,
    });
    await queueMessage(
      ctx,
      {
        kind: 'billing',
        recipient: user.email,
        idempotencyKey: `notice:${notice.kind}:${user.id}:${notice.occasion}`,
        content: notice.content,
      },
      tx,
    );
    return true;
  });
}

/** Members who may pay less than the full price now: the annual plan, or a monthly one started with a discount. */
const mayBeDiscounted = (m: PayingMember) =>
  m.plan === 'annual' || (m.checkoutPencePaid !== null && m.checkoutPencePaid < PRICE_MONTHLY_GBP * 100);

/** A discount that stops applying by the renewal: the next payment is at the full price. */
const discountEndsBy = (sub: SubscriptionInfo, now: Date) =>
  sub.discountEnd !== null &&
  sub.currentPeriodEnd !== null &&
  sub.discountEnd.getTime() > now.getTime() &&
  sub.discountEnd.getTime() <= sub.currentPeriodEnd.getTime();

/**
 * Housekeeping: the notices due before a member's money changes hands on terms they may not
 * expect, each sent once (notices_sent) and only while still true at the provider:
 * - a plan longer than a month (the annual plan) renewing within RENEWAL_NOTICE_DAYS;
 * - a discount (one the provider reports an end for) ending before a renewal within that time.
 * Returns how many of each were sent.
 */
export async function sendSubscriptionNotices(
  ctx: AppContext,
  payments: PaymentsProvider,
): Promise<{ renewalNotices: number; discountNotices: number }> {
  const now = ctx.clock.now();
  const days = ctx.config.RENEWAL_NOTICE_DAYS;
  const renewing = await payingMembers(ctx, {
    renewingBy: new Date(now.getTime() + (days + 1) * DAY_MS),
    statuses: ['active', 'trialing'],
  });
  const counts = { renewalNotices: 0, discountNotices: 0 };
  const discountChecked = discountCheckedOf(ctx);
  let reads = 0;
  for (const member of renewing) {
    const renewsAt = member.user.subscriptionEndDate!;
    if (!noticeDue(renewsAt, now, days)) continue;
    const occasion = londonDate(renewsAt);
    const subscriptionId = member.user.stripeSubscriptionId!;
    const wantsRenewal = member.plan === 'annual' && !(await alreadySent(ctx, member.user.id, 'renewal', occasion));
    const checkKey = `${subscriptionId}@${occasion}`;
    const wantsDiscount = mayBeDiscounted(member) && !discountChecked.has(checkKey);
    if (!wantsRenewal && !wantsDiscount) continue;
    if (reads++ >= MAX_READS_PER_PASS) break;
    let sub: SubscriptionInfo | null;
    try {
      sub = await payments.retrieveSubscription(subscriptionId);
    } catch (err) {
      ctx.log.warn(
        { err, userId: member.user.id },
        'renewal notices: the subscription could not be read; the next pass tries again',
      );
      continue;
    }
    if (discountChecked.size >= DISCOUNT_CHECKED_MAX) discountChecked.clear();
    discountChecked.add(checkKey);
    // Cancelled or ended meanwhile: it will not renew, there is nothing to warn about.
    if (!sub || !isLive(sub) || sub.cancelAtPeriodEnd || sub.cancelAt) continue;
    if (wantsRenewal) {
      const content = renewalNoticeEmail(ctx.config, { plan: member.plan, renewsAt, amountPence: sub.amount });
      if (
        await sendOnce(ctx, member.user, {
          kind: 'renewal',
          occasion,
          detail: { renewsAt: renewsAt.toISOString(), amountPence: sub.amount },
          content,
        })
      )
        counts.renewalNotices++;
    }
    if (discountEndsBy(sub, now)) {
      const discountEndsAt = sub.discountEnd!;
      const content = discountEndEmail(ctx.config, { discountEndsAt, renewsAt, fullPricePence: sub.amount });
      const detail = { discountEndsAt: discountEndsAt.toISOString(), renewsAt: renewsAt.toISOString() };
      if (
        await sendOnce(ctx, member.user, {
          kind: 'discount_end',
          occasion: londonDate(discountEndsAt),
          detail,
          content,
        })
      )
        counts.discountNotices++;
    }
  }
  if (counts.renewalNotices || counts.discountNotices) await wakeMailWorkers(ctx);
  return counts;
}
