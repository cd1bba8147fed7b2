import { and, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { LIST_PRICE_PENCE, businessFigures, lastMonths, type BusinessFigures } from '#shared/business-figures';
import type { AppContext } from '#server/context';
import { mailingRecipients } from '#server/db/mailing-recipients';
import { subscriptionEvents } from '#server/db/schema';
import { memberAccounts } from './member-accounts';

const COUNTED = ['joined', 'ended', 'cancel_requested', 'payment_failed', 'recovered', 'refunded'];

/** GET /api/admin/business: the owner's numbers now and over the last 12 London months. */
export async function getBusinessFigures(ctx: AppContext): Promise<BusinessFigures> {
  const now = ctx.clock.now();
  const from = lastMonths(now)[0].start;
  const [members, [opening], events, recipients] = await Promise.all([
    memberAccounts(ctx),
    ctx.db
      .select({
        joined: sql<number>`count(*) filter (where ${subscriptionEvents.type} = 'joined')::int`,
        ended: sql<number>`count(*) filter (where ${subscriptionEvents.type} = 'ended')::int`,
      })
      .from(subscriptionEvents)
      .where(and(lt(subscriptionEvents.occurredAt, from), inArray(subscriptionEvents.type, ['joined', 'ended']))),
    ctx.db
      .select({ type: subscriptionEvents.type, reason: subscriptionEvents.reason, amountPence: subscriptionEvents.amountPence, occurredAt: subscriptionEvents.occurredAt })
      .from(subscriptionEvents)
      .where(and(gte(subscriptionEvents.occurredAt, from), lte(subscriptionEvents.occurredAt, now), inArray(subscriptionEvents.type, COUNTED))),
    mailingRecipients(ctx.db, now),
  ]);
  return businessFigures({
    now,
    members: members.map((m) => ({ state: m.state, monthlyPricePence: m.monthlyPricePence ?? LIST_PRICE_PENCE })),
    openingPaying: Number(opening?.joined ?? 0) - Number(opening?.ended ?? 0),
    events,
    dailyEmailRecipients: recipients.length,
  });
}
