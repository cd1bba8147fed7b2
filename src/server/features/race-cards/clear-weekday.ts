import { eq } from 'drizzle-orm';
import { addDays, londonDate, weekdayOf, type Weekday, weekdayName } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { races } from '#server/db/schema';
import { publishRaceCardEvent } from './events';

/** DELETE /api/vbg-race-cards/clear-weekday/{weekday}: that tab's races and their runners. */
export async function clearWeekday(ctx: AppContext, weekday: Weekday): Promise<{ message: string; cleared: number }> {
  const deleted = await ctx.db.delete(races).where(eq(races.weekday, weekday)).returning({ id: races.id });
  await publishRaceCardEvent(ctx, { type: 'update', weekday });
  const n = deleted.length;
  return {
    message: n
      ? `Cleared ${n} race${n === 1 ? '' : 's'} from ${weekdayName(weekday)}.`
      : `${weekdayName(weekday)} had no races to clear.`,
    cleared: n,
  };
}

/** DELETE /api/vbg-race-cards/clear-day/{day}: yesterday, today or tomorrow as a London weekday. */
export async function clearDay(ctx: AppContext, day: 'yesterday' | 'today' | 'tomorrow') {
  const offset = { yesterday: -1, today: 0, tomorrow: 1 }[day];
  return clearWeekday(ctx, weekdayOf(addDays(londonDate(ctx.clock.now()), offset)));
}

/** DELETE /api/vbg-race-cards/clear-all: every weekday's races and runners. */
export async function clearAll(ctx: AppContext): Promise<{ message: string; cleared: number }> {
  const n = (await ctx.db.delete(races).returning({ id: races.id })).length;
  await publishRaceCardEvent(ctx, { type: 'update', weekday: null });
  return {
    message: n ? `Cleared all ${n} race${n === 1 ? '' : 's'} from every weekday.` : 'There were no races to clear.',
    cleared: n,
  };
}
