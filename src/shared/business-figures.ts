import { londonDate, startOfLondonDay } from './london-time';
import { hasActiveSubscription, type SubscriptionState } from './subscription';

/**
 * The owner's numbers: members by state, monthly recurring revenue and, per London month, joins,
 * ends, churn, cancel requests with their reasons, failed payments, recoveries and refunds. Pure:
 * the server reads the accounts and the subscription history (subscription_events) and hands
 * them here. Money is integer pence.
 */
export type MemberState = 'paying' | 'cancelling' | 'past_due' | 'free' | 'comped';
export const MEMBER_STATES: readonly MemberState[] = ['paying', 'cancelling', 'past_due', 'free', 'comped'];
export const MEMBER_STATE_LABELS: Record<MemberState, string> = {
  paying: 'Paying',
  cancelling: 'Cancelling',
  past_due: 'Past due',
  free: 'Free',
  comped: 'Comped',
};

/** The list price a paying member without a recorded checkout is counted at. */
export const LIST_PRICE_PENCE = 1600;
const MONTHS_SHOWN = 12;
/** A cancel request recorded without a reason. */
const NO_REASON = 'not given';

/**
 * Where an account stands now. Comped: access an admin granted (lifetime family, an annual
 * special). Free: no access now (never subscribed, or it ended). Past due: a renewal payment
 * failed and the provider is still retrying. Cancelling: paid up, set to end at the period's end.
 * Paying: a paid subscription that renews.
 */
export function memberState(user: SubscriptionState & { cancelAtPeriodEnd: boolean }, now: Date): MemberState {
  if (!hasActiveSubscription(user, now)) return 'free';
  if (user.subscriptionType === 'family' || user.subscriptionType === 'annual_special') return 'comped';
  if (user.subscriptionStatus === 'past_due') return 'past_due';
  if (user.cancelAtPeriodEnd || user.subscriptionStatus === 'canceled') return 'cancelling';
  return 'paying';
}

/**
 * What a member pays a month: the amount of the checkout that started their subscription (£12
 * with a discount code), an annual plan's amount spread over 12 months (rounded to the penny),
 * the list price when no checkout is recorded.
 */
export function monthlyPricePence(checkout: { amountPence: number | null; plan: string } | null): number {
  if (!checkout || checkout.amountPence === null) return LIST_PRICE_PENCE;
  return checkout.plan === 'annual' ? Math.round(checkout.amountPence / 12) : checkout.amountPence;
}

export interface HistoryEvent {
  type: string;
  reason: string | null;
  amountPence: number | null;
  /** The provider's id of what happened: for a join or an end, the subscription's id. */
  providerRef: string | null;
  occurredAt: Date;
}

export interface MonthFigures {
  /** YYYY-MM, a London month. */
  month: string;
  /** Members holding a paid subscription as the month began (joined and not yet ended). */
  payingAtStart: number;
  /** …as it ended (now, for the current month): the chart's points. */
  payingAtEnd: number;
  newMembers: number;
  /** Subscriptions that ended in the month. */
  cancelled: number;
  /**
   * cancelled ÷ everyone who paid during the month (payingAtStart + newMembers): a member who
   * joins and leaves in the same month counts on both sides. Null when nobody paid in the month.
   */
  churnRate: number | null;
  cancelRequests: number;
  cancelReasons: Record<string, number>;
  paymentsFailed: number;
  recoveries: number;
  refunds: number;
  refundedPence: number;
}

export interface BusinessFigures {
  generatedAt: string;
  members: Record<MemberState, number> & { total: number };
  /** Monthly recurring revenue: every paying member at their own monthly price. */
  mrrPence: number;
  /** The last MONTHS_SHOWN London months, oldest first, the current one last. */
  months: MonthFigures[];
  /** Cancel reasons over those months, most given first. */
  cancelReasons: Array<{ reason: string; count: number }>;
  /** How many members the next daily tips e-mail would go to (access, not opted out, not paused). */
  dailyEmailRecipients: number;
}

export interface BusinessFiguresInput {
  now: Date;
  members: ReadonlyArray<{ state: MemberState; monthlyPricePence: number }>;
  /**
   * The subscription history: every join and end (those before the months shown give the paying
   * members the first month began with) and the other rows of the months shown. Rows after `now`
   * are ignored.
   */
  events: readonly HistoryEvent[];
  dailyEmailRecipients: number;
}

/** The London months ending with the current one, oldest first, each with its first instant and the next month's. */
export function lastMonths(now: Date, count = MONTHS_SHOWN): Array<{ month: string; start: Date; end: Date }> {
  const [y, m] = londonDate(now).split('-').map(Number);
  const key = (offset: number) => {
    const d = new Date(Date.UTC(y, m - 1 + offset, 1));
    return d.toISOString().slice(0, 7);
  };
  const months = [];
  for (let offset = 1 - count; offset <= 0; offset++) {
    months.push({
      month: key(offset),
      start: startOfLondonDay(`${key(offset)}-01`),
      end: startOfLondonDay(`${key(offset + 1)}-01`),
    });
  }
  return months;
}

function emptyMonth(month: string): MonthFigures {
  return {
    month,
    payingAtStart: 0,
    payingAtEnd: 0,
    newMembers: 0,
    cancelled: 0,
    churnRate: null,
    cancelRequests: 0,
    cancelReasons: {},
    paymentsFailed: 0,
    recoveries: 0,
    refunds: 0,
    refundedPence: 0,
  };
}

/**
 * A subscription joins once and ends once: a second join or end row naming the same subscription
 * (the provider's later notice of an end already recorded, say) is not counted again. Rows without
 * a reference each count.
 */
function onceFilter() {
  const seen = new Set<string>();
  return (e: HistoryEvent) => {
    if ((e.type !== 'joined' && e.type !== 'ended') || !e.providerRef) return true;
    const key = `${e.type} ${e.providerRef}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}

/**
 * The share of the month's paying members who left: its ended subscriptions over everyone who
 * paid at some time in it (paying as it began, or joined in it), at most all of them. Null when
 * nobody paid in the month.
 */
export function churnRate(f: Pick<MonthFigures, 'payingAtStart' | 'newMembers' | 'cancelled'>): number | null {
  const paidInMonth = f.payingAtStart + f.newMembers;
  if (paidInMonth === 0) return null;
  return Math.min(1, f.cancelled / paidInMonth);
}

export function businessFigures(input: BusinessFiguresInput): BusinessFigures {
  const { now } = input;
  const once = onceFilter();
  const members = { paying: 0, cancelling: 0, past_due: 0, free: 0, comped: 0, total: 0 };
  let mrrPence = 0;
  for (const m of input.members) {
    members[m.state]++;
    members.total++;
    if (m.state === 'paying') mrrPence += m.monthlyPricePence;
  }

  const windows = lastMonths(now);
  const months = windows.map((w) => emptyMonth(w.month));
  const history = input.events
    .filter((e) => e.occurredAt <= now && once(e))
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  const totals = new Map<string, number>();
  let paying = 0;
  let i = 0;
  for (; i < history.length && history[i].occurredAt < windows[0].start; i++) {
    if (history[i].type === 'joined') paying++;
    else if (history[i].type === 'ended') paying = Math.max(0, paying - 1);
  }
  windows.forEach((w, index) => {
    const f = months[index];
    f.payingAtStart = paying;
    for (; i < history.length && history[i].occurredAt < w.end; i++) {
      const e = history[i];
      if (e.type === 'joined') {
        f.newMembers++;
        paying++;
      } else if (e.type === 'ended') {
        f.cancelled++;
        paying = Math.max(0, paying - 1);
      } else if (e.type === 'cancel_requested') {
        const reason = e.reason?.trim() || NO_REASON;
        f.cancelRequests++;
        f.cancelReasons[reason] = (f.cancelReasons[reason] ?? 0) + 1;
        totals.set(reason, (totals.get(reason) ?? 0) + 1);
      } else if (e.type === 'payment_failed') f.paymentsFailed++;
      else if (e.type === 'recovered') f.recoveries++;
      else if (e.type === 'refunded') {
        f.refunds++;
        f.refundedPence += e.amountPence ?? 0;
      }
    }
    f.payingAtEnd = paying;
    f.churnRate = churnRate(f);
  });

  const cancelReasons = [...totals]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
  return {
    generatedAt: now.toISOString(),
    members,
    mrrPence,
    months,
    cancelReasons,
    dailyEmailRecipients: input.dailyEmailRecipients,
  };
}
