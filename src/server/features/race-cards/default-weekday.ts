import { weekdayName } from '#shared/london-time';
import type { DefaultWeekday, DefaultWeekdayBody } from '#shared/schemas/race-cards';
import type { AdminActionResult } from '#shared/schemas/tips';
import type { AppContext } from '#server/context';
import { getSetting, setSetting } from '#server/settings';

/** Stage 4: the weekday tab the race cards open on, stored capitalised (Thursday until the analyst chooses). */
export async function readDefaultWeekday(ctx: AppContext): Promise<DefaultWeekday> {
  const value = await getSetting(ctx, 'defaultWeekday');
  return { value: typeof value === 'string' && value ? value : 'Thursday' };
}

export async function saveDefaultWeekday(ctx: AppContext, { weekday }: DefaultWeekdayBody): Promise<AdminActionResult> {
  const value = weekdayName(weekday);
  await setSetting(ctx, 'defaultWeekday', value);
  return {
    success: true,
    message: `Default weekday set to ${value}.`,
    popupMessage: `Stage 4 complete: the race cards now open on ${value}.`,
  };
}
