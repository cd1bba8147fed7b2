import { sql } from 'drizzle-orm';
import { weekdayOf } from '#shared/london-time';
import { matchPrices, parsePriceLines } from '#shared/price-lines';
import type { ResultProblem } from '#shared/pasted-race-lines';
import type { PricesAnswer } from '#shared/schemas/prices';
import type { AppContext } from '#server/context';
import { cardsOfDay } from '#server/db/day-cards';
import { recordPrices } from '#server/db/price-snapshots';
import { HttpError } from '#server/http/errors';
import { boardBefore, publishRaceCardEvent } from '../race-cards/events';

/** A refusal names every line at fault (`{ message, unmatched }`, like the results paste); nothing is written. */
const refused = (status: number, message: string, unmatched: ResultProblem[]) =>
  new HttpError(status, message, { unmatched });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * POST /api/admin/prices: reads every line and matches every race and horse to that day's cards;
 * only when all of them match is anything written. Each price is kept as an `analyst` snapshot and
 * becomes the runner's current price on the cards; every open page is sent the changed figures.
 */
export async function savePrices(
  ctx: AppContext,
  input: { date: string; lines: string; userId: number | null },
): Promise<PricesAnswer> {
  const { races: parsed, problems } = parsePriceLines(input.lines);
  if (problems.length)
    throw refused(400, `${plural(problems.length, 'line')} could not be read; nothing was saved.`, problems);
  const cards = await cardsOfDay(ctx.db, input.date);
  const { matched, problems: unmatched } = matchPrices(parsed, cards);
  if (unmatched.length) {
    const message = cards.length
      ? `${plural(unmatched.length, 'race or horse', 'races or horses')} not found on the cards of ${input.date}; nothing was saved.`
      : `There are no race cards for ${input.date}; nothing was saved.`;
    throw refused(422, message, unmatched);
  }

  const weekday = weekdayOf(input.date);
  const prices = matched.flatMap((m) =>
    m.prices.map((p) => ({
      time: m.card.time,
      course: m.card.course,
      horseName: p.runner.name,
      price: p.price,
      priceText: p.priceText,
    })),
  );
  const figures = await boardBefore(ctx, input.date);
  await ctx.db.transaction(async (tx) => {
    // The stages' lock: a workbook replacing this weekday's cards waits, and so does this.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`race-cards:${weekday}`}))`);
    await recordPrices(tx, {
      date: input.date,
      source: 'analyst',
      observedAt: ctx.clock.now(),
      recordedBy: input.userId,
      prices,
    });
  });
  await publishRaceCardEvent(ctx, { type: 'prices', weekday, figures });
  const races = matched.map((m) => ({ time: m.card.time, course: m.card.course, runners: m.prices.length }));
  return {
    success: true,
    message: `Prices saved for ${plural(prices.length, 'runner')} in ${plural(races.length, 'race')} on ${input.date}: the cards, the value scores and the value board now use them.`,
    races,
    runners: prices.length,
  };
}
