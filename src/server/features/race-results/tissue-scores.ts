import { and, asc, desc, eq, gte, like, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays } from '#shared/london-time';
import type { TissueScoresAnswer } from '#shared/schemas/race-results';
import type { BlendFit } from '#shared/tissue-blend';
import {
  addTotals,
  emptyTotals,
  reliabilityFromTotals,
  ROLLING_DAYS,
  scoresFromTotals,
  SOURCES,
  type RaceProbabilities,
  type ScoreInputRace,
  raceRows,
  type ScoreRow,
  type ScoreTotals,
} from '#shared/tissue-score';
import { recordOf } from '#shared/unknown-values';
import type { DbOrTx } from '#server/db/client';
import { raceResultRunners, raceResults, settings } from '#server/db/schema';

/** The settings row that says when the scoring last ran. */
export const TISSUE_SCORE_KEY = 'tissueScore';
/** Each scored London day's row: `tissueScore:YYYY-MM-DD`. */
export const dayKey = (date: string) => `${TISSUE_SCORE_KEY}:${date}`;
const DAY_PREFIX = `${TISSUE_SCORE_KEY}:`;

export interface ScoringRun {
  /** When it last ran (ISO). */
  scoredAt: string;
  /** The last London day it looked at. */
  through: string;
  /** Set while a scoring is under way from this day on: one that never finished starts here again. */
  unfinishedFrom?: string;
}

/** The scoring run's row as it is written (jsonb), checked when read back. */
const scoringRun: z.ZodType<ScoringRun> = z.object({
  scoredAt: z.string(),
  through: z.string(),
  unfinishedFrom: z.string().optional(),
});

/** A scored race as kept: its runners that ran and their four chances. */
interface StoredRace extends RaceProbabilities {
  blend: number[];
}

/** What the scoring keeps for a day with scored races. */
export interface StoredDay {
  /** Of the day's results as they were scored: a day whose results change is scored again. */
  digest: string;
  /** The blend's fit on the days before; null while too few (the blend is the SP's), or no race is scored. */
  fit: BlendFit | null;
  totals: ScoreTotals;
  races: StoredRace[];
}

export async function readScoringRun(db: DbOrTx): Promise<ScoringRun | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, TISSUE_SCORE_KEY));
  return row ? scoringRun.parse(row.value) : null;
}

/** Every result up to `through` with its runners, grouped by London day in date order. */
export async function resultsByDay(db: DbOrTx, through: string): Promise<Map<string, ScoreInputRace[]>> {
  const rows = await db
    .select({
      resultId: raceResults.id,
      date: raceResults.raceDate,
      time: raceResults.time,
      course: raceResults.course,
      name: raceResultRunners.name,
      vbRating: raceResultRunners.vbRating,
      morningOdds: raceResultRunners.morningOdds,
      bsp: raceResultRunners.bsp,
      finish: raceResultRunners.finish,
    })
    .from(raceResultRunners)
    .innerJoin(raceResults, eq(raceResults.id, raceResultRunners.resultId))
    .where(lte(raceResults.raceDate, through))
    .orderBy(asc(raceResults.raceDate), asc(raceResults.time), asc(raceResults.course), asc(raceResultRunners.id));
  const days = new Map<string, ScoreInputRace[]>();
  const byResult = new Map<number, ScoreInputRace>();
  for (const r of rows) {
    let race = byResult.get(r.resultId);
    if (!race) {
      race = { date: r.date, time: r.time, course: r.course, runners: [] };
      byResult.set(r.resultId, race);
      const day = days.get(r.date) ?? [];
      day.push(race);
      days.set(r.date, day);
    }
    race.runners.push({
      name: r.name,
      vbRating: r.vbRating,
      morningOdds: r.morningOdds,
      bsp: r.bsp,
      finish: r.finish,
    });
  }
  return days;
}

const dayRange = (lastDay: string, firstDay?: string) =>
  and(
    like(settings.key, `${DAY_PREFIX}%`),
    lte(settings.key, dayKey(lastDay)),
    firstDay ? gte(settings.key, dayKey(firstDay)) : undefined,
  );

/** The scores of days up to `lastDay` for the calibration answer: all time, the last 90 days, reliability. */
export async function tissueScoresAnswer(db: DbOrTx, lastDay: string): Promise<TissueScoresAnswer> {
  const [days, run, [latest]] = await Promise.all([
    db
      .select({ key: settings.key, totals: sql<ScoreTotals>`${settings.value}->'totals'` })
      .from(settings)
      .where(dayRange(lastDay)),
    readScoringRun(db),
    db
      .select({ fit: sql<BlendFit | null>`${settings.value}->'fit'` })
      .from(settings)
      .where(and(dayRange(lastDay), sql`jsonb_array_length(${settings.value}->'races') > 0`))
      .orderBy(desc(settings.key))
      .limit(1),
  ]);
  const since = dayKey(addDays(lastDay, 1 - ROLLING_DAYS));
  let all = emptyTotals();
  let recent = emptyTotals();
  for (const d of days) {
    all = addTotals(all, d.totals);
    if (d.key >= since) recent = addTotals(recent, d.totals);
  }
  return {
    scores: scoresFromTotals(all),
    scores90: scoresFromTotals(recent),
    reliability: recordOf(SOURCES, (s) => reliabilityFromTotals(all, s)),
    blendFit: latest?.fit ?? null,
    scoredAt: run?.scoredAt ?? null,
  };
}

/** One row per scored runner of the days up to `lastDay`, as the scoring kept them. */
export async function storedRows(db: DbOrTx, lastDay: string): Promise<ScoreRow[]> {
  const days = await db
    .select({ races: sql<StoredRace[]>`${settings.value}->'races'` })
    .from(settings)
    .where(dayRange(lastDay))
    .orderBy(asc(settings.key));
  return days.flatMap((d) => d.races.flatMap((r) => raceRows(r, r.blend)));
}
