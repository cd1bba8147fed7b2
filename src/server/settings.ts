import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { settings } from '#server/db/schema';
import type { AppContext } from '#server/context';

/** Known settings and their values' types. */
interface SettingValues {
  openAccess: boolean;
  defaultWeekday: string;
}
export type SettingKey = keyof SettingValues;

/** Each setting's default, until one is saved. */
const SETTING_DEFAULTS: SettingValues = { openAccess: false, defaultWeekday: 'Thursday' };

/** What a saved setting must be: a stored value of another type is refused, not passed on. */
const SETTING_SCHEMAS: { [K in SettingKey]: z.ZodType<SettingValues[K]> } = {
  openAccess: z.boolean(),
  defaultWeekday: z.string(),
};

/** A setting, from the shared cache (read on members' routes and pages; changed only by `setSetting`). */
export async function getSetting<K extends SettingKey>(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  key: K,
): Promise<SettingValues[K]> {
  return ctx.cache.get('settings', key, async () => {
    const [row] = await ctx.db.select().from(settings).where(eq(settings.key, key));
    return row ? SETTING_SCHEMAS[key].parse(row.value) : SETTING_DEFAULTS[key];
  });
}

/** Saves a setting, then drops every instance's cached settings (after the write, never inside a transaction). */
export async function setSetting<K extends SettingKey>(
  ctx: Pick<AppContext, 'db' | 'clock' | 'cache'>,
  key: K,
  value: SettingValues[K],
) {
  const now = ctx.clock.now();
  await ctx.db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  await ctx.cache.invalidate('settings');
}
