import { londonDate, weekdayOf } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { demoRaceDay } from '../race-cards/demo';
import { nominateFreeRace } from './free-race';

/** Stage 5 of the demo morning (after the race cards step): today's first demo race is the free race. */
export async function seedDemoFreeRace(ctx: AppContext) {
  const [race] = demoRaceDay(0);
  await nominateFreeRace(ctx, {
    raceTime: race.time,
    course: race.course,
    weekday: weekdayOf(londonDate(ctx.clock.now())),
  });
}
