import { and, asc, eq, inArray, isNotNull, lt, max } from 'drizzle-orm';
import { inQuietHours, type PushPayload } from '#shared/alerts';
import { formatLongDay, londonClock, londonDate } from '#shared/london-time';
import { isEmailPaused } from '#shared/email-pause';
import type { AppContext } from '#server/context';
import { alertSettings, memberAlerts, pushSubscriptions, users } from '#server/db/schema';
import type { PushSender } from '#server/providers/push';
import { siteLink, signingKey, unsubscribeToken } from '../mail/links';
import { enqueue, wakeMailWorkers } from '../mail/outbox';
import type { EmailContent } from '../mail/templates';
import { hasAlertAccess } from './decide';

/** The advisory lock whose holder is the one instance delivering alerts at a time. */
const DELIVERY_LOCK = 728_817;
/** A member's alert digest gathers what arises for this long after the last one went. */
const DIGEST_EVERY_MS = 3600_000;

type AlertRow = typeof memberAlerts.$inferSelect;
type MemberRow = {
  id: number;
  email: string;
  role: string;
  subscriptionStatus: string;
  subscriptionType: string | null;
  subscriptionEndDate: Date | null;
  paymentFailedAt: Date | null;
  emailOptOut: boolean;
  emailPausedUntil: Date | null;
  quietFrom: string | null;
  quietUntil: string | null;
  emailDigest: boolean;
};

export interface DeliveryCounts {
  pushed: number;
  emailed: number;
  dropped: number;
  failed: number;
  subscriptionsRemoved: number;
}

/**
 * Delivers the pending alerts that are due, from one instance at a time (a session advisory lock;
 * another instance's pass skips, and the periodic sweep comes back). An alert is about its London
 * day and is only worth that day: one still pending when the day is over is `failed` if its push
 * kept failing, else `dropped` (held by quiet hours that outlasted the day, or nowhere to go).
 * Per member, when no quiet hours hold them now:
 * - not a member any more: dropped;
 * - a device takes push: each alert goes to each of the member's devices and is `sent` (push) when
 *   one took it; a device whose push service answers 404 or 410 is removed; any other failure
 *   leaves the alert pending for the next pass;
 * - no device, and the e-mail digest on (member e-mails not opted out or paused): one e-mail lists
 *   every alert due, at most once an hour (what arises meanwhile waits for the next); they are
 *   `sent` (email) with the outbox row, in one transaction;
 * - otherwise: dropped.
 */
export async function deliverAlerts(ctx: AppContext, sender: PushSender | null): Promise<DeliveryCounts | null> {
  // Most writes decide nothing: then no lock (a connection of its own on PostgreSQL) is taken.
  const [anyPending] = await ctx.db
    .select({ id: memberAlerts.id })
    .from(memberAlerts)
    .where(eq(memberAlerts.status, 'pending'))
    .limit(1);
  if (!anyPending) return null;
  const lock = await ctx.database.trySessionLock(DELIVERY_LOCK);
  if (!lock) return null;
  try {
    return await deliverHeld(ctx, sender);
  } finally {
    await lock.release();
  }
}

async function deliverHeld(ctx: AppContext, sender: PushSender | null): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { pushed: 0, emailed: 0, dropped: 0, failed: 0, subscriptionsRemoved: 0 };
  const now = ctx.clock.now();
  const today = londonDate(now);
  const clock = londonClock(now);
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

  const pending = await ctx.db
    .select()
    .from(memberAlerts)
    .where(and(eq(memberAlerts.status, 'pending'), eq(memberAlerts.day, today)))
    .orderBy(asc(memberAlerts.userId), asc(memberAlerts.id));
  if (pending.length === 0) return counts;
  const userIds = [...new Set(pending.map((a) => a.userId))];
  const members = await ctx.db
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
  const devices = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds))
    .orderBy(asc(pushSubscriptions.id));

  for (const member of members as MemberRow[]) {
    const alerts = pending.filter((a) => a.userId === member.id);
    if (!hasAlertAccess(member, now, ctx.config.PAYMENT_GRACE_DAYS)) {
      counts.dropped += await settle(ctx, alerts, { status: 'dropped' });
      continue;
    }
    if (inQuietHours(clock, member.quietFrom, member.quietUntil)) continue; // held until they end
    let mine = sender ? devices.filter((d) => d.userId === member.id) : [];
    if (mine.length > 0 && sender) {
      const result = await pushTo(ctx, sender, mine, alerts);
      counts.pushed += result.sent;
      counts.subscriptionsRemoved += result.removed;
      mine = mine.filter((d) => !result.goneIds.has(d.id));
      if (mine.length > 0) continue;
    }
    const left = alerts.filter((a) => a.status === 'pending');
    if (left.length === 0) continue;
    if (member.emailDigest && !member.emailOptOut && !isEmailPaused(member.emailPausedUntil, now)) {
      counts.emailed += await digest(ctx, member, left, now);
    } else {
      counts.dropped += await settle(ctx, left, { status: 'dropped' });
    }
  }
  return counts;
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

/** The payload the service worker shows; the tag lets a newer alert of the same subject replace an older one on the device. */
const payloadOf = (a: AlertRow): PushPayload => ({
  title: a.title,
  body: a.body,
  url: a.url,
  tag: `${a.kind}-${a.day}-${a.subject}`.slice(0, 64),
});

async function pushTo(
  ctx: AppContext,
  sender: PushSender,
  devices: Array<typeof pushSubscriptions.$inferSelect>,
  alerts: AlertRow[],
) {
  const goneIds = new Set<number>();
  let sent = 0;
  for (const alert of alerts) {
    let took = false;
    let tried = false;
    for (const device of devices) {
      if (goneIds.has(device.id)) continue;
      tried = true;
      const outcome = await sender.send(device, payloadOf(alert));
      if (outcome.kind === 'sent') {
        took = true;
        await ctx.db
          .update(pushSubscriptions)
          .set({ lastSentAt: ctx.clock.now() })
          .where(eq(pushSubscriptions.id, device.id));
      } else if (outcome.kind === 'gone') {
        goneIds.add(device.id);
        await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        ctx.log.info(
          { subscriptionId: device.id, status: outcome.status },
          'alerts: push subscription expired; removed',
        );
      } else {
        ctx.log.warn(
          { subscriptionId: device.id, reason: outcome.reason },
          'alerts: push failed; the next pass tries again',
        );
      }
    }
    if (took) sent += await settle(ctx, [alert], { status: 'sent', channel: 'push', sentAt: ctx.clock.now() });
    // Tried and failed on every device still there: remember it was attempted (the day's end marks it failed).
    else if (tried && devices.some((d) => !goneIds.has(d.id)))
      await ctx.db.update(memberAlerts).set({ channel: 'push' }).where(eq(memberAlerts.id, alert.id));
  }
  return { sent, removed: goneIds.size, goneIds };
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
