import { and, gte, inArray, lte, or } from 'drizzle-orm';
import { LIST_PRICE_PENCE, businessFigures, lastMonths, type BusinessFigures } from '#shared/business-figures';
import type { AppContext } from '#server/context';
import { mailingRecipients } from '#server/db/mailing-recipients';
import { subscriptionEvents } from '#server/db/schema';
import { memberAccounts } from './member-accounts';

/** Every join and end counts (they give the paying members at any time); these only within the months shown. */
const COUNTED = ['cancel_requested', 'payment_failed', 'recovered', 'refunded'];

/** GET /api/admin/business: the owner's numbers now and over the last 12 London months. */
export async function getBusinessFigures(ctx: AppContext): Promise<BusinessFigures> {
  const now = ctx.clock.now();
  const from = lastMonths(now)[0].start;
  const [members, events, recipients] = await Promise.all([
    memberAccounts(ctx),
    ctx.db
      .select({
        type: subscriptionEvents.type,
        reason: subscriptionEvents.reason,
        amountPence: subscriptionEvents.amountPence,
        providerRef: subscriptionEvents.providerRef,
        occurredAt: subscriptionEvents.occurredAt,
      })
      .from(subscriptionEvents)
      .where(
        and(
          lte(subscriptionEvents.occurredAt, now),
          or(
            inArray(subscriptionEvents.type, ['joined', 'ended']),
            and(gte(subscriptionEvents.occurredAt, from), inArray(subscriptionEvents.type, COUNTED)),
          ),
        ),
      ),
    mailingRecipients(ctx.db, now, ctx.config.PAYMENT_GRACE_DAYS),
  ]);
  return businessFigures({
    now,
    members: members.map((m) => ({ state: m.state, monthlyPricePence: m.monthlyPricePence ?? LIST_PRICE_PENCE })),
    events,
    dailyEmailRecipients: recipients.length,
  });
}
