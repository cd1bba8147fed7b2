import { and, asc, eq, gt, inArray, isNotNull, lt, lte, max } from 'drizzle-orm';
import { inQuietHours } from '#shared/alerts';
import { formatLongDay, londonClock, londonDate } from '#shared/london-time';
import { isEmailPaused } from '#shared/email-pause';
import type { AppContext } from '#server/context';
import { alertSettings, memberAlerts, pushSubscriptions, users } from '#server/db/schema';
import type { PushSender } from '#server/providers/push';
import { siteLink, signingKey, unsubscribeToken } from '../mail/links';
import { enqueue, wakeMailWorkers } from '../mail/outbox';
import type { EmailContent } from '../mail/templates';
import { hasAlertAccess } from './decide';
import { pushRound } from './push-round';

/** The advisory lock whose holder is the one instance delivering alerts at a time. */
const DELIVERY_LOCK = 728_817;
/** A member's alert digest gathers what arises for this long after the last one went. */
const DIGEST_EVERY_MS = 3600_000;
/** Passes one delivery runs back to back at most while alerts keep arriving (the sweep takes the rest). */
const PASSES_IN_A_ROW = 5;

type AlertRow = typeof memberAlerts.$inferSelect;
type DeviceRow = typeof pushSubscriptions.$inferSelect;
type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];

export interface DeliveryCounts {
  pushed: number;
  emailed: number;
  dropped: number;
  failed: number;
  subscriptionsRemoved: number;
}

/**
 * Delivers the pending alerts that are due, from one instance at a time (a session advisory lock;
 * another instance's pass skips: the holder looks again once it lets go, and delivers whatever
 * was decided meanwhile). An alert is about its London day and is only worth that day: one still
 * pending when the day is over is `failed` if its push kept failing, else `dropped` (held by
 * quiet hours that outlasted the day, or nowhere to go). Per member, when no quiet hours hold them now:
 * - not a member any more: dropped;
 * - a device takes push: each alert goes to each of the member's devices and is `sent` (push) when
 *   one took it; a device whose push service answers 404 or 410 is removed; any other failure
 *   leaves the alert pending for the next pass (pushes go out PUSH_CONCURRENCY at a time, and
 *   what they came to is written once for the pass);
 * - no device, and the e-mail digest on (member e-mails not opted out or paused): one e-mail lists
 *   every alert due, at most once an hour (what arises meanwhile waits for the next); they are
 *   `sent` (email) with the outbox row, in one transaction;
 * - otherwise: dropped.
 */
export async function deliverAlerts(ctx: AppContext, sender: PushSender | null): Promise<DeliveryCounts | null> {
  let counts: DeliveryCounts | null = null;
  let after = 0;
  for (let pass = 0; pass < PASSES_IN_A_ROW; pass++) {
    // Most writes decide nothing: then no lock (a connection of its own on PostgreSQL) is taken.
    if (!(await anyPendingAfter(ctx, after))) break;
    const lock = await ctx.database.trySessionLock(DELIVERY_LOCK);
    if (!lock) break;
    counts ??= { pushed: 0, emailed: 0, dropped: 0, failed: 0, subscriptionsRemoved: 0 };
    try {
      after = Math.max(after, await deliverHeld(ctx, sender, counts));
    } finally {
      await lock.release();
    }
  }
  return counts;
}

/** Whether an alert due by now is pending that the last pass did not read (its id is past `after`). */
async function anyPendingAfter(ctx: AppContext, after: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: memberAlerts.id })
    .from(memberAlerts)
    .where(
      and(
        eq(memberAlerts.status, 'pending'),
        lte(memberAlerts.day, londonDate(ctx.clock.now())),
        gt(memberAlerts.id, after),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** One pass under the lock; returns the highest id of the pending alerts it read (0: none). */
async function deliverHeld(ctx: AppContext, sender: PushSender | null, counts: DeliveryCounts): Promise<number> {
  const now = ctx.clock.now();
  const today = londonDate(now);
  await closeEndedDays(ctx, today, counts);
  const pending = await ctx.db
    .select()
    .from(memberAlerts)
    .where(and(eq(memberAlerts.status, 'pending'), eq(memberAlerts.day, today)))
    .orderBy(asc(memberAlerts.userId), asc(memberAlerts.id));
  if (pending.length === 0) return 0;
  const userIds = [...new Set(pending.map((a) => a.userId))];
  const [members, devices] = await Promise.all([
    membersOf(ctx, userIds),
    ctx.db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds))
      .orderBy(asc(pushSubscriptions.id)),
  ]);
  const clock = londonClock(now);
  const pushing: MemberPush[] = [];
  for (const member of members) {
    const alerts = pending.filter((a) => a.userId === member.id);
    if (!hasAlertAccess(member, now, ctx.config.PAYMENT_GRACE_DAYS)) {
      counts.dropped += await settle(ctx, alerts, { status: 'dropped' });
      continue;
    }
    if (inQuietHours(clock, member.quietFrom, member.quietUntil)) continue; // held until they end
    const mine = sender ? devices.filter((d) => d.userId === member.id) : [];
    if (mine.length > 0) pushing.push({ member, alerts, devices: mine });
    else await emailOrDrop(ctx, member, alerts, now, counts);
  }
  if (sender && pushing.length > 0) await pushAll(ctx, sender, pushing, now, counts);
  return Math.max(...pending.map((a) => a.id));
}

/** Alerts of a London day that is over: `failed` when a push was attempted, else `dropped`. */
async function closeEndedDays(ctx: AppContext, today: string, counts: DeliveryCounts) {
  counts.failed += (
    await ctx.db
      .update(memberAlerts)
      .set({ status: 'failed' })
      .where(and(eq(memberAlerts.status, 'pending'), lt(memberAlerts.day, today), isNotNull(memberAlerts.channel)))
      .returning({ id: memberAlerts.id })
  ).length;
  counts.dropped += (
    await ctx.db
      .update(memberAlerts)
      .set({ status: 'dropped' })
      .where(and(eq(memberAlerts.status, 'pending'), lt(memberAlerts.day, today)))
      .returning({ id: memberAlerts.id })
  ).length;
}

/** The members with pending alerts, with what delivery reads of them (no settings row: no quiet hours, no digest). */
function membersOf(ctx: AppContext, userIds: number[]) {
  return ctx.db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      subscriptionStatus: users.subscriptionStatus,
      subscriptionType: users.subscriptionType,
      subscriptionEndDate: users.subscriptionEndDate,
      paymentFailedAt: users.paymentFailedAt,
      emailOptOut: users.emailOptOut,
      emailPausedUntil: users.emailPausedUntil,
      quietFrom: alertSettings.quietFrom,
      quietUntil: alertSettings.quietUntil,
      emailDigest: alertSettings.emailDigest,
    })
    .from(users)
    .leftJoin(alertSettings, eq(alertSettings.userId, users.id))
    .where(inArray(users.id, userIds));
}

interface MemberPush {
  member: MemberRow;
  alerts: AlertRow[];
  devices: DeviceRow[];
}

/**
 * Every pushing member's alerts to each of their devices in one round, then what came of them in
 * one write each: the alerts some device took are `sent`; those tried on a device still there and
 * failed keep channel `push` (the day's end marks them failed); a member left with no device has
 * what is still pending go by the digest, or nowhere.
 */
async function pushAll(ctx: AppContext, sender: PushSender, pushing: MemberPush[], now: Date, counts: DeliveryCounts) {
  const round = await pushRound(
    ctx,
    sender,
    pushing.flatMap((p) => p.devices.map((device) => ({ device, alerts: p.alerts }))),
  );
  counts.subscriptionsRemoved += round.gone.size;
  const alerts = pushing.flatMap((p) => p.alerts);
  const took = alerts.filter((a) => round.took.has(a.id));
  counts.pushed += await settle(ctx, took, { status: 'sent', channel: 'push', sentAt: round.at });
  const stillThere = pushing.filter((p) => p.devices.some((d) => !round.gone.has(d.id)));
  const tried = stillThere.flatMap((p) => p.alerts.filter((a) => !round.took.has(a.id)));
  if (tried.length > 0)
    await ctx.db
      .update(memberAlerts)
      .set({ channel: 'push' })
      .where(
        inArray(
          memberAlerts.id,
          tried.map((a) => a.id),
        ),
      );
  for (const p of pushing) if (!stillThere.includes(p)) await emailOrDrop(ctx, p.member, p.alerts, now, counts);
}

/** A member's alerts still pending, by the e-mail digest when they take it, else dropped. */
async function emailOrDrop(ctx: AppContext, member: MemberRow, alerts: AlertRow[], now: Date, counts: DeliveryCounts) {
  const left = alerts.filter((a) => a.status === 'pending');
  if (left.length === 0) return;
  if (member.emailDigest && !member.emailOptOut && !isEmailPaused(member.emailPausedUntil, now)) {
    counts.emailed += await digest(ctx, member, left, now);
  } else {
    counts.dropped += await settle(ctx, left, { status: 'dropped' });
  }
}

async function settle(
  ctx: AppContext,
  alerts: AlertRow[],
  set: Partial<Pick<AlertRow, 'status' | 'channel' | 'sentAt'>>,
): Promise<number> {
  if (alerts.length === 0) return 0;
  for (const a of alerts) Object.assign(a, set);
  const done = await ctx.db
    .update(memberAlerts)
    .set(set)
    .where(
      and(
        inArray(
          memberAlerts.id,
          alerts.map((a) => a.id),
        ),
        eq(memberAlerts.status, 'pending'),
      ),
    )
    .returning({ id: memberAlerts.id });
  return done.length;
}

/** One e-mail listing the alerts due, unless the last digest went less than an hour ago. */
async function digest(ctx: AppContext, member: MemberRow, alerts: AlertRow[], now: Date): Promise<number> {
  const [last] = await ctx.db
    .select({ at: max(memberAlerts.sentAt) })
    .from(memberAlerts)
    .where(and(eq(memberAlerts.userId, member.id), eq(memberAlerts.channel, 'email'), eq(memberAlerts.status, 'sent')));
  if (last?.at && now.getTime() - new Date(last.at).getTime() < DIGEST_EVERY_MS) return 0;
  const key = await signingKey(ctx);
  const content = digestEmail(
    ctx,
    alerts,
    siteLink(ctx.config, `/unsubscribe?token=${unsubscribeToken(key, member.id)}`),
  );
  const ids = alerts.map((a) => a.id);
  const sent = await ctx.db.transaction(async (tx) => {
    const marked = await tx
      .update(memberAlerts)
      .set({ status: 'sent', channel: 'email', sentAt: now })
      .where(and(inArray(memberAlerts.id, ids), eq(memberAlerts.status, 'pending')))
      .returning({ id: memberAlerts.id });
    if (marked.length === 0) return 0;
    await enqueue(
      ctx,
      [
        {
          kind: 'alerts',
          recipient: member.email,
          idempotencyKey: `alert-digest:${member.id}:${Math.min(...ids)}`,
          content,
        },
      ],
      tx,
    );
    return marked.length;
  });
  if (sent) await wakeMailWorkers(ctx);
  return sent;
}

function digestEmail(ctx: AppContext, alerts: AlertRow[], unsubscribeUrl: string): EmailContent {
  const n = alerts.length;
  return {
    subject:
      n === 1
        ? `${ctx.config.SITE_NAME} alert: ${alerts[0].title}`
        : `${ctx.config.SITE_NAME} alerts: ${n} for ${formatLongDay(alerts[0].day)}`,
    preheader: alerts.map((a) => a.title).join(' · '),
    blocks: [
      { kind: 'heading', text: n === 1 ? 'Your alert' : `Your ${n} alerts` },
      ...alerts.map((a) => ({ kind: 'p' as const, text: `${a.title}\n${a.body}\n${siteLink(ctx.config, a.url)}` })),
      {
        kind: 'p',
        text: 'You chose these alerts in My Account, where you can change them, set quiet hours or turn the e-mail digest off.',
      },
      { kind: 'button', label: 'My Account', href: siteLink(ctx.config, '/my-account') },
    ],
    unsubscribeUrl,
  };
}
