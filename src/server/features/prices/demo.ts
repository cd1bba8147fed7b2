import { addDays, londonDate } from '#shared/london-time';
import { nearestLadderPrice } from '#shared/odds-format';
import { parseOdds } from '#shared/odds';
import { normaliseOdds } from '#shared/tip-text';
import type { AppContext } from '#server/context';
import { cardsOfDay } from '#server/db/day-cards';
import { recordPrices } from '#server/db/price-snapshots';
import { savePrices } from './save-prices';

/** Two hours before the demo is made: when the morning odds went up. */
const MORNING_LEAD_MS = 2 * 3600_000;

/** The bookmakers' price about `factor` times the odds against (below 1 shorter, above 1 longer). */
const step = (decimal: number, factor: number) => nearestLadderPrice(1 + (decimal - 1) * factor);

/**
 * Demo prices for today's and tomorrow's cards: each runner's card price kept as its morning price
 * (as stage 3 keeps it), then a paste of the analyst's: in every race of today the top-rated runner
 * shortens and the longest price drifts, so the value board and the cards show prices moving.
 */
export async function seedDemoPrices(ctx: AppContext) {
  const now = ctx.clock.now();
  const today = londonDate(now);
  for (const date of [today, addDays(today, 1)]) {
    const cards = await cardsOfDay(ctx.db, date);
    const prices = cards.flatMap((race) =>
      race.runners.flatMap((h) =>
        h.bookieOdds !== null && h.bookieOddsText
          ? [
              {
                time: race.time,
                course: race.course,
                horseName: h.name,
                price: h.bookieOdds,
                priceText: normaliseOdds(h.bookieOddsText),
              },
            ]
          : [],
      ),
    );
    await ctx.db.transaction((tx) =>
      recordPrices(tx, {
        date,
        source: 'morning',
        observedAt: new Date(now.getTime() - MORNING_LEAD_MS),
        recordedBy: null,
        prices,
      }),
    );
  }
  const lines = (await cardsOfDay(ctx.db, today)).flatMap((race) => {
    const priced = race.runners.filter((h) => h.bookieOdds !== null);
    if (priced.length < 2) return [];
    const top = priced.reduce((a, b) => ((b.vbRating ?? 0) > (a.vbRating ?? 0) ? b : a));
    const longest = priced.reduce((a, b) => (b.bookieOdds! > a.bookieOdds! ? b : a));
    const moves = [
      { h: top, price: step(top.bookieOdds!, 0.75) },
      { h: longest, price: step(longest.bookieOdds!, 1.3) },
    ].filter((m, i, all) => parseOdds(m.price) !== m.h.bookieOdds && all.findIndex((o) => o.h === m.h) === i);
    return moves.length
      ? [`${race.time} ${race.course}: ${moves.map((m) => `${m.h.name} ${m.price}`).join(', ')}`]
      : [];
  });
  if (lines.length) await savePrices(ctx, { date: today, lines: lines.join('\n'), userId: null });
}
