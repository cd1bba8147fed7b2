import { describe, expect, it } from 'vitest';
import {
  businessFigures,
  churnRate,
  lastMonths,
  memberState,
  monthlyPricePence,
  type HistoryEvent,
} from './business-figures';

const NOW = new Date('2026-11-22T09:00:00Z'); // a Sunday in November, London on GMT
const DAY = 86400_000;

const member = (fields: Partial<Parameters<typeof memberState>[0]> = {}) => ({
  role: 'member',
  subscriptionStatus: 'active',
  subscriptionType: 'premium' as string | null,
  subscriptionEndDate: new Date(NOW.getTime() + 10 * DAY) as Date | null,
  cancelAtPeriodEnd: false,
  ...fields,
});

describe('memberState', () => {
  it('tells paying, cancelling, past due, free and comped apart', () => {
    expect(memberState(member(), NOW)).toBe('paying');
    expect(memberState(member({ subscriptionStatus: 'trialing' }), NOW)).toBe('paying');
    expect(memberState(member({ cancelAtPeriodEnd: true }), NOW)).toBe('cancelling');
    expect(memberState(member({ subscriptionStatus: 'past_due' }), NOW)).toBe('past_due');
    expect(
      memberState(member({ subscriptionStatus: 'none', subscriptionType: null, subscriptionEndDate: null }), NOW),
    ).toBe('free');
    // Ended: no access any more, so a free account again.
    expect(
      memberState(member({ subscriptionStatus: 'canceled', subscriptionEndDate: new Date(NOW.getTime() - DAY) }), NOW),
    ).toBe('free');
    expect(memberState(member({ subscriptionEndDate: new Date(NOW.getTime() - DAY) }), NOW)).toBe('free');
    expect(memberState(member({ subscriptionType: 'family', subscriptionEndDate: null }), NOW)).toBe('comped');
    expect(memberState(member({ subscriptionType: 'annual_special' }), NOW)).toBe('comped');
    // A revoked grant has no access.
    expect(
      memberState(
        member({ subscriptionType: 'annual_special', subscriptionStatus: 'canceled', subscriptionEndDate: NOW }),
        NOW,
      ),
    ).toBe('free');
  });
});

describe('monthlyPricePence', () => {
  it("is the checkout's amount, an annual plan's twelfth, or the list price without a checkout", () => {
    expect(monthlyPricePence({ amountPence: 1200, plan: 'monthly' })).toBe(1200);
    expect(monthlyPricePence({ amountPence: 1600, plan: 'monthly' })).toBe(1600);
    expect(monthlyPricePence({ amountPence: 15996, plan: 'annual' })).toBe(1333);
    expect(monthlyPricePence({ amountPence: 16000, plan: 'annual' })).toBe(1333); // 1333.33 rounded
    expect(monthlyPricePence({ amountPence: null, plan: 'monthly' })).toBe(1600);
    expect(monthlyPricePence(null)).toBe(1600);
  });
});

describe('lastMonths', () => {
  it('gives the 12 London months to the current one, each from its first London midnight', () => {
    const months = lastMonths(NOW);
    expect(months.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(months[0].start.toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(months[6].start.toISOString()).toBe('2026-05-31T23:00:00.000Z'); // June begins at 00:00 BST
    expect(months[11].end.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    // Just after midnight on 1 July in London is already July, though UTC still says June.
    expect(lastMonths(new Date('2026-06-30T23:30:00Z')).at(-1)!.month).toBe('2026-07');
  });
});

const at = (iso: string) => new Date(iso);
const ev = (type: string, occurredAt: string, extra: Partial<HistoryEvent> = {}): HistoryEvent => ({
  type,
  reason: null,
  amountPence: null,
  providerRef: null,
  occurredAt: at(occurredAt),
  ...extra,
});
/** 11 joins and one end before December 2025: 10 members held a subscription on 1 December. */
const before = [
  ...Array.from({ length: 11 }, (_, i) =>
    ev('joined', `2025-0${(i % 9) + 1}-15T12:00:00Z`, { providerRef: `sub_old_${i}` }),
  ),
  ev('ended', '2025-11-30T12:00:00Z', { providerRef: 'sub_old_3' }),
];

describe('businessFigures against a hand-worked year', () => {
  // Worked by hand: 10 members held a subscription on 1 December 2025.
  //  Dec: 2 join, 1 ends            → starts 10, ends 11, churn 1/12 (12 paid in December)
  //  Jan: 2 cancel requests (one says too_expensive, one gives no reason), 1 ends on 31 Jan 23:30 GMT
  //                                 → starts 11, ends 10, churn 1/11
  //  Mar: 2 failed payments, 1 recovered
  //  Jul: 1 joins at 23:30 UTC on 30 June, which is 00:30 on 1 July in London → starts 10, ends 11
  //  Oct: refunds of £16, £12 and one without an amount → 3 refunds, £28.00
  //  Nov: 3 end on the 1st, 1 cancel request (too_expensive) → starts 11, ends 8, churn 3/11
  // Ignored: an end after now, a cancel request before the window, and the provider's second notice
  // of an end already recorded (same subscription).
  const events: HistoryEvent[] = [
    ...before,
    ev('cancel_requested', '2025-11-20T10:00:00Z', { reason: 'before_the_window' }),
    ev('joined', '2025-12-03T10:00:00Z'),
    ev('joined', '2025-12-03T11:00:00Z'),
    ev('ended', '2025-12-20T10:00:00Z'),
    ev('cancel_requested', '2026-01-05T10:00:00Z', { reason: 'too_expensive' }),
    ev('cancel_requested', '2026-01-06T10:00:00Z'),
    ev('ended', '2026-01-31T23:30:00Z'),
    ev('payment_failed', '2026-03-02T10:00:00Z'),
    ev('payment_failed', '2026-03-09T10:00:00Z'),
    ev('recovered', '2026-03-10T10:00:00Z'),
    ev('joined', '2026-06-30T23:30:00Z'),
    ev('refunded', '2026-10-10T10:00:00Z', { amountPence: 1600 }),
    ev('refunded', '2026-10-11T10:00:00Z', { amountPence: 1200 }),
    ev('refunded', '2026-10-12T10:00:00Z'),
    ev('notice_sent', '2026-10-13T10:00:00Z', { reason: 'renewal' }),
    ev('ended', '2026-11-01T08:00:00Z', { providerRef: 'sub_old_5' }),
    ev('ended', '2026-11-01T08:05:00Z', { providerRef: 'sub_old_5' }),
    ev('ended', '2026-11-01T09:00:00Z'),
    ev('ended', '2026-11-01T10:00:00Z'),
    ev('cancel_requested', '2026-11-02T10:00:00Z', { reason: 'too_expensive' }),
    ev('ended', '2026-11-23T10:00:00Z'),
  ];
  const figures = businessFigures({
    now: NOW,
    members: [
      { state: 'paying', monthlyPricePence: 1600 },
      { state: 'paying', monthlyPricePence: 1200 },
      { state: 'paying', monthlyPricePence: 1333 },
      { state: 'cancelling', monthlyPricePence: 1600 },
      { state: 'past_due', monthlyPricePence: 1600 },
      { state: 'free', monthlyPricePence: 1600 },
      { state: 'free', monthlyPricePence: 1600 },
      { state: 'comped', monthlyPricePence: 1600 },
    ],
    events,
    dailyEmailRecipients: 4,
  });
  const month = (m: string) => figures.months.find((f) => f.month === m)!;

  it('counts members by state, and MRR over paying members at their own prices', () => {
    expect(figures.members).toEqual({ paying: 3, cancelling: 1, past_due: 1, free: 2, comped: 1, total: 8 });
    expect(figures.mrrPence).toBe(1600 + 1200 + 1333);
    expect(figures.dailyEmailRecipients).toBe(4);
    expect(figures.generatedAt).toBe(NOW.toISOString());
  });

  it('follows paying members month by month, with joins, ends and churn', () => {
    expect(figures.months.map((f) => [f.month, f.payingAtStart, f.payingAtEnd])).toEqual([
      ['2025-12', 10, 11],
      ['2026-01', 11, 10],
      ['2026-02', 10, 10],
      ['2026-03', 10, 10],
      ['2026-04', 10, 10],
      ['2026-05', 10, 10],
      ['2026-06', 10, 10],
      ['2026-07', 10, 11],
      ['2026-08', 11, 11],
      ['2026-09', 11, 11],
      ['2026-10', 11, 11],
      ['2026-11', 11, 8],
    ]);
    expect(month('2025-12')).toMatchObject({ newMembers: 2, cancelled: 1, churnRate: 1 / 12 });
    expect(month('2026-01')).toMatchObject({ newMembers: 0, cancelled: 1, churnRate: 1 / 11 });
    expect(month('2026-02')).toMatchObject({ newMembers: 0, cancelled: 0, churnRate: 0 });
    expect(month('2026-06')).toMatchObject({ newMembers: 0 });
    expect(month('2026-07')).toMatchObject({ newMembers: 1, cancelled: 0 });
    expect(month('2026-11')).toMatchObject({ newMembers: 0, cancelled: 3, churnRate: 3 / 11 });
  });

  it('counts cancel requests with their reasons, failed payments, recoveries and refunds per month', () => {
    expect(month('2026-01')).toMatchObject({ cancelRequests: 2, cancelReasons: { too_expensive: 1, 'not given': 1 } });
    expect(month('2026-11')).toMatchObject({ cancelRequests: 1, cancelReasons: { too_expensive: 1 } });
    expect(month('2026-03')).toMatchObject({ paymentsFailed: 2, recoveries: 1 });
    expect(month('2026-10')).toMatchObject({ refunds: 3, refundedPence: 2800 });
    expect(month('2026-09')).toMatchObject({
      cancelRequests: 0,
      cancelReasons: {},
      paymentsFailed: 0,
      recoveries: 0,
      refunds: 0,
      refundedPence: 0,
    });
    expect(figures.cancelReasons).toEqual([
      { reason: 'too_expensive', count: 2 },
      { reason: 'not given', count: 1 },
    ]);
  });

  it('counts a subscription’s join and end once, however many rows name it; rows without a reference each count', () => {
    const twice = businessFigures({
      now: NOW,
      members: [],
      events: [
        ev('joined', '2026-09-01T10:00:00Z', { providerRef: 'sub_a' }),
        ev('joined', '2026-09-01T10:01:00Z', { providerRef: 'sub_a' }),
        ev('joined', '2026-09-02T10:00:00Z'),
        ev('joined', '2026-09-03T10:00:00Z'),
        ev('ended', '2026-10-01T10:00:00Z', { providerRef: 'sub_a', reason: 'account_deleted' }),
        ev('ended', '2026-10-02T10:00:00Z', { providerRef: 'sub_a' }),
      ],
      dailyEmailRecipients: 0,
    });
    expect(twice.months.find((f) => f.month === '2026-09')).toMatchObject({ newMembers: 3, payingAtEnd: 3 });
    expect(twice.months.find((f) => f.month === '2026-10')).toMatchObject({
      cancelled: 1,
      payingAtEnd: 2,
      churnRate: 1 / 3,
    });
  });

  it('counts a member who joins and leaves within the month: churn over everyone who paid in it', () => {
    // A new site: nobody paying on 1 November; 3 join, 2 of them leave before the month is out.
    const firstMonth = businessFigures({
      now: NOW,
      members: [],
      events: [
        ev('joined', '2026-11-02T10:00:00Z', { providerRef: 'sub_a' }),
        ev('joined', '2026-11-03T10:00:00Z', { providerRef: 'sub_b' }),
        ev('joined', '2026-11-04T10:00:00Z', { providerRef: 'sub_c' }),
        ev('ended', '2026-11-10T10:00:00Z', { providerRef: 'sub_a' }),
        ev('ended', '2026-11-12T10:00:00Z', { providerRef: 'sub_b' }),
      ],
      dailyEmailRecipients: 0,
    });
    expect(firstMonth.months.find((f) => f.month === '2026-11')).toMatchObject({
      payingAtStart: 0,
      newMembers: 3,
      cancelled: 2,
      payingAtEnd: 1,
      churnRate: 2 / 3,
    });
  });

  it('churn rate: ended over paying at the start plus joined, at most 1, none when nobody paid', () => {
    expect(churnRate({ payingAtStart: 0, newMembers: 2, cancelled: 2 })).toBe(1);
    expect(churnRate({ payingAtStart: 10, newMembers: 2, cancelled: 3 })).toBe(0.25);
    expect(churnRate({ payingAtStart: 4, newMembers: 0, cancelled: 0 })).toBe(0);
    // An end whose join is not in the history (recorded before the history began) is still a loss.
    expect(churnRate({ payingAtStart: 1, newMembers: 0, cancelled: 2 })).toBe(1);
    expect(churnRate({ payingAtStart: 0, newMembers: 0, cancelled: 0 })).toBeNull();
  });

  it("counts an event at a London month's first instant in that month, and one at this very instant", () => {
    const edges = businessFigures({
      now: NOW,
      members: [],
      events: [
        ev('joined', '2025-11-30T23:59:59.999Z'), // the last instant before the months shown
        ev('joined', '2025-12-01T00:00:00Z'), // the first month's first instant (GMT)
        ev('joined', '2026-06-30T23:00:00Z'), // 1 July 00:00 in London (BST), still June in UTC
        ev('ended', '2026-11-01T00:00:00Z'), // 1 November 00:00 in London (GMT again)
        ev('joined', NOW.toISOString()), // now: counted
        ev('joined', new Date(NOW.getTime() + 1).toISOString()), // after now: not yet
      ],
      dailyEmailRecipients: 0,
    });
    const month = (m: string) => edges.months.find((f) => f.month === m)!;
    expect(month('2025-12')).toMatchObject({ payingAtStart: 1, newMembers: 1, payingAtEnd: 2 });
    expect(month('2026-06')).toMatchObject({ newMembers: 0, payingAtEnd: 2 });
    expect(month('2026-07')).toMatchObject({ payingAtStart: 2, newMembers: 1, payingAtEnd: 3 });
    expect(month('2026-10')).toMatchObject({ cancelled: 0, payingAtEnd: 3 });
    expect(month('2026-11')).toMatchObject({ payingAtStart: 3, cancelled: 1, newMembers: 1, payingAtEnd: 3 });
  });

  it('has no churn rate for a month nobody paid in, and never counts below zero', () => {
    const empty = businessFigures({
      now: NOW,
      members: [],
      events: [ev('ended', '2026-02-10T10:00:00Z'), ev('joined', '2026-03-10T10:00:00Z')],
      dailyEmailRecipients: 0,
    });
    expect(empty.months[0]).toMatchObject({ payingAtStart: 0, churnRate: null });
    expect(empty.months.find((f) => f.month === '2026-02')).toMatchObject({
      cancelled: 1,
      payingAtEnd: 0,
      churnRate: null,
    });
    expect(empty.months.find((f) => f.month === '2026-03')).toMatchObject({ newMembers: 1, payingAtEnd: 1 });
    expect(empty.members).toEqual({ paying: 0, cancelling: 0, past_due: 0, free: 0, comped: 0, total: 0 });
    expect(empty.mrrPence).toBe(0);
    expect(empty.cancelReasons).toEqual([]);
  });
});
