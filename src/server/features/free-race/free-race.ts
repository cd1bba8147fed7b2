import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { londonDate, type Weekday, WEEKDAYS, weekdayName } from '#shared/london-time';
import type { FreeRace, FreeRacePreview, FreeRaceToday, NominateFreeRaceBody } from '#shared/schemas/race-cards';
import type { AdminActionResult } from '#shared/schemas/tips';
import type { AppContext } from '#server/context';
import { races, settings } from '#server/db/schema';
import { HttpError, notFound } from '#server/http/errors';
import { getRaceCard } from '../race-cards/read-race-cards';
import { courseKey, timeCandidates } from '../race-cards/upload-verdict';

/** The settings row holding the nomination: { date (London), raceTime, course, weekday }. */
const FREE_RACE_KEY = 'freeRace';
const NO_FREE_RACE = 'No free race available';

interface Nomination extends FreeRace {
  date: string;
}

/** The stored nomination, checked when read back (jsonb): null when the row holds no whole one. */
const storedNomination: z.ZodType<Nomination> = z.object({
  date: z.string(),
  raceTime: z.string().min(1),
  course: z.string().min(1),
  weekday: z.enum(WEEKDAYS),
});
const nominationOf = (value: unknown): Nomination | null => storedNomination.safeParse(value).data ?? null;

/** The weekday's race with that time ("2:10" ≡ "14:10") and course (case/space-insensitive). */
async function findRace(ctx: AppContext, weekday: Weekday, raceTime: string, course: string) {
  const [h, m] = raceTime.split(/[:.]/).map(Number);
  const times = timeCandidates(h, m);
  const dayRaces = await ctx.db
    .select({ id: races.id, time: races.time, course: races.course })
    .from(races)
    .where(eq(races.weekday, weekday));
  return dayRaces.find((r) => times.includes(r.time) && courseKey(r.course) === courseKey(course)) ?? null;
}

/** Stage 5: POST /api/free-race/nominate — the race must exist (404); stored for today (London). */
export async function nominateFreeRace(
  ctx: AppContext,
  { raceTime, course, weekday }: NominateFreeRaceBody,
): Promise<AdminActionResult> {
  const race = await findRace(ctx, weekday, raceTime, course);
  if (!race)
    throw notFound(
      `No ${weekdayName(weekday)} race at ${raceTime} ${course}: choose a race from the ${weekdayName(weekday)} cards.`,
    );
  const value: Nomination = { date: londonDate(ctx.clock.now()), raceTime: race.time, course: race.course, weekday };
  const now = ctx.clock.now();
  await ctx.db
    .insert(settings)
    .values({ key: FREE_RACE_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  return {
    success: true,
    message: `Free race set: ${race.time} ${race.course} (${weekdayName(weekday)}).`,
    popupMessage: `Stage 5 complete: today's free race is the ${race.time} ${race.course}.`,
  };
}

/**
 * Drops the stored nomination once its race is gone (its day cleared, or a new upload without it),
 * so the race does not come back as the free race when cards are uploaded again later that day:
 * the analyst nominates afresh. Called on every race-card change notice.
 */
export async function forgetNominationIfGone(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, FREE_RACE_KEY));
  if (!row) return false;
  const n = nominationOf(row.value);
  const stillThere = n ? await findRace(ctx, n.weekday, n.raceTime, n.course) : null;
  if (stillThere) return false;
  // Only the nomination that was read: one made meanwhile (another instance) is kept.
  await ctx.db.delete(settings).where(and(eq(settings.key, FREE_RACE_KEY), eq(settings.updatedAt, row.updatedAt)));
  return true;
}

/** Today's nomination whose race still exists, with that race's id. */
async function todaysNomination(ctx: AppContext): Promise<{ freeRace: FreeRace; raceId: number } | null> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, FREE_RACE_KEY));
  const n = row ? nominationOf(row.value) : null;
  if (!n || n.date !== londonDate(ctx.clock.now())) return null;
  const race = await findRace(ctx, n.weekday, n.raceTime, n.course);
  return race ? { freeRace: { raceTime: race.time, course: race.course, weekday: n.weekday }, raceId: race.id } : null;
}

export async function freeRaceToday(ctx: AppContext): Promise<FreeRaceToday> {
  return { freeRace: (await todaysNomination(ctx))?.freeRace ?? null };
}

/** GET /api/free-race-preview: the nominated race in full, and never any other race. */
export async function freeRacePreview(ctx: AppContext): Promise<FreeRacePreview> {
  const nomination = await todaysNomination(ctx);
  const none: FreeRacePreview = {
    available: false,
    race_time: null,
    venue: null,
    weekday: null,
    raceData: null,
    message: NO_FREE_RACE,
  };
  if (!nomination) return none;
  // The race can go between the two reads (its cards replaced): that is "none", like no
  // nomination. Any other failure is a failed read, not "none": it answers 500 and is logged.
  const raceData = await getRaceCard(ctx, nomination.raceId).catch((err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 404) return null;
    throw err;
  });
  if (!raceData) return none;
  const { raceTime, course, weekday } = nomination.freeRace;
  return {
    available: true,
    race_time: raceTime,
    venue: course,
    weekday,
    raceData,
    message: `Today's free race: ${raceTime} ${course}.`,
  };
}
