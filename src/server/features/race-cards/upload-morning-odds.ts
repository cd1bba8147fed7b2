import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Weekday, weekdayName } from '#shared/london-time';
import type { AdminActionResult } from '#shared/schemas/tips';
import { normaliseOdds } from '#shared/tip-text';
import type { AppContext } from '#server/context';
import type { Tx } from '#server/db/client';
import { recordPrices, type RunnerPrice } from '#server/db/price-snapshots';
import { horses, races } from '#server/db/schema';
import { HttpError } from '#server/http/errors';
import { courseKey } from './upload-verdict';
import { listSome, logUpload } from './upload-log';
import { parseMasterWorkbookOffThread } from './parse-off-thread';
import { describeWorkbookErrors } from './workbook';

export const MORNING_ODDS_KIND = 'master-morning-odds';

export interface MorningOddsUpload {
  data: Buffer | undefined;
  filename: string | undefined;
  targetTab: Weekday;
  userId: number | null;
}

export const horseKey = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();

export interface RunnerOddsUpdate {
  odds: number | null;
  /** Null leaves the stored odds (and the non-runner mark) as they were. */
  oddsText: string | null;
  nonRunner: boolean;
  /** Null leaves the stored summary as it was. */
  summary: string | null;
}

/** One UPDATE … FROM (VALUES …) for every runner that changes. */
export async function updateRunnerOdds(tx: Tx, updates: Map<number, RunnerOddsUpdate>) {
  if (updates.size === 0) return;
  const values = sql.join(
    [...updates].map(
      ([id, u]) =>
        sql`(${id}::int, ${u.odds}::numeric, ${u.oddsText}::text, ${u.nonRunner}::boolean, ${u.summary}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`update ${horses} set
      bookie_odds = case when v.odds_text is null then ${horses.bookieOdds} else v.odds end,
      bookie_odds_text = coalesce(v.odds_text, ${horses.bookieOddsText}),
      potential_non_runner = case when v.odds_text is null then ${horses.potentialNonRunner} else v.non_runner end,
      summary = coalesce(v.summary, ${horses.summary})
    from (values ${values}) as v(id, odds, odds_text, non_runner, summary)
    where ${horses.id} = v.id`);
}

/**
 * Stage 3: the master workbook again, now with morning odds (AS) and summaries
 * (AQ). Parsed completely first (the stage-1 parser); each row updates the weekday's existing
 * runner with the same race time, course (case/space-insensitive) and horse name. A blank cell
 * leaves the stored value as it was. Rows without a runner are reported, never inserted.
 */
export async function uploadMorningOdds(ctx: AppContext, upload: MorningOddsUpload): Promise<AdminActionResult> {
  const { data, targetTab } = upload;
  const day = weekdayName(targetTab);
  if (!data || data.length === 0)
    throw new HttpError(400, 'No file selected: choose the master .xlsx/.xlsm workbook with the morning odds.');
  const parsed = await parseMasterWorkbookOffThread(data, upload.filename);
  if (!parsed.ok) {
    throw new HttpError(
      422,
      `The workbook was not loaded: ${describeWorkbookErrors(parsed.errors)}. The ${day} odds are unchanged.`,
    );
  }
  const result = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`race-cards:${targetTab}`}))`);
    const stored = await tx
      .select({ id: horses.id, name: horses.name, time: races.time, course: races.course, raceDate: races.raceDate })
      .from(horses)
      .innerJoin(races, eq(races.id, horses.raceId))
      .where(eq(races.weekday, targetTab));
    if (stored.length === 0)
      throw new HttpError(409, `There are no ${day} races yet: upload the master workbook (stage 1) first.`);
    const runnerOf = new Map(stored.map((h) => [`${h.time}|${courseKey(h.course)}|${horseKey(h.name)}`, h]));
    const updates = new Map<number, RunnerOddsUpdate>();
    const unmatched: string[] = [];
    const morning: Array<RunnerPrice & { date: string }> = [];
    for (const race of parsed.races) {
      for (const h of race.horses) {
        const runner = runnerOf.get(`${race.time}|${courseKey(race.course)}|${horseKey(h.name)}`);
        if (runner === undefined) unmatched.push(`row ${h.position} (${race.time} ${race.course}, ${h.name})`);
        else {
          updates.set(runner.id, {
            odds: h.bookieOdds,
            oddsText: h.bookieOddsText,
            nonRunner: h.potentialNonRunner,
            summary: h.summary || null,
          });
          if (h.bookieOdds !== null && h.bookieOddsText !== null) {
            morning.push({
              date: runner.raceDate,
              time: runner.time,
              course: runner.course,
              horseName: runner.name,
              price: h.bookieOdds,
              priceText: normaliseOdds(h.bookieOddsText),
            });
          }
        }
      }
    }
    await updateRunnerOdds(tx, updates);
    // Each morning price is also kept as a dated snapshot: the board measures the day's move from it.
    for (const date of new Set(morning.map((p) => p.date))) {
      await recordPrices(tx, {
        date,
        source: 'morning',
        observedAt: ctx.clock.now(),
        recordedBy: upload.userId,
        prices: morning.filter((p) => p.date === date),
      });
    }
    const message = `Morning odds loaded for ${updates.size} of ${stored.length} ${day} runners${unmatched.length ? `; ${unmatched.length} row${unmatched.length === 1 ? '' : 's'} matched no runner` : ''}.`;
    const sha256 = crypto.createHash('sha256').update(data).digest('hex');
    await logUpload(tx, MORNING_ODDS_KIND, upload, {
      message,
      counts: {
        weekday: targetTab,
        updated: updates.size,
        runners: stored.length,
        unmatched: unmatched.length,
        sha256,
      },
    });
    return { message, unmatched };
  });
  return {
    success: true,
    message: result.message,
    popupMessage: `Stage 3 complete: ${result.message}${result.unmatched.length ? ` Unmatched: ${listSome(result.unmatched, '; ')}.` : ''}`,
  };
}
