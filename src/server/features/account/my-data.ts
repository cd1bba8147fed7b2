import { asc, eq, or, sql } from 'drizzle-orm';
import { memberState } from '#shared/business-figures';
import type { MyDataExport } from '#shared/schemas/account';
import type { AppContext } from '#server/context';
import {
  alertSettings,
  checkoutSessions,
  memberAlerts,
  memberBets,
  noticesSent,
  outbox,
  pushSubscriptions,
  sessions,
  subscriptionEvents,
  watchlist,
  type UserRow,
} from '#server/db/schema';
import { storedSessionId } from '#server/sessions/sessions';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The checkouts of an account: started by it while signed in, or paid for its address. */
export const checkoutsOf = (user: Pick<UserRow, 'id' | 'email'>) =>
  or(eq(checkoutSessions.startedByUserId, user.id), eq(checkoutSessions.email, user.email));

/** The outbox rows addressed to an account (addresses are stored lower-cased, as accounts are). */
export const mailTo = (email: string) => sql`lower(${outbox.recipient}) = ${email.toLowerCase()}`;

/**
 * The provider's reference a member may see for a history row. A join is recorded under the
 * checkout's id, which opens the post-payment password step: the member gets the subscription's
 * id in its place (none when the join had no subscription).
 */
function historyReference(e: typeof subscriptionEvents.$inferSelect): string | null {
  if (e.type !== 'joined') return e.providerRef;
  const { subscriptionId } = (e.detail ?? {}) as { subscriptionId?: unknown };
  return typeof subscriptionId === 'string' ? subscriptionId : null;
}

/** Every row of the person's own, read only by their account id and address. */
async function readRows(ctx: AppContext, user: UserRow) {
  const [history, checkouts, bets, watched, mail, signIns, [alertChoices], devices, alerts, notices] =
    await Promise.all([
      ctx.db
        .select()
        .from(subscriptionEvents)
        .where(eq(subscriptionEvents.userId, user.id))
        .orderBy(asc(subscriptionEvents.occurredAt), asc(subscriptionEvents.id)),
      ctx.db.select().from(checkoutSessions).where(checkoutsOf(user)).orderBy(asc(checkoutSessions.createdAt)),
      ctx.db
        .select()
        .from(memberBets)
        .where(eq(memberBets.userId, user.id))
        .orderBy(asc(memberBets.raceDate), asc(memberBets.id)),
      ctx.db
        .select()
        .from(watchlist)
        .where(eq(watchlist.userId, user.id))
        .orderBy(asc(watchlist.createdAt), asc(watchlist.id)),
      ctx.db
        .select({
          kind: outbox.kind,
          subject: outbox.subject,
          status: outbox.status,
          createdAt: outbox.createdAt,
          sentAt: outbox.sentAt,
        })
        .from(outbox)
        .where(mailTo(user.email))
        .orderBy(asc(outbox.createdAt), asc(outbox.id)),
      ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(asc(sessions.createdAt)),
      ctx.db.select().from(alertSettings).where(eq(alertSettings.userId, user.id)),
      ctx.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, user.id))
        .orderBy(asc(pushSubscriptions.createdAt)),
      ctx.db
        .select()
        .from(memberAlerts)
        .where(eq(memberAlerts.userId, user.id))
        .orderBy(asc(memberAlerts.createdAt), asc(memberAlerts.id)),
      ctx.db
        .select()
        .from(noticesSent)
        .where(eq(noticesSent.userId, user.id))
        .orderBy(asc(noticesSent.sentAt), asc(noticesSent.kind)),
    ]);
  return { history, checkouts, bets, watched, mail, signIns, alertChoices, devices, alerts, notices };
}
type Rows = Awaited<ReturnType<typeof readRows>>;

/** The account row itself: who, consents and the subscription as it stands. */
function accountSections(user: UserRow, checkouts: Rows['checkouts'], now: Date) {
  return {
    account: {
      email: user.email,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      oddsFormat: user.oddsFormat,
      emailPreferences: { memberEmails: !user.emailOptOut, pausedUntil: iso(user.emailPausedUntil) },
    },
    consents: {
      ageConfirmedAt: iso(user.ageConfirmedAt),
      termsAcceptedAt: iso(user.termsAcceptedAt),
      termsVersion: user.termsVersion,
      atCheckout: checkouts.map((c) => ({
        checkoutStartedAt: c.createdAt.toISOString(),
        ageConfirmedAt: iso(c.ageConfirmedAt),
        termsAcceptedAt: iso(c.termsAcceptedAt),
        startNowAcknowledgedAt: iso(c.startNowAcknowledgedAt),
      })),
    },
    subscription: {
      state: user.role === 'admin' && !user.subscriptionType ? 'admin' : memberState(user, now),
      status: user.subscriptionStatus,
      type: user.subscriptionType,
      startDate: iso(user.subscriptionStartDate),
      endDate: iso(user.subscriptionEndDate),
      cancelAtPeriodEnd: user.cancelAtPeriodEnd,
      paymentFailedAt: iso(user.paymentFailedAt),
    },
  };
}

/** The payments side: the subscription's history and the checkouts. */
function moneySections({ history, checkouts }: Rows) {
  return {
    subscriptionHistory: history.map((e) => ({
      type: e.type,
      reason: e.reason,
      amountPence: e.amountPence,
      reference: historyReference(e),
      occurredAt: e.occurredAt.toISOString(),
    })),
    checkouts: checkouts.map((c) => ({
      status: c.status,
      plan: c.plan,
      amountPence: c.amountPence,
      discountCode: c.discountCode,
      description: c.displayText,
      duplicatePayment: c.duplicateOfSubscriptionId !== null,
      startedAt: c.createdAt.toISOString(),
      completedAt: iso(c.completedAt),
    })),
  };
}

/** The member's own records: bets, stars, e-mails, notices and sign-ins. */
function recordSections({ bets, watched, mail, notices, signIns }: Rows, currentSession: string | null) {
  return {
    bets: bets.map((b) => ({
      raceDate: b.raceDate,
      raceTime: b.raceTime,
      course: b.course,
      horseName: b.horseName,
      price: b.price,
      stakePence: b.stakePence,
      eachWay: b.eachWay,
      source: b.source,
      loggedAt: b.createdAt.toISOString(),
    })),
    watchlist: watched.map((w) => ({ horseName: w.horseName, starredAt: w.createdAt.toISOString() })),
    emails: mail.map((m) => ({
      kind: m.kind,
      subject: m.subject,
      status: m.status,
      queuedAt: m.createdAt.toISOString(),
      sentAt: iso(m.sentAt),
    })),
    notices: notices.map((n) => ({ kind: n.kind, occasion: n.occasion, at: n.sentAt.toISOString() })),
    sessions: signIns.map((s) => ({
      signedInAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      thisDevice: s.id === currentSession,
    })),
  };
}

/** The alert choices, the devices that take push (no endpoint or keys: they address the device) and the alerts. */
function alertsSection({ alertChoices, devices, alerts }: Rows): MyDataExport['alerts'] {
  return {
    settings: alertChoices
      ? {
          tipsPublished: alertChoices.tipsPublished,
          valueReached: alertChoices.valueReached,
          tipNonRunner: alertChoices.tipNonRunner,
          emailDigest: alertChoices.emailDigest,
          quietFrom: alertChoices.quietFrom,
          quietUntil: alertChoices.quietUntil,
          updatedAt: alertChoices.updatedAt.toISOString(),
        }
      : null,
    pushDevices: devices.map((d) => ({
      pushService: new URL(d.endpoint).host,
      userAgent: d.userAgent,
      addedAt: d.createdAt.toISOString(),
      lastSentAt: iso(d.lastSentAt),
    })),
    sent: alerts.map((a) => ({
      day: a.day,
      kind: a.kind,
      title: a.title,
      body: a.body,
      status: a.status,
      channel: a.channel,
      createdAt: a.createdAt.toISOString(),
      sentAt: iso(a.sentAt),
    })),
  };
}

/**
 * Everything held about the signed-in person (UK GDPR access and portability), read only by
 * their own account id and address. Never another person's data and never a secret: no password
 * hash, no session or reset token, no checkout id (it opens the post-payment password step), no
 * e-mail bodies (a reset link is a token); an admin who recorded an event is not named.
 * tests/api/account-data-tables.test.ts holds every table tied to a member to this and to erasure.
 */
export async function exportMyData(
  ctx: AppContext,
  user: UserRow,
  sessionToken: string | undefined,
): Promise<MyDataExport> {
  const now = ctx.clock.now();
  const rows = await readRows(ctx, user);
  const current = sessionToken ? await storedSessionId(ctx, sessionToken) : null;
  return {
    exportedAt: now.toISOString(),
    site: ctx.config.SITE_NAME,
    ...accountSections(user, rows.checkouts, now),
    ...moneySections(rows),
    ...recordSections(rows, current),
    alerts: alertsSection(rows),
  };
}
