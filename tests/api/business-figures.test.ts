import { eq } from 'drizzle-orm';
import { londonDate } from '#shared/london-time';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BusinessFigures } from '#shared/business-figures';
import type { SubscriptionEventType } from '#shared/schemas/billing';
import { checkoutSessions, users } from '#server/db/schema';
import { recordSubscriptionEvent } from '#server/features/billing/subscription-events';
import { startTestApp, type TestApp } from '../support/test-app';
import { createAccount, signedIn } from '../support/users';

/** The owner's numbers (GET /api/admin/business) and the members CSV, against a hand-worked fixture. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  t.clock.set(new Date('2026-11-22T09:00:00Z')); // Sunday 22 November 2026, 09:00 in London (GMT)
});

const DAY = 86400_000;
const NOW = new Date('2026-11-22T09:00:00Z');

async function set(email: string, fields: Partial<typeof users.$inferInsert>) {
  await t.ctx.db.update(users).set(fields).where(eq(users.email, email));
}

async function checkout(
  id: string,
  subscriptionId: string,
  amountPence: number,
  plan = 'monthly',
  duplicateOf: string | null = null,
) {
  await t.ctx.db.insert(checkoutSessions).values({
    id,
    provider: 'stripe',
    email: `${id}@example.com`,
    status: 'complete',
    amountPence,
    plan,
    stripeSubscriptionId: subscriptionId,
    duplicateOfSubscriptionId: duplicateOf,
    startNowAcknowledgedAt: new Date('2026-11-01T10:00:02Z'),
    completedAt: new Date('2026-11-01T10:01:00Z'),
  });
}

/**
 * Worked by hand:
 *  paying:     £12 (discounted checkout), annual £159.96 (£13.33 a month), no checkout (list £16), MRR £41.33
 *  cancelling: 1 (opted out of member e-mails); past due: 1; comped: 1 (family); free: a free account and a lapsed member
 *  left out:   the admin, an erased account
 *  daily e-mail: £12, annual, past due and comped (the list-price member has paused, the cancelling one opted out) = 4
 */
async function accounts() {
  await signedIn(t, 'admin');
  await createAccount(t, 'member', 'twelve@example.com');
  await set('twelve@example.com', { stripeSubscriptionId: 'sub_12' });
  await checkout('cs_dup', 'sub_12', 1600, 'monthly', 'sub_other'); // a duplicate payment is not their price
  await checkout('cs_12', 'sub_12', 1200);
  await createAccount(t, 'member', 'annual@example.com');
  // Renews at 00:30 on 1 July in London (23:30 UTC the day before).
  await set('annual@example.com', {
    stripeSubscriptionId: 'sub_year',
    subscriptionEndDate: new Date('2027-06-30T23:30:00Z'),
  });
  await checkout('cs_year', 'sub_year', 15996, 'annual');
  await createAccount(t, 'member', 'list@example.com');
  await set('list@example.com', {
    emailPausedUntil: new Date(NOW.getTime() + 7 * DAY),
    termsVersion: '=1+1',
    termsAcceptedAt: new Date('2026-10-01T12:00:00Z'),
  });
  await createAccount(t, 'member', 'leaving@example.com');
  await set('leaving@example.com', { cancelAtPeriodEnd: true, emailOptOut: true });
  await createAccount(t, 'member', 'late@example.com');
  await set('late@example.com', { subscriptionStatus: 'past_due' });
  await createAccount(t, 'nonMember', 'family@example.com');
  await set('family@example.com', {
    subscriptionStatus: 'active',
    subscriptionType: 'family',
    subscriptionEndDate: null,
  });
  await createAccount(t, 'nonMember', '=HYPERLINK("http://evil.example")@example.com');
  await createAccount(t, 'member', 'lapsed@example.com');
  await set('lapsed@example.com', {
    subscriptionStatus: 'canceled',
    subscriptionEndDate: new Date(NOW.getTime() - DAY),
  });
  const gone = await createAccount(t, 'nonMember', 'gone@example.com');
  await set('gone@example.com', {
    email: `deleted-${gone.id}@invalid`,
    subscriptionStatus: 'canceled',
    subscriptionType: 'premium',
  });
}

/** Rows of the history, each written at its moment on the test clock. */
async function happened(
  at: string,
  type: SubscriptionEventType,
  fields: { reason?: string; amountPence?: number } = {},
) {
  t.clock.set(new Date(at));
  await recordSubscriptionEvent(t.ctx.db, { userId: null, type, ...fields, occurredAt: t.clock.now() });
}

/**
 * Before the 12 months shown: 3 joined, 1 ended → 2 paying on 1 December 2025.
 *  Dec 2025: 1 joins                        → 2 → 3
 *  Jul 2026: 1 joins at 00:30 BST on 1 July → 3 → 4
 *  Oct 2026: 2 cancel requests (too_expensive, not_using), 1 ends, £16 refunded → 4 → 3, churn 1/4
 *  Nov 2026: 1 failed payment, 1 recovered, 1 ends, £12 + £4 refunded            → 3 → 2, churn 1/3
 */
async function year() {
  await happened('2025-06-01T10:00:00Z', 'joined');
  await happened('2025-06-02T10:00:00Z', 'joined');
  await happened('2025-06-03T10:00:00Z', 'joined');
  await happened('2025-07-01T10:00:00Z', 'ended');
  await happened('2025-12-15T10:00:00Z', 'joined', { amountPence: 1600 });
  await happened('2026-06-30T23:30:00Z', 'joined', { amountPence: 1200 });
  await happened('2026-10-03T10:00:00Z', 'cancel_requested', { reason: 'too_expensive' });
  await happened('2026-10-04T10:00:00Z', 'cancel_requested', { reason: 'not_using' });
  await happened('2026-10-20T10:00:00Z', 'ended');
  await happened('2026-10-21T10:00:00Z', 'refunded', { amountPence: 1600 });
  await happened('2026-11-02T10:00:00Z', 'payment_failed');
  await happened('2026-11-05T10:00:00Z', 'recovered');
  await happened('2026-11-06T10:00:00Z', 'ended');
  await happened('2026-11-07T10:00:00Z', 'refunded', { amountPence: 1200 });
  await happened('2026-11-08T10:00:00Z', 'refunded', { amountPence: 400 });
  await happened('2026-11-09T10:00:00Z', 'notice_sent', { reason: 'renewal' });
  t.clock.set(NOW);
}

describe('GET /api/admin/business', () => {
  it('counts members by state, MRR, the daily e-mail’s reach and a year of months, as worked by hand', async () => {
    await accounts();
    await year();
    const { client: admin } = await signedIn(t, 'admin', 'owner@example.com');
    const res = await admin.get('/api/admin/business');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const f = res.json as BusinessFigures;
    expect(f.members).toEqual({ paying: 3, cancelling: 1, past_due: 1, free: 2, comped: 1, total: 8 });
    expect(f.mrrPence).toBe(1200 + 1333 + 1600);
    expect(f.dailyEmailRecipients).toBe(4);
    expect(f.months.map((m) => [m.month, m.payingAtStart, m.newMembers, m.cancelled, m.payingAtEnd])).toEqual([
      ['2025-12', 2, 1, 0, 3],
      ['2026-01', 3, 0, 0, 3],
      ['2026-02', 3, 0, 0, 3],
      ['2026-03', 3, 0, 0, 3],
      ['2026-04', 3, 0, 0, 3],
      ['2026-05', 3, 0, 0, 3],
      ['2026-06', 3, 0, 0, 3],
      ['2026-07', 3, 1, 0, 4],
      ['2026-08', 4, 0, 0, 4],
      ['2026-09', 4, 0, 0, 4],
      ['2026-10', 4, 0, 1, 3],
      ['2026-11', 3, 0, 1, 2],
    ]);
    const month = (m: string) => f.months.find((x) => x.month === m)!;
    expect(month('2026-10')).toMatchObject({
      churnRate: 0.25,
      cancelRequests: 2,
      cancelReasons: { too_expensive: 1, not_using: 1 },
      refunds: 1,
      refundedPence: 1600,
    });
    expect(month('2026-11')).toMatchObject({
      churnRate: 1 / 3,
      paymentsFailed: 1,
      recoveries: 1,
      refunds: 2,
      refundedPence: 1600,
    });
    expect(month('2026-01')).toMatchObject({ churnRate: 0, cancelRequests: 0, refunds: 0 });
    expect(f.cancelReasons).toEqual([
      { reason: 'not_using', count: 1 },
      { reason: 'too_expensive', count: 1 },
    ]);
  });

  it('is for admins only', async () => {
    expect((await t.client().get('/api/admin/business')).status).toBe(401);
    const { client: member } = await signedIn(t, 'member');
    expect((await member.get('/api/admin/business')).status).toBe(403);
    expect((await member.get('/api/admin/members.csv')).status).toBe(403);
    expect((await t.client().get('/api/admin/members.csv')).status).toBe(401);
  });
});

/** The cells of a CSV line, unquoted. */
const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"'));

describe('GET /api/admin/members.csv', () => {
  it('lists every member with state, type, dates, own price and consent times, spreadsheet-safe', async () => {
    await accounts();
    const { client: admin } = await signedIn(t, 'admin', 'owner@example.com');
    const res = await admin.get('/api/admin/members.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="vbg-members-2026-11-22.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const lines = res.text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    const [header, ...rows] = lines.slice(0, -1).map(cells);
    expect(header).toEqual([
      'Email',
      'State',
      'Type',
      'Plan',
      'Start',
      'End',
      'Monthly price (£)',
      'Age confirmed',
      'Terms accepted',
      'Terms version',
      'Immediate start acknowledged',
      'Account created',
    ]);
    const byEmail = new Map(rows.map((r) => [r[0], r]));
    // No admin, no erased account.
    expect(rows).toHaveLength(8);
    expect(
      [...byEmail.keys()].some((e) => e.includes('admin') || e.includes('owner') || e.startsWith('deleted-')),
    ).toBe(false);

    const [twelve] = await t.ctx.db.select().from(users).where(eq(users.email, 'twelve@example.com'));
    expect(byEmail.get('twelve@example.com')).toEqual([
      'twelve@example.com',
      'Paying',
      'Monthly Premium',
      'monthly',
      // Dates are London days; consent times London date and time (GMT in November).
      londonDate(twelve.subscriptionStartDate!),
      '2026-12-22',
      '12.00',
      '',
      '',
      '',
      '2026-11-01 10:00',
      londonDate(twelve.createdAt),
    ]);
    expect(byEmail.get('annual@example.com')!.slice(1, 7)).toEqual([
      'Paying',
      'Monthly Premium',
      'annual',
      expect.any(String),
      '2027-07-01', // not 30 June: the end is 00:30 in London (BST)
      '13.33',
    ]);
    expect(byEmail.get('list@example.com')!.slice(1, 11)).toEqual([
      'Paying',
      'Monthly Premium',
      '',
      expect.any(String),
      expect.any(String),
      '16.00',
      '',
      '2026-10-01 13:00', // 12:00 UTC is 13:00 in London in summer time
      "'=1+1",
      '',
    ]);
    expect(byEmail.get('leaving@example.com')!.slice(1, 2)).toEqual(['Cancelling']);
    expect(byEmail.get('late@example.com')!.slice(1, 2)).toEqual(['Past due']);
    expect(byEmail.get('family@example.com')!.slice(1, 7)).toEqual([
      'Comped',
      'Lifetime Family Access',
      '',
      expect.any(String),
      '',
      '',
    ]);
    expect(byEmail.get('lapsed@example.com')!.slice(1, 7)).toEqual([
      'Free',
      'Monthly Premium',
      '',
      expect.any(String),
      expect.any(String),
      '',
    ]);
    // A cell a spreadsheet would run as a formula is written as text.
    expect(byEmail.get(`'=hyperlink("http://evil.example")@example.com`)!.slice(1, 3)).toEqual(['Free', '']);
    expect(res.text).not.toMatch(/(^|,)"[=+\-@]/m);
  });
});
