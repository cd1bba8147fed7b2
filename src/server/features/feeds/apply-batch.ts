import { eq } from 'drizzle-orm';
import { round } from '#shared/odds';
import { isOff } from '#shared/race-off';
import { nameKey, type Finish } from '#shared/race-results';
import {
  feedAgrees,
  feedMayReplace,
  matchFeed,
  type FeedBatch,
  type FeedMatch,
  type FeedProblem,
  type FeedProvider,
  type MatchedFeedRace,
  type ResultSource,
} from '#shared/racing-feeds';
import type { SettledFromResults } from '#shared/schemas/race-results';
import type { AppContext } from '#server/context';
import { cardsOfDay } from '#server/db/day-cards';
import { priceHistories, recordPrices, runnerPriceKey, type RunnerPrice } from '#server/db/price-snapshots';
import { runnersOfResults } from '#server/db/result-runners';
import { raceResultRunners, raceResults } from '#server/db/schema';
import { settleTipsFromResults } from '../performance/settle-from-results';
import { boardBefore, publishRaceCardEvent } from '../race-cards/events';
import { saveMatchedResults, type RaceToSave } from '../race-results/enter-results';
import { LABELS } from './status';

export interface AppliedBatch {
  /** Price snapshots written (a price already recorded is not written again). */
  prices: number;
  /** Races whose result the feed wrote. */
  results: number;
  /** Races whose stored result only gained figures (BSP, a missing SP). */
  figures: number;
  tipsSettled: SettledFromResults[];
  /** Everything not written: names not matched to the cards, and races not off yet. */
  problems: FeedProblem[];
  /** The races held back as not off yet ("16:20 Ascot"), also listed among the problems. */
  notOff: string[];
}

type Card = Awaited<ReturnType<typeof cardsOfDay>>[number];
type StoredRunner = Awaited<ReturnType<typeof runnersOfResults>>[number];

const WHOSE: Record<ResultSource, string> = {
  manual: "The analyst's result",
  bsp: 'The BSP files’ result',
  'racing-api': "The Racing API's result",
};
const kept = (finish: Finish) => finish === 'won' || finish === 'placed';
const samePrice = (a: number, b: number) => round(a, 2) === round(b, 2);

/**
 * Writes what a feed says for the days it covers, matched to each day's cards (matchFeed):
 * - prices become snapshots of the feed's source (recordPrices; a market price becomes the card's
 *   current price), skipping a runner's price the feed already gave: a BSP once, a bookmaker price
 *   again only when it moved;
 * - a race the feed settles, whose every runner is on the card, is saved like the analyst's
 *   results (saveMatchedResults, with the feed as source) when it has no result, or one the feed
 *   may replace (feedMayReplace: the analyst's result always stands) and it says something new;
 * - otherwise a stored result keeps its finishes and gains the feed's BSPs, and its missing
 *   starting prices too when the feed agrees with it (feedAgrees); a disagreement is listed.
 * A race not off yet (holdRacesNotOff) gives nothing of its result, and a BSP file nothing of it at
 * all: it is listed as not off yet, and the rest of the batch is written.
 * Then open pages are told (the live race-card event, which also drops the cached cards).
 */
export async function applyFeedBatch(ctx: AppContext, provider: FeedProvider, batch: FeedBatch): Promise<AppliedBatch> {
  const applied: AppliedBatch = { prices: 0, results: 0, figures: 0, tipsSettled: [], problems: [], notOff: [] };
  const dates = [...new Set([...batch.prices, ...batch.results].map((x) => x.date))].sort();
  // One day's change is carried by the event; several days' say reload.
  const figures = dates.length === 1 ? await boardBefore(ctx, dates[0]) : undefined;
  const now = ctx.clock.now();
  for (const date of dates) {
    const cards = await cardsOfDay(ctx.db, date);
    const match = holdRacesNotOff(date, provider, matchFeed(date, cards, batch), now);
    applied.problems.push(...match.problems);
    applied.notOff.push(...match.notOff);
    applied.prices += await writePrices(ctx, date, provider, match.prices);
    await writeResults(ctx, date, provider, match.results, applied);
  }
  // Open pages are sent the changed figures; a result also settles tips and bets.
  if (applied.results || applied.figures) await publishRaceCardEvent(ctx, { type: 'results', weekday: null, figures });
  else if (applied.prices) await publishRaceCardEvent(ctx, { type: 'prices', weekday: null, figures });
  return applied;
}

/**
 * The match without its races not off yet at `now` (London time), each listed as a problem: their
 * results cannot be true yet. A BSP is known only at the off, so for the BSP feed such a race's
 * prices go too; another feed's prices before the off are the market and are kept.
 */
function holdRacesNotOff(
  date: string,
  provider: FeedProvider,
  match: FeedMatch<Card>,
  now: Date,
): FeedMatch<Card> & { notOff: string[] } {
  const notOff = (card: Card) => !isOff(date, card.time, now);
  const held = [
    ...new Set([
      ...match.results.filter((r) => notOff(r.card)).map((r) => r.card),
      ...(provider === 'bsp' ? match.prices.filter((p) => notOff(p.card)).map((p) => p.card) : []),
    ]),
  ];
  if (held.length === 0) return { ...match, notOff: [] };
  const what = provider === 'bsp' ? 'its BSPs and result were' : 'its result was';
  return {
    prices: provider === 'bsp' ? match.prices.filter((p) => !held.includes(p.card)) : match.prices,
    results: match.results.filter((r) => !held.includes(r.card)),
    problems: [
      ...match.problems,
      ...held.map((card) => ({
        date,
        race: `${card.time} ${card.course}`,
        horse: null,
        message: `Not off yet (off ${card.time} London time): ${what} not saved.`,
      })),
    ],
    notOff: held.map((card) => `${card.time} ${card.course}`),
  };
}

async function writePrices(
  ctx: AppContext,
  date: string,
  provider: FeedProvider,
  matched: ReturnType<typeof matchFeed<Card>>['prices'],
): Promise<number> {
  const known = await priceHistories(ctx.db, date, [provider]);
  const byInstant = new Map<number, RunnerPrice[]>();
  for (const { card, runner, price } of matched) {
    const history = known.get(runnerPriceKey(card.time, card.course, runner.name)) ?? [];
    const last = history.at(-1);
    const seen =
      provider === 'bsp'
        ? history.some((s) => samePrice(s.price, price.price))
        : last !== undefined && samePrice(last.price, price.price) && last.priceText === price.priceText;
    if (seen) continue;
    const at = price.observedAt.getTime();
    byInstant.set(at, [
      ...(byInstant.get(at) ?? []),
      {
        time: card.time,
        course: card.course,
        horseName: runner.name,
        price: round(price.price, 2),
        priceText: price.priceText,
      },
    ]);
  }
  if (byInstant.size === 0) return 0;
  await ctx.db.transaction(async (tx) => {
    for (const [at, prices] of byInstant)
      await recordPrices(tx, { date, source: provider, observedAt: new Date(at), recordedBy: null, prices });
  });
  return [...byInstant.values()].reduce((n, list) => n + list.length, 0);
}

async function writeResults(
  ctx: AppContext,
  date: string,
  provider: FeedProvider,
  matched: MatchedFeedRace<Card>[],
  applied: AppliedBatch,
) {
  if (matched.length === 0) return;
  const stored = await ctx.db.select().from(raceResults).where(eq(raceResults.raceDate, date));
  const storedRunners = await runnersOfResults(ctx.db, stored);
  const toSave: RaceToSave[] = [];
  const figures: Array<{ id: number; bsp: number | null; startingPrice: string | null }> = [];
  for (const race of matched) {
    const result = stored.find((r) => r.time === race.card.time && r.course === race.card.course);
    const runners = result ? storedRunners.filter((r) => r.resultId === result.id) : [];
    const settles = race.feed.settles && race.complete;
    if (
      settles &&
      (!result || (feedMayReplace(result.source, provider) && saysMore(result.source, runners, race, provider)))
    ) {
      toSave.push({
        card: race.card,
        runners: race.runners.map((r) => ({
          runner: r.runner,
          finish: r.finish,
          position: kept(r.finish) ? r.position : null,
          startingPrice: r.startingPrice,
          bsp: r.bsp,
        })),
      });
      continue;
    }
    if (!result) continue;
    const agrees = feedAgrees(
      runners.map((r) => ({ name: r.name, finish: r.finish, position: r.position })),
      race.runners.map((r) => ({ name: r.runner.name, finish: r.finish, position: r.position })),
    );
    if (!agrees) {
      const winner = race.runners.find((r) => r.finish === 'won')?.runner.name ?? 'no winner';
      applied.problems.push({
        date,
        race: `${race.card.time} ${race.card.course}`,
        horse: null,
        message: `${WHOSE[result.source]} stands: ${LABELS[provider]} differs (its winner: ${winner}).`,
      });
    }
    for (const r of race.runners) {
      const row = runners.find((s) => nameKey(s.name) === nameKey(r.runner.name));
      if (!row) continue;
      const bsp = r.bsp !== null && (row.bsp === null || !samePrice(row.bsp, r.bsp)) ? r.bsp : row.bsp;
      const startingPrice =
        agrees && row.startingPrice === null && r.startingPrice !== null ? r.startingPrice : row.startingPrice;
      if (bsp !== row.bsp || startingPrice !== row.startingPrice) figures.push({ id: row.id, bsp, startingPrice });
    }
  }
  if (toSave.length) {
    const answer = await saveMatchedResults(ctx, date, toSave, null, { source: provider });
    applied.results += toSave.length;
    applied.tipsSettled.push(...answer.tipsSettled);
  }
  if (figures.length) {
    await ctx.db.transaction(async (tx) => {
      for (const f of figures)
        await tx
          .update(raceResultRunners)
          .set({ bsp: f.bsp, startingPrice: f.startingPrice })
          .where(eq(raceResultRunners.id, f.id));
      // A starting price filled in settles a winning tip that had no advised odds.
      applied.tipsSettled.push(...(await settleTipsFromResults(tx, date, ctx.clock.now())));
    });
    applied.figures += new Set(figures.map((f) => storedRunners.find((r) => r.id === f.id)?.resultId)).size;
  }
}

/**
 * Whether saving the feed's result would change the stored one: another source (one the feed may
 * replace), or another finish, position, starting price or BSP for a runner. A BSP the feed does
 * not give is no change (the stored one is kept).
 */
function saysMore(
  source: string,
  stored: readonly StoredRunner[],
  race: MatchedFeedRace<Card>,
  provider: FeedProvider,
): boolean {
  if (source !== provider) return true;
  return race.runners.some((r) => {
    const row = stored.find((s) => nameKey(s.name) === nameKey(r.runner.name));
    if (!row) return true;
    const position = kept(r.finish) ? r.position : null;
    return (
      row.finish !== r.finish ||
      row.position !== position ||
      row.startingPrice !== r.startingPrice ||
      (r.bsp !== null && (row.bsp === null || !samePrice(row.bsp, r.bsp)))
    );
  });
}
