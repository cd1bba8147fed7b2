import { addDays, londonDate, weekdayOf } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { saveDefaultWeekday } from './default-weekday';
import { priceDemoMarket } from './samples/demo-market';
import { makeRaceDay, raceDayWorkbook } from './samples/race-day';
import { verdictDocx } from './samples/verdict-docx';
import { uploadMasterExcel } from './upload-master-excel';
import { uploadVerdict } from './upload-verdict';

/**
 * Demo race cards for today and tomorrow (London), made by the five morning stages themselves
 * from generated workbooks and verdict documents: a newcomer sees full cards, verdicts, a free
 * race (free-race/demo.ts, the step after this one) and a generator with races to pick.
 */
/** The demo's sample races for today (0) or tomorrow (1): the race previews demo uses today's too. */
export const demoRaceDay = (dayOffset: number) =>
  priceDemoMarket(makeRaceDay({ races: 8, runners: 9, seed: 100 + dayOffset }));

export async function seedDemoRaceCards(ctx: AppContext) {
  const today = londonDate(ctx.clock.now());
  const days = [today, addDays(today, 1)];
  for (const [i, date] of days.entries()) {
    const weekday = weekdayOf(date);
    const races = demoRaceDay(i);
    await uploadMasterExcel(ctx, {
      data: await raceDayWorkbook(races),
      filename: 'demo-master.xlsx',
      targetTab: weekday,
      userId: null,
    });
    const sections = races.map((race) => {
      const top = [...race.horses].sort((a, b) => b.vbRating - a.vbRating);
      return {
        heading: `${race.time} ${race.course}`,
        paragraphs: [
          `${top[0].name} tops the VB ratings and should go close. ${top[1].name} is the danger and worth a look each way.`,
        ],
      };
    });
    await uploadVerdict(ctx, {
      data: verdictDocx(sections),
      filename: 'demo-verdicts.docx',
      targetTab: weekday,
      userId: null,
    });
    if (i === 0) await saveDefaultWeekday(ctx, { weekday });
  }
  await ctx.cache.invalidate('raceCards');
}
