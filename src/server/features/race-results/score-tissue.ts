import type { FastifyInstance } from 'fastify';
import { asc, lte } from 'drizzle-orm';
import { londonDate, londonInstant } from '#shared/london-time';
import { fitsByDay } from '#shared/tissue-blend';
import type { RescoreAnswer } from '#shared/schemas/race-results';
import type { AppContext } from '#server/context';
import { raceResults, settings } from '#server/db/schema';
import { HttpError } from '#server/http/errors';
import {
  probabilitiesOf,
  readStoredScore,
  scoreInputRaces,
  TISSUE_SCORE_KEY,
  type StoredTissueScore,
} from './tissue-scores';

/** The advisory lock whose holder is the one instance scoring now. */
const SCORING_LOCK = 728_818;
/** The nightly scoring runs on the first look after this London time (results and most BSPs are in). */
export const NIGHTLY_AT = '02:00';
/** How often each instance looks whether the night's scoring is due. */
const LOOK_EVERY_MS = 15 * 60_000;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Scores the tissue against the market now: every day up to today (London) with a scored race
 * (every runner that ran with a rating, a morning price and a BSP) gets the blend's fit on the
 * races of the days before it, refitted from scratch on the results as they stand, and stored.
 * The scores themselves are worked out on read from the results and these fits. One instance at a
 * time (an advisory lock): null when another is scoring.
 */
export async function scoreTissue(ctx: AppContext): Promise<RescoreAnswer | null> {
  const lock = await ctx.database.trySessionLock(SCORING_LOCK);
  if (!lock) return null;
  try {
    const now = ctx.clock.now();
    const through = londonDate(now);
    const results = await ctx.db
      .select({
        id: raceResults.id,
        raceDate: raceResults.raceDate,
        time: raceResults.time,
        course: raceResults.course,
      })
      .from(raceResults)
      .where(lte(raceResults.raceDate, through))
      .orderBy(asc(raceResults.raceDate));
    const races = probabilitiesOf(await scoreInputRaces(ctx.db, results));
    const fits = fitsByDay(races.map((r) => ({ date: r.date, tissue: r.tissue, bsp: r.bsp, won: r.won })));
    const value: StoredTissueScore = { scoredAt: now.toISOString(), through, fits: Object.fromEntries(fits) };
    await ctx.db
      .insert(settings)
      .values({ key: TISSUE_SCORE_KEY, value, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    const fittedDays = [...fits.values()].filter(Boolean).length;
    return {
      message: `Scored ${plural(races.length, 'race')} on ${plural(fits.size, 'day')}; the blend is fitted on earlier days for ${fittedDays} of them.`,
      scoredAt: value.scoredAt,
      days: fits.size,
      fittedDays,
      races: races.length,
    };
  } finally {
    await lock.release();
  }
}

/** The admin's Rescore: refused while another instance is scoring. */
export async function rescoreNow(ctx: AppContext): Promise<RescoreAnswer> {
  const answer = await scoreTissue(ctx);
  if (!answer) throw new HttpError(409, 'A scoring is already under way; try again in a minute.');
  return answer;
}

/** Due when the last scoring was before tonight's NIGHTLY_AT and that time has passed. */
export async function nightlyScoringDue(ctx: AppContext): Promise<boolean> {
  const now = ctx.clock.now();
  const tonight = londonInstant(londonDate(now), NIGHTLY_AT);
  if (now < tonight) return false;
  const stored = await readStoredScore(ctx.db);
  return !stored || new Date(stored.scoredAt) < tonight;
}

/**
 * Looks every `everyMs` (0: never, for tests that score themselves) whether the night's scoring is
 * due and, if so, scores, on the one instance that takes the lock.
 */
export function startNightlyTissueScoring(app: FastifyInstance, ctx: AppContext, everyMs = LOOK_EVERY_MS) {
  if (everyMs <= 0) return;
  let running: Promise<unknown> = Promise.resolve();
  const look = () => {
    running = nightlyScoringDue(ctx)
      .then((due) => (due ? scoreTissue(ctx) : null))
      .then(
        (answer) =>
          answer && ctx.log.info({ races: answer.races, days: answer.days }, `tissue scoring: ${answer.message}`),
        (err: unknown) => ctx.log.warn({ err }, 'tissue scoring failed; the next look tries again'),
      );
  };
  const first = setTimeout(look, Math.min(everyMs, 10_000));
  const timer = setInterval(look, everyMs);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
