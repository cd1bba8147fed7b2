import { count, eq } from 'drizzle-orm';
import type { AlertSettings, AlertSettingsAnswer } from '#shared/schemas/alerts';
import type { AppContext } from '#server/context';
import { alertSettings, pushSubscriptions } from '#server/db/schema';

/** No row yet: every alert off, no quiet hours. */
const NO_ALERTS: AlertSettings = {
  tipsPublished: false,
  valueReached: false,
  tipNonRunner: false,
  emailDigest: false,
  quietFrom: null,
  quietUntil: null,
};

/** The member's alert choices, and how many of their devices take push. */
export async function readAlertSettings(ctx: AppContext, userId: number): Promise<AlertSettingsAnswer> {
  const [[row], [devices]] = await Promise.all([
    ctx.db.select().from(alertSettings).where(eq(alertSettings.userId, userId)).limit(1),
    ctx.db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
  ]);
  const settings = row
    ? {
        tipsPublished: row.tipsPublished,
        valueReached: row.valueReached,
        tipNonRunner: row.tipNonRunner,
        emailDigest: row.emailDigest,
        quietFrom: row.quietFrom,
        quietUntil: row.quietUntil,
      }
    : NO_ALERTS;
  return { ...settings, pushDevices: Number(devices?.n ?? 0) };
}

/** Replaces the member's choices (the body is the whole set). */
export async function saveAlertSettings(
  ctx: AppContext,
  userId: number,
  settings: AlertSettings,
): Promise<AlertSettingsAnswer> {
  const values = { ...settings, updatedAt: ctx.clock.now() };
  await ctx.db
    .insert(alertSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: alertSettings.userId, set: values });
  return readAlertSettings(ctx, userId);
}
