import { eq } from 'drizzle-orm';
import { settings } from '#server/db/schema';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';

/** Known settings and their defaults. */
export const SETTING_DEFAULTS = {
  openAccess: false as boolean,
  defaultWeekday: 'Thursday' as string,
};
export type SettingKey = keyof typeof SETTING_DEFAULTS;

export async function getSetting<K extends SettingKey>(
  ctx: Pick<AppContext, 'db'>,
  key: K,
  db: DbOrTx = ctx.db,
): Promise<(typeof SETTING_DEFAULTS)[K]> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return (row ? row.value : SETTING_DEFAULTS[key]) as (typeof SETTING_DEFAULTS)[K];
}

export async function setSetting<K extends SettingKey>(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  key: K,
  value: (typeof SETTING_DEFAULTS)[K],
  db: DbOrTx = ctx.db,
) {
  const now = ctx.clock.now();
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}
