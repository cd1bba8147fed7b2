import { eq, inArray } from 'drizzle-orm';
import {
  TIPS_SUBJECT,
  TIPS_URL,
  nonRunnerAlertText,
  tipsAlertText,
  valueAlertText,
  type AlertKind,
  type AlertText,
} from '#shared/alerts';
import { formatLongDay, londonDate } from '#shared/london-time';
import { nameKey } from '#shared/name-key';
import { formatOdds, isValueAt, valueDownTo, type OddsFormat } from '#shared/odds-format';
import { raceOfTip } from '#shared/race-results';
import { runnerCardUrl } from '#shared/runner-link';
import { hasActiveSubscription } from '#shared/subscription';
import { SELECTION_LABELS, SELECTION_TYPES } from '#shared/tip-stats';
import { parseTipText } from '#shared/tip-text';
import { valueField } from '#shared/value-field';
import type { AppContext } from '#server/context';
import { cardsOfDay } from '#server/db/day-cards';
import { resultsOfDay } from '#server/db/result-runners';
import { alertSettings, dailyTips, memberAlerts, users, watchlist } from '#server/db/schema';

type SettingColumn =
  typeof alertSettings.tipsPublished | typeof alertSettings.valueReached | typeof alertSettings.tipNonRunner;

interface Recipient {
  id: number;
  oddsFormat: OddsFormat;
}

/** Members with access now (a failed renewal's grace included; an admin too) whose setting is on. */
async function recipients(ctx: AppContext, setting: SettingColumn): Promise<Recipient[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({
      id: users.id,
      role: users.role,
      oddsFormat: users.oddsFormat,
      subscriptionStatus: users.subscriptionStatus,
      subscriptionType: users.subscriptionType,
      subscriptionEndDate: users.subscriptionEndDate,
      paymentFailedAt: users.paymentFailedAt,
    })
    .from(alertSettings)
    .innerJoin(users, eq(users.id, alertSettings.userId))
    .where(eq(setting, true));
  return rows
    .filter((u) => hasAlertAccess(u, now, ctx.config.PAYMENT_GRACE_DAYS))
    .map((u) => ({ id: u.id, oddsFormat: u.oddsFormat === 'decimal' ? 'decimal' : 'fractional' }));
}

/** Who may receive alerts: an admin, or a subscription with access now (the grace period counts). */
export function hasAlertAccess(
  u: { role: string } & Parameters<typeof hasActiveSubscription>[0],
  now: Date,
  graceDays: number,
): boolean {
  return u.role === 'admin' || hasActiveSubscription(u, now, graceDays);
}

interface NewAlert extends AlertText {
  userId: number;
  kind: AlertKind;
  subject: string;
  url: string;
}

/** Records alerts as pending; one per member, kind and subject a day (the unique index), so a repeat is nothing new. */
async function record(ctx: AppContext, day: string, alerts: NewAlert[]): Promise<number> {
  if (alerts.length === 0) return 0;
  const now = ctx.clock.now();
  const inserted = await ctx.db
    .insert(memberAlerts)
    .values(alerts.map((a) => ({ ...a, day, status: 'pending', createdAt: now })))
    .onConflictDoNothing()
    .returning({ id: memberAlerts.id });
  return inserted.length;
}

/** Today's tips are out: one alert a day to each member who asked. */
export async function decideTipsAlerts(ctx: AppContext): Promise<number> {
  const day = londonDate(ctx.clock.now());
  const [published] = await ctx.db
    .select({ id: dailyTips.id })
    .from(dailyTips)
    .where(eq(dailyTips.tipsDate, day))
    .limit(1);
  if (!published) return 0;
  const text = tipsAlertText(formatLongDay(day));
  const to = await recipients(ctx, alertSettings.tipsPublished);
  return record(
    ctx,
    day,
    to.map((m) => ({ userId: m.id, kind: 'tips', subject: TIPS_SUBJECT, url: TIPS_URL, ...text })),
  );
}

/**
 * A starred horse on today's cards whose current price (the card's: recordPrices keeps it the
 * newest market snapshot) is at or above its value-down-to price, the one the cards show
 * (valueDownTo over the race's field). A non-runner is left out. Once per member and horse a day.
 */
export async function decideValueAlerts(ctx: AppContext): Promise<number> {
  const day = londonDate(ctx.clock.now());
  const to = await recipients(ctx, alertSettings.valueReached);
  if (to.length === 0) return 0;
  const stars = await ctx.db
    .select({ userId: watchlist.userId, horseKey: watchlist.horseKey })
    .from(watchlist)
    .where(
      inArray(
        watchlist.userId,
        to.map((m) => m.id),
      ),
    );
  const starredBy = new Map<string, Recipient[]>();
  const byId = new Map(to.map((m) => [m.id, m]));
  for (const s of stars) {
    const member = byId.get(s.userId);
    if (member) starredBy.set(s.horseKey, [...(starredBy.get(s.horseKey) ?? []), member]);
  }
  if (starredBy.size === 0) return 0;
  const cards = await cardsOfDay(ctx.db, day);
  const alerts: NewAlert[] = [];
  for (const race of cards) {
    // The field exactly as the cards and the value board read it.
    const field = valueField(race.runners);
    race.runners.forEach((h, i) => {
      const members = starredBy.get(nameKey(h.name));
      if (!members || h.potentialNonRunner) return;
      const downTo = valueDownTo(field, i);
      if (h.bookieOdds === null || !downTo || !isValueAt(h.bookieOdds, downTo)) return;
      const priceText = h.bookieOddsText ?? String(h.bookieOdds);
      const url = runnerCardUrl({ date: day, time: race.time, course: race.course, horseName: h.name });
      for (const m of members) {
        const text = valueAlertText({
          horseName: h.name,
          time: race.time,
          course: race.course,
          priceText: formatOdds(priceText, m.oddsFormat),
          downToText: m.oddsFormat === 'decimal' ? formatOdds(downTo.decimal, 'decimal') : downTo.fractional,
        });
        alerts.push({ userId: m.id, kind: 'value', subject: nameKey(h.name), url, ...text });
      }
    });
  }
  return record(ctx, day, alerts);
}

/**
 * Today's NAP, NB or Longshot is a non-runner: marked so on the cards (the morning odds' NR, a
 * correction) or in the race's result. Once per member and horse a day.
 */
export async function decideNonRunnerAlerts(ctx: AppContext): Promise<number> {
  const day = londonDate(ctx.clock.now());
  const [tips] = await ctx.db.select().from(dailyTips).where(eq(dailyTips.tipsDate, day)).limit(1);
  if (!tips) return 0;
  const tipped = SELECTION_TYPES.flatMap((type) => {
    const tip = parseTipText(tips[type]);
    return tip ? [{ label: SELECTION_LABELS[type], tip }] : [];
  });
  if (tipped.length === 0) return 0;
  const to = await recipients(ctx, alertSettings.tipNonRunner);
  if (to.length === 0) return 0;
  const [cards, results] = await Promise.all([cardsOfDay(ctx.db, day), resultsOfDay(ctx.db, day)]);
  const alerts: NewAlert[] = [];
  for (const { label, tip } of tipped) {
    const key = nameKey(tip.selectionName);
    const race = raceOfTip(cards, tip);
    const runner = race?.runners.find((h) => nameKey(h.name) === key);
    const result = raceOfTip(results, tip);
    const finish = result?.runners.find((r) => nameKey(r.name) === key)?.finish;
    if (!runner?.potentialNonRunner && finish !== 'nr') continue;
    const where = race ?? result!;
    const horseName = runner?.name ?? tip.selectionName;
    const url = runnerCardUrl({ date: day, time: where.time, course: where.course, horseName });
    const text = nonRunnerAlertText({ horseName, time: where.time, course: where.course, label });
    for (const m of to) alerts.push({ userId: m.id, kind: 'non_runner', subject: key, url, ...text });
  }
  return record(ctx, day, alerts);
}
