import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, inArray, like, lt, sql } from 'drizzle-orm';
import { addDays, londonDate, londonInstant } from '#shared/london-time';
import { fitBlend, prepareFitRace, type BlendFit } from '#shared/tissue-blend';
import {
  raceProbabilities,
  scoreRows,
  totalsOf,
  type RaceProbabilities,
  type ScoreInputRace,
} from '#shared/tissue-score';
import type { RescoreAnswer } from '#shared/schemas/race-results';
import type { AppContext } from '#server/context';
import { runEvery } from '#server/workers/every';
import { settings } from '#server/db/schema';
import { HttpError } from '#server/http/errors';
import {
  dayKey,
  readScoringRun,
  resultsByDay,
  storedRows,
  TISSUE_SCORE_KEY,
  type ScoringRun,
  type StoredDay,
} from './tissue-scores';

const probabilitiesOf = (races: readonly ScoreInputRace[]) =>
  races.map(raceProbabilities).filter((r): r is RaceProbabilities => r !== null);

/** The advisory lock whose holder is the one instance scoring now. */
const SCORING_LOCK = 728_818;
/** The nightly scoring runs on the first look after this London time (results and most BSPs are in). */
const NIGHTLY_AT = '02:00';
/** How often each instance looks whether the night's scoring is due. */
const LOOK_EVERY_MS = 15 * 60_000;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Lets requests in between two days' work (a first scoring of years of results takes seconds). */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

const digestOf = (races: readonly ScoreInputRace[]) =>
  crypto.createHash('sha256').update(JSON.stringify(races)).digest('base64url');

/**
 * Scores the tissue against the market now, for every London day up to today. A day is scored
 * again when its results changed since (its digest), and with it every later day, since their
 * blends were fitted on it: each day's blend is fitted on the scored races of the days before it
 * only (from the previous day's fit). The day's four chances per runner, its fit and its totals
 * are kept (settings rows `tissueScore:<day>`); the reads only add the totals up. One instance at
 * a time (an advisory lock): null when another is scoring.
 */
export async function scoreTissue(ctx: AppContext): Promise<RescoreAnswer | null> {
  const lock = await ctx.database.trySessionLock(SCORING_LOCK);
  if (!lock) return null;
  try {
    const now = ctx.clock.now();
    const through = londonDate(now);
    const [byDay, stored, lastRun] = await Promise.all([
      resultsByDay(ctx.db, through),
      ctx.db
        .select({ key: settings.key, digest: sql<string>`${settings.value}->>'digest'` })
        .from(settings)
        .where(like(settings.key, `${TISSUE_SCORE_KEY}:%`)),
      readScoringRun(ctx.db),
    ]);
    const storedDigest = new Map(stored.map((r) => [r.key, r.digest]));
    const digests = new Map([...byDay].map(([day, races]) => [day, digestOf(races)]));
    // The rescoring starts at the earliest day whose results changed, or whose results are gone.
    const gone = stored.filter((r) => !digests.has(r.key.slice(TISSUE_SCORE_KEY.length + 1)));
    const changed = [...digests].filter(([day, digest]) => storedDigest.get(dayKey(day)) !== digest).map(([d]) => d);
    // A scoring stopped halfway (the process ended) left later days fitted on what changed: from there too.
    const unfinished = lastRun?.unfinishedFrom ? [lastRun.unfinishedFrom] : [];
    const earliest =
      [...changed, ...gone.map((r) => r.key.slice(TISSUE_SCORE_KEY.length + 1)), ...unfinished].sort()[0] ?? null;

    let races = 0;
    let days = 0;
    let fittedDays = 0;
    if (earliest !== null) {
      await saveRun(ctx, { scoredAt: lastRun?.scoredAt ?? now.toISOString(), through, unfinishedFrom: earliest });
      // The races before the first day to score, as kept: what its blend is fitted on.
      const kept = await storedRows(ctx.db, addDays(earliest, -1));
      const earlier = keptRaces(kept);
      const fitting = earlier.map(prepareFitRace);
      let previous = await lastFit(ctx, earliest);
      // Each day is replaced as it is scored (a read meanwhile sees every day, old or new); the
      // days whose results are gone go.
      if (gone.length)
        await ctx.db.delete(settings).where(
          inArray(
            settings.key,
            gone.map((r) => r.key),
          ),
        );
      for (const [day, input] of byDay) {
        if (day < earliest) continue;
        // A day without a scored race is kept too (empty), so it is not scored again every night.
        const probabilities = probabilitiesOf(input);
        const fit = probabilities.length ? fitBlend(fitting, previous) : null;
        if (fit) previous = fit;
        const scored = probabilities.map((r) => ({ ...r, blend: scoreRows(r, fit).map((x) => x.blend) }));
        const value: StoredDay = {
          digest: digests.get(day)!,
          fit,
          totals: totalsOf(scored.flatMap((r) => scoreRows(r, fit))),
          races: scored,
        };
        await ctx.db
          .insert(settings)
          .values({ key: dayKey(day), value, updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
        fitting.push(...probabilities.map(prepareFitRace));
        await yieldToRequests();
      }
    }
    const run: ScoringRun = { scoredAt: now.toISOString(), through };
    await saveRun(ctx, run);
    for (const r of await ctx.db
      .select({
        fit: sql<BlendFit | null>`${settings.value}->'fit'`,
        races: sql<number>`jsonb_array_length(${settings.value}->'races')`,
      })
      .from(settings)
      .where(like(settings.key, `${TISSUE_SCORE_KEY}:%`))) {
      if (Number(r.races) === 0) continue;
      days++;
      races += Number(r.races);
      if (r.fit) fittedDays++;
    }
    return {
      message: `Scored ${plural(races, 'race')} on ${plural(days, 'day')}${earliest ? `, from ${earliest} on` : ' (nothing had changed)'}; the blend is fitted on earlier days for ${fittedDays} of them.`,
      scoredAt: run.scoredAt,
      days,
      fittedDays,
      races,
    };
  } finally {
    await lock.release();
  }
}

async function saveRun(ctx: AppContext, run: ScoringRun) {
  const now = ctx.clock.now();
  await ctx.db
    .insert(settings)
    .values({ key: TISSUE_SCORE_KEY, value: run, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: run, updatedAt: now } });
}

/** Kept rows back into races (for the fit: chances and winners). */
function keptRaces(rows: ReturnType<typeof storedRows> extends Promise<infer R> ? R : never) {
  const races = new Map<string, { tissue: number[]; bsp: number[]; won: boolean[] }>();
  for (const r of rows) {
    const key = `${r.date} ${r.time} ${r.course}`;
    const race = races.get(key) ?? { tissue: [], bsp: [], won: [] };
    race.tissue.push(r.tissue);
    race.bsp.push(r.bsp);
    race.won.push(r.won);
    races.set(key, race);
  }
  return [...races.values()];
}

/** The fit of the last kept day before `day` (where the next fit starts), if any. */
async function lastFit(ctx: AppContext, day: string): Promise<BlendFit | null> {
  const [row] = await ctx.db
    .select({ fit: sql<BlendFit | null>`${settings.value}->'fit'` })
    .from(settings)
    .where(and(like(settings.key, `${TISSUE_SCORE_KEY}:%`), lt(settings.key, dayKey(day))))
    .orderBy(desc(settings.key))
    .limit(1);
  return row?.fit ?? null;
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
  const run = await readScoringRun(ctx.db);
  return !run || new Date(run.scoredAt) < tonight;
}

/**
 * Looks every `everyMs` (0: never, for tests that score themselves) whether the night's scoring is
 * due and, if so, scores, on the one instance that takes the lock.
 */
export function startNightlyTissueScoring(app: FastifyInstance, ctx: AppContext, everyMs = LOOK_EVERY_MS) {
  runEvery(app, everyMs, () =>
    nightlyScoringDue(ctx)
      .then((due) => (due ? scoreTissue(ctx) : null))
      .then(
        (answer) =>
          answer && ctx.log.info({ races: answer.races, days: answer.days }, `tissue scoring: ${answer.message}`),
        (err: unknown) => ctx.log.warn({ err }, 'tissue scoring failed; the next look tries again'),
      ),
  );
}
