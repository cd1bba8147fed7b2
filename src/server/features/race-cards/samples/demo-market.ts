import { calculateValue } from '#shared/value-model';
import { parseOdds } from '#shared/odds';
import type { SampleRace } from './race-day';

/** The prices bookmakers actually show, shortest first. */
const LADDER = [
  '1/5',
  '2/7',
  '1/3',
  '2/5',
  '4/9',
  '1/2',
  '4/7',
  '8/13',
  '4/6',
  '8/11',
  '4/5',
  '10/11',
  'evs',
  '11/10',
  '6/5',
  '5/4',
  '11/8',
  '6/4',
  '13/8',
  '7/4',
  '15/8',
  '2/1',
  '9/4',
  '5/2',
  '11/4',
  '3/1',
  '10/3',
  '7/2',
  '4/1',
  '9/2',
  '5/1',
  '11/2',
  '6/1',
  '13/2',
  '7/1',
  '15/2',
  '8/1',
  '17/2',
  '9/1',
  '10/1',
  '11/1',
  '12/1',
  '14/1',
  '16/1',
  '18/1',
  '20/1',
  '25/1',
  '33/1',
  '40/1',
  '50/1',
  '66/1',
  '100/1',
];
const LADDER_DECIMAL = LADDER.map((p) => parseOdds(p)!);

/**
 * How far the market strays from the VB tissue for each runner, by its place in the tissue
 * (favourite first), in points of win probability: positive is value (score 5 at +8 and more, 4
 * from +3, 3 from 0, 2 from -3), negative is overbet. Clear of the score boundaries, so rounding
 * to a real price keeps the score; summing to about -20 points, an over-round near 115%.
 */
const STRAYS = [10, -1.5, 5, -9, 1.5, -8, -1.5, -9, -7, -6, -7, -6];
/** The first three plans in another order for each race, so the value is not always the favourite. */
const TOP_ORDERS = [
  [0, 1, 2],
  [1, 2, 0],
  [2, 0, 1],
];

/** The ladder price nearest to a win probability (in %), on the log scale bookmakers step in. */
function ladderPrice(probabilityPct: number): string {
  const decimal = 100 / probabilityPct;
  let best = 0;
  for (let i = 1; i < LADDER_DECIMAL.length; i++) {
    if (Math.abs(Math.log(LADDER_DECIMAL[i] / decimal)) < Math.abs(Math.log(LADDER_DECIMAL[best] / decimal))) best = i;
  }
  return LADDER[best];
}

/**
 * Prices a sample race day like a real morning market: each runner's price is
 * the VB tissue moved by a planned stray, rounded to a real price, so a race's book sums to
 * 110–130% and, with Market Correction on, the day shows every value score from 1 to 5 — a
 * visitor's first look at the generator shows what it does. The strays rotate from race to race.
 */
export function priceDemoMarket(races: SampleRace[]): SampleRace[] {
  return races.map((race, r) => {
    const tissue = calculateValue(
      race.horses.map((h) => ({ name: h.name, rating: h.vbRating ?? 0, marketOdds: 10 })),
      { marketCorrection: false },
    );
    const order = tissue.map((t, i) => ({ i, share: t.oddsPercentage ?? 0 })).sort((a, b) => b.share - a.share);
    const odds = new Array<string>(race.horses.length);
    order.forEach(({ i, share }, rank) => {
      const plan = rank < 3 ? TOP_ORDERS[r % 3][rank] : rank;
      odds[i] = ladderPrice(Math.max(1, share - (STRAYS[plan] ?? -6)));
    });
    return { ...race, horses: race.horses.map((h, i) => ({ ...h, odds: odds[i] })) };
  });
}
