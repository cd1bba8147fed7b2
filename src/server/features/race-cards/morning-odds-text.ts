import { eq, sql } from 'drizzle-orm';
import { type Weekday, weekdayName } from '#shared/london-time';
import type { MorningOddsLine } from '#shared/morning-odds-lines';
import { parseMorningOddsLines } from '#shared/morning-odds-lines';
import type { AdminActionResult } from '#shared/schemas/tips';
import type { AppContext } from '#server/context';
import type { Tx } from '#server/db/client';
import { horses, races } from '#server/db/schema';
import { HttpError } from '#server/http/errors';
import { listSome, logUpload } from './upload-log';
import { horseKey, updateRunnerOdds, type RunnerOddsUpdate } from './upload-morning-odds';

export const MORNING_ODDS_TEXT_KIND = 'morning-odds-text';

/** Parses "Horse: odds" text or refuses it (422) naming each bad line; nothing is written. */
export function readMorningOddsText(text: string, unchanged: string): MorningOddsLine[] {
  const parsed = parseMorningOddsLines(text);
  if (!parsed.ok)
    throw new HttpError(422, `The morning odds were not loaded: ${parsed.errors.join('; ')}. ${unchanged}`);
  return parsed.lines;
}

/**
 * Sets the odds of the weekday's runners named in the lines (name case- and space-insensitive;
 * a horse running in two of the day's races gets both). Summaries are left as they are.
 */
export async function applyMorningOddsLines(tx: Tx, weekday: Weekday, lines: MorningOddsLine[]) {
  const stored = await tx
    .select({ id: horses.id, name: horses.name })
    .from(horses)
    .innerJoin(races, eq(races.id, horses.raceId))
    .where(eq(races.weekday, weekday));
  const idsOf = new Map<string, number[]>();
  for (const h of stored) idsOf.set(horseKey(h.name), [...(idsOf.get(horseKey(h.name)) ?? []), h.id]);
  const updates = new Map<number, RunnerOddsUpdate>();
  const unmatched: string[] = [];
  for (const l of lines) {
    const ids = idsOf.get(horseKey(l.horse));
    if (!ids) unmatched.push(`line ${l.line} (${l.horse})`);
    else
      for (const id of ids)
        updates.set(id, { odds: l.odds, oddsText: l.oddsText, nonRunner: l.nonRunner, summary: null });
  }
  await updateRunnerOdds(tx, updates);
  return { runners: stored.length, updated: updates.size, unmatched };
}

export interface MorningOddsTextUpdate {
  weekday: Weekday;
  text: string;
  userId: number | null;
}

/** POST /api/vbg-race-cards/morning-odds: the pasted "Horse: odds" lines for one weekday, in one transaction. */
export async function updateMorningOddsFromText(
  ctx: AppContext,
  input: MorningOddsTextUpdate,
): Promise<AdminActionResult & { updated: number; unmatched: string[] }> {
  const day = weekdayName(input.weekday);
  const lines = readMorningOddsText(input.text, `The ${day} odds are unchanged.`);
  if (lines.length === 0) throw new HttpError(400, 'No morning odds given: write one "Horse: odds" line per runner.');
  const result = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`race-cards:${input.weekday}`}))`);
    const applied = await applyMorningOddsLines(tx, input.weekday, lines);
    if (applied.runners === 0)
      throw new HttpError(409, `There are no ${day} races yet: upload the master workbook (stage 1) first.`);
    const message = `Morning odds updated for ${applied.updated} of ${applied.runners} ${day} runners${applied.unmatched.length ? `; ${applied.unmatched.length} line${applied.unmatched.length === 1 ? '' : 's'} matched no runner` : ''}.`;
    const counts = {
      weekday: input.weekday,
      lines: lines.length,
      updated: applied.updated,
      unmatched: applied.unmatched.length,
    };
    await logUpload(tx, MORNING_ODDS_TEXT_KIND, { userId: input.userId }, { message, counts });
    return { ...applied, message };
  });
  return {
    success: true,
    message: result.message,
    popupMessage: `${result.message}${result.unmatched.length ? ` Unmatched: ${listSome(result.unmatched, '; ')}.` : ''}`,
    updated: result.updated,
    unmatched: result.unmatched,
  };
}
