import { eq } from 'drizzle-orm';
import { settings } from '#server/db/schema';
import type { AppContext } from '#server/context';

/** Known settings and their defaults. */
const SETTING_DEFAULTS = {
  openAccess: false as boolean,
  defaultWeekday: 'Thursday' as string,
};
export type SettingKey = keyof typeof SETTING_DEFAULTS;

type SettingValue<K extends SettingKey> = (typeof SETTING_DEFAULTS)[K];

/** A setting, from the shared cache (read on members' routes and pages; changed only by `setSetting`). */
export async function getSetting<K extends SettingKey>(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  key: K,
): Promise<SettingValue<K>> {
  return ctx.cache.get('settings', key, async () => {
    const [row] = await ctx.db.select().from(settings).where(eq(settings.key, key));
    return (row ? row.value : SETTING_DEFAULTS[key]) as SettingValue<K>;
  });
}

/** Saves a setting, then drops every instance's cached settings (after the write, never inside a transaction). */
export async function setSetting<K extends SettingKey>(
  ctx: Pick<AppContext, 'db' | 'clock' | 'cache'>,
  key: K,
  value: SettingValue<K>,
) {
  const now = ctx.clock.now();
  await ctx.db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  await ctx.cache.invalidate('settings');
}
