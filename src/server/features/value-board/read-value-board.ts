import { eq } from 'drizzle-orm';
import { londonClock, londonDate } from '#shared/london-time';
import { nameKey } from '#shared/name-key';
import { cardRaceAt } from '#shared/pasted-race-lines';
import type { RunnerResult } from '#shared/schemas/race-cards';
import type { ValueBoard } from '#shared/schemas/value-board';
import { SELECTION_LABELS, SELECTION_TYPES } from '#shared/tip-stats';
import { parseTipText } from '#shared/tip-text';
import { buildValueBoard, type BoardRaceInput, type BoardTip } from '#shared/value-board';
import type { AppContext } from '#server/context';
import { cardsOfDay } from '#server/db/day-cards';
import { toPricePoint } from '#server/db/price-history';
import { priceHistories, runnerPriceKey } from '#server/db/price-snapshots';
import { resultsOfDay } from '#server/db/result-runners';
import { dailyTips } from '#server/db/schema';

/**
 * GET /api/value-now: today's (London) board. The day's races, prices and results are read once
 * and kept with the race cards (dropped with them on every card, price or result write); today's
 * tips with the tips; only the clock's part — which races are off — is worked out per request.
 */
export async function readValueBoard(ctx: AppContext): Promise<ValueBoard> {
  return valueBoardOf(ctx, londonDate(ctx.clock.now()));
}

/** The board of one London day as it stands (the race-card events compare it before and after a write). */
export async function valueBoardOf(ctx: AppContext, date: string): Promise<ValueBoard> {
  const now = ctx.clock.now();
  const [races, tips] = await Promise.all([
    ctx.cache.get('raceCards', `value-board:${date}`, () => boardRaces(ctx, date)),
    ctx.cache.get('dailyTips', `value-board:${date}`, () => todaysTips(ctx, date)),
  ]);
  return buildValueBoard({ date, clock: londonClock(now), races, tips });
}

async function boardRaces(ctx: AppContext, date: string): Promise<BoardRaceInput[]> {
  const [cards, histories, results] = await Promise.all([
    cardsOfDay(ctx.db, date),
    priceHistories(ctx.db, date),
    resultsOfDay(ctx.db, date),
  ]);
  return cards.map((card) => {
    const result = cardRaceAt(results, card.time, card.course);
    const finishOf = new Map<string, RunnerResult>(
      (result?.runners ?? []).map((r) => [
        nameKey(r.name),
        { finish: r.finish, position: r.position, startingPrice: r.startingPrice },
      ]),
    );
    return {
      id: card.id,
      raceDate: card.raceDate,
      time: card.time,
      course: card.course,
      title: card.title,
      resulted: result !== undefined,
      runners: card.runners.map((h) => ({
        id: h.id,
        name: h.name,
        number: h.number,
        vbRating: h.vbRating,
        bookieOdds: h.bookieOdds,
        bookieOddsText: h.bookieOddsText,
        potentialNonRunner: h.potentialNonRunner,
        history: (histories.get(runnerPriceKey(card.time, card.course, h.name)) ?? []).map(toPricePoint),
        result: finishOf.get(nameKey(h.name)) ?? null,
      })),
    };
  });
}

/** Today's published NAP, NB and Longshot (none when today's tips are not out yet). */
async function todaysTips(ctx: AppContext, date: string): Promise<BoardTip[]> {
  const [row] = await ctx.db.select().from(dailyTips).where(eq(dailyTips.tipsDate, date)).limit(1);
  if (!row) return [];
  return SELECTION_TYPES.flatMap((type) => {
    const tip = parseTipText(row[type]);
    return tip ? [{ label: SELECTION_LABELS[type], tip }] : [];
  });
}
