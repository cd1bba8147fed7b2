import { eq } from 'drizzle-orm';
import type { Finish } from '#shared/race-results';
import type { BlendFit } from '#shared/tissue-blend';
import {
  raceProbabilities,
  reliabilityOf,
  scoreRows,
  scoresOf,
  SOURCES,
  type RaceProbabilities,
  type ScoreInputRace,
  type ScoreRow,
  ROLLING_DAYS,
} from '#shared/tissue-score';
import { addDays } from '#shared/london-time';
import type { TissueScoresAnswer } from '#shared/schemas/race-results';
import type { DbOrTx } from '#server/db/client';
import { settings } from '#server/db/schema';
import { runnersOfResults } from '#server/db/result-runners';

/** The settings row the nightly scoring writes (score-tissue.ts). */
export const TISSUE_SCORE_KEY = 'tissueScore';

/** What the scoring stores: each London day's blend fit, on the days before it only. */
export interface StoredTissueScore {
  /** When it was scored (ISO). */
  scoredAt: string;
  /** The last London day it looked at. */
  through: string;
  /** Per day with scored races: its fit, or null while too few earlier races (the blend is the SP's). */
  fits: Record<string, BlendFit | null>;
}

export async function readStoredScore(db: DbOrTx): Promise<StoredTissueScore | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, TISSUE_SCORE_KEY));
  return (row?.value as StoredTissueScore | undefined) ?? null;
}

interface ResultRow {
  id: number;
  raceDate: string;
  time: string;
  course: string;
}

/** Results with their runners, as the scoring reads them. */
export async function scoreInputRaces(db: DbOrTx, results: readonly ResultRow[]): Promise<ScoreInputRace[]> {
  const runners = await runnersOfResults(db, results);
  const byResult = new Map<number, ScoreInputRace>(
    results.map((r) => [r.id, { date: r.raceDate, time: r.time, course: r.course, runners: [] }]),
  );
  for (const h of runners)
    byResult.get(h.resultId)?.runners.push({
      name: h.name,
      vbRating: h.vbRating,
      morningOdds: h.morningOdds,
      bsp: h.bsp,
      finish: h.finish as Finish,
    });
  return [...byResult.values()].sort((a, b) =>
    a.date === b.date
      ? a.time === b.time
        ? a.course.localeCompare(b.course)
        : a.time < b.time
          ? -1
          : 1
      : a.date < b.date
        ? -1
        : 1,
  );
}

/** The scored races' probabilities (races that are not scored left out), in date order. */
export const probabilitiesOf = (races: readonly ScoreInputRace[]) =>
  races.map(raceProbabilities).filter((r): r is RaceProbabilities => r !== null);

/**
 * One row per scored runner of the days the scoring has looked at, up to `lastDay`: each race with
 * its day's stored blend. A day the scoring has not reached (or that had no scored race then) is
 * not counted until the next scoring, so the four sets always cover the same runners.
 */
export function rowsOf(races: readonly ScoreInputRace[], stored: StoredTissueScore | null, lastDay: string) {
  if (!stored) return [];
  return probabilitiesOf(
    races.filter((r) => r.date <= lastDay && r.date <= stored.through && r.date in stored.fits),
  ).flatMap((r) => scoreRows(r, stored.fits[r.date]));
}

/** The scores of days before `before` for the calibration answer: all time, the last 90 days, reliability. */
export function tissueScoresAnswer(
  rows: readonly ScoreRow[],
  stored: StoredTissueScore | null,
  before: string,
): TissueScoresAnswer {
  const past = rows.filter((r) => r.date < before);
  const since = addDays(before, -ROLLING_DAYS);
  const last = past.length ? stored?.fits[past[past.length - 1].date] : null;
  return {
    scores: scoresOf(past),
    scores90: scoresOf(past.filter((r) => r.date >= since)),
    reliability: Object.fromEntries(
      SOURCES.map((s) => [s, reliabilityOf(past, s)]),
    ) as TissueScoresAnswer['reliability'],
    blendFit: last ?? null,
    scoredAt: stored?.scoredAt ?? null,
  };
}
