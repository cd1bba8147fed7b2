import { and, eq } from 'drizzle-orm';
import { londonDate, weekdayOf } from '#shared/london-time';
import type { ResultProblem } from '#shared/pasted-race-lines';
import { matchResults, nameKey, parseResultLines, type MatchedRunner } from '#shared/race-results';
import { rule4Of, type Rule4 } from '#shared/proofing/rule4';
import { isOff, notOffMessage } from '#shared/race-off';
import type { ResultSource } from '#shared/racing-feeds';
import type { EnteredRace, RaceResultsAnswer } from '#shared/schemas/race-results';
import type { AppContext } from '#server/context';
import { raceResultRunners, raceResults } from '#server/db/schema';
import { HttpError } from '#server/http/errors';
import { settleTipsFromResults } from '../performance/settle-from-results';
import { cardsOfDay } from '#server/db/day-cards';
import { boardBefore, publishRaceCardEvent } from '../race-cards/events';

/** Refused input: nothing was written; `unmatched` names every line or horse at fault. */
export class ResultsRefused extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    public readonly unmatched: ResultProblem[],
  ) {
    super(statusCode, message);
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * POST /api/admin/race-results: reads every line and matches every race and horse to that day's
 * cards; only when all of them match is anything written (saveMatchedResults).
 */
export async function enterRaceResults(
  ctx: AppContext,
  input: { date: string; lines: string; userId: number | null },
): Promise<RaceResultsAnswer> {
  if (input.date > londonDate(ctx.clock.now()))
    throw new ResultsRefused(400, `${input.date} has not been raced yet.`, []);
  const { races: parsed, problems } = parseResultLines(input.lines);
  if (problems.length) {
    throw new ResultsRefused(400, `${plural(problems.length, 'line')} could not be read; nothing was saved.`, problems);
  }
  const cards = await cardsOfDay(ctx.db, input.date);
  const { matched, problems: unmatched } = matchResults(parsed, cards);
  if (unmatched.length) {
    const message = cards.length
      ? `${plural(unmatched.length, 'race or horse', 'races or horses')} not found on the cards of ${input.date}; nothing was saved.`
      : `There are no race cards for ${input.date}; nothing was saved.`;
    throw new ResultsRefused(422, message, unmatched);
  }

  // A pasted line without "R4" says the race had none (it clears one entered before).
  const races = matched.map((m) => ({ ...m, rule4: m.parsed.rule4 ?? null }));
  const figures = await boardBefore(ctx, input.date);
  const answer = await saveMatchedResults(ctx, input.date, races, input.userId);
  // Members' race cards and the value board carry the result: drop the cached cards here and on
  // every instance, and send every open page the changed figures.
  await publishRaceCardEvent(ctx, { type: 'results', weekday: weekdayOf(input.date), figures });
  return answer;
}

interface ResultRunner {
  name: string;
  vbRating: number | null;
  bookieOdds: number | null;
}
type Card = { time: string; course: string; title: string; runners: ResultRunner[] };

/**
 * A race to save: every runner of its card with how it finished, and its Betfair starting price
 * when a feed gave one; a pasted race keeps its line.
 */
export interface RaceToSave {
  card: Card;
  runners: Array<MatchedRunner<ResultRunner> & { bsp?: number | null }>;
  /** Rule 4 on the race: null for none; left out, the replaced result's is kept (a feed that gives none). */
  rule4?: Rule4 | null;
  parsed?: { line: number };
}

/**
 * Refuses results for races not off yet (their card time, London time, still to come): a result
 * then cannot be true, and would settle tips and tell members before the race is run. Nothing is
 * written; the refusal names every such race.
 */
function refuseRacesNotOff(date: string, races: readonly RaceToSave[], now: Date): void {
  const notOff = races.filter((r) => !isOff(date, r.card.time, now));
  if (notOff.length === 0) return;
  throw new ResultsRefused(
    422,
    notOffMessage(
      date,
      notOff.map((r) => r.card),
      londonDate(now),
    ),
    notOff.map((r) => ({
      line: r.parsed?.line ?? 0,
      text: `${r.card.time} ${r.card.course}`,
      message: `Not off until ${r.card.time} (London time).`,
    })),
  );
}

/**
 * Writes matched results (a re-entered race replaces its earlier result) and settles the day's
 * tips, in one transaction. The runners are copied with their VB rating and morning odds, so
 * clearing the cards later keeps the result whole. `source` says who settled them (the analyst
 * by default, or a feed). A runner's BSP already on the replaced result is kept unless the new
 * one brings its own: a BSP file read before the analyst's paste still counts. So is its Rule 4
 * when the new one does not say (`rule4` left out). A race not off yet
 * refuses the whole call (refuseRacesNotOff): callers that may skip such races drop them first.
 */
export async function saveMatchedResults(
  ctx: AppContext,
  date: string,
  matched: readonly RaceToSave[],
  userId: number | null,
  opts: { source?: ResultSource } = {},
): Promise<RaceResultsAnswer> {
  const now = ctx.clock.now();
  refuseRacesNotOff(date, matched, now);
  return ctx.db.transaction(async (tx) => {
    const entered: EnteredRace[] = [];
    for (const { card, runners, rule4 } of matched) {
      const key = and(
        eq(raceResults.raceDate, date),
        eq(raceResults.time, card.time),
        eq(raceResults.course, card.course),
      );
      const earlierBsp = new Map(
        (
          await tx
            .select({ name: raceResultRunners.name, bsp: raceResultRunners.bsp })
            .from(raceResultRunners)
            .innerJoin(raceResults, eq(raceResults.id, raceResultRunners.resultId))
            .where(key)
        ).map((r) => [nameKey(r.name), r.bsp]),
      );
      const removed = await tx.delete(raceResults).where(key).returning({
        id: raceResults.id,
        rule4Pence: raceResults.rule4Pence,
        rule4AppliesSp: raceResults.rule4AppliesSp,
      });
      const raceRule4 = rule4 === undefined ? removed[0] && rule4Of(removed[0]) : rule4;
      const [row] = await tx
        .insert(raceResults)
        .values({
          raceDate: date,
          time: card.time,
          course: card.course,
          title: card.title,
          enteredBy: userId,
          enteredAt: now,
          source: opts.source ?? 'manual',
          rule4Pence: raceRule4?.pence ?? null,
          rule4AppliesSp: raceRule4?.appliesSp ?? false,
        })
        .returning({ id: raceResults.id });
      await tx.insert(raceResultRunners).values(
        runners.map((r) => ({
          resultId: row.id,
          name: r.runner.name,
          vbRating: r.runner.vbRating,
          morningOdds: r.runner.bookieOdds,
          finish: r.finish,
          position: r.position,
          startingPrice: r.startingPrice,
          bsp: r.bsp ?? earlierBsp.get(nameKey(r.runner.name)) ?? null,
        })),
      );
      const named = (finish: string) => runners.filter((r) => r.finish === finish).map((r) => r.runner.name);
      // A placed horse whose position no source gave (a BSP place market) comes after the ordered ones.
      const rank = (position: number | null) => position ?? Number.MAX_SAFE_INTEGER;
      entered.push({
        time: card.time,
        course: card.course,
        winner: named('won')[0],
        placed: runners
          .filter((r) => r.finish === 'placed')
          .sort((a, b) => rank(a.position) - rank(b.position))
          .map((r) => r.runner.name),
        nonRunners: named('nr'),
        runners: runners.length,
        replaced: removed.length > 0,
        ...(raceRule4 && { rule4: raceRule4 }),
      });
    }
    const tipsSettled = await settleTipsFromResults(tx, date, now);
    // Every horse the result names: the winner, the placed and the non-runners.
    const horsesMatched = matched.reduce((n, m) => n + m.runners.filter((r) => r.finish !== 'ran').length, 0);
    const replaced = entered.filter((r) => r.replaced).length;
    let message = `${plural(entered.length, 'result')} saved for ${date}${replaced ? ` (${replaced} replaced)` : ''}.`;
    if (tipsSettled.length)
      message += ` Settled: ${tipsSettled.map((t) => `${t.selectionName} ${t.result}`).join(', ')}.`;
    return { success: true, message, races: entered, horsesMatched, unmatched: [], tipsSettled };
  });
}
