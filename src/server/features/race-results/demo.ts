import { addDays, londonDate } from '#shared/london-time';
import { parseOdds } from '#shared/odds';
import { matchResults, parseResultLines } from '#shared/race-results';
import { calculateValue } from '#shared/value-model';
import type { AppContext } from '#server/context';
import { eq } from 'drizzle-orm';
import { DEMO_MEMBER_EMAIL } from '#server/seed/demo';
import { users } from '#server/db/schema';
import { createBet } from '../my-bets/bets';
import { priceDemoMarket } from '../race-cards/samples/demo-market';
import { makeRaceDay } from '../race-cards/samples/race-day';
import { saveMatchedResults } from './enter-results';
import { scoreTissue } from './score-tissue';

/** Past days with results: 8 races each, over 30 for the tissue's scores; the demo member bet on the last three. */
const DAYS_BACK = [4, 3, 2, 1];
const BET_DAYS_BACK = 3;

/** A small deterministic generator, so every fresh start shows the same demo results. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 0x100000000;
  };
}

/**
 * Results of four past days of sample races, with BSPs, so the calibration page and the tissue's
 * scores against the market have something to show on a fresh start (scored at once). Past days'
 * cards are not on the weekday tabs (those hold today and later), so the sample races stand in for
 * them; the result lines are written as the admin would paste them and go through the same
 * reading, matching and saving as the admin's. Winners are drawn in proportion to the VB tissue:
 * demo numbers, not a claim.
 */
export async function seedDemoRaceResults(ctx: AppContext) {
  const today = londonDate(ctx.clock.now());
  for (const back of DAYS_BACK) {
    const date = addDays(today, -back);
    const rand = rng(300 + back);
    const sample = priceDemoMarket(makeRaceDay({ races: 8, runners: 9, seed: 200 + back }));
    const cards = sample.map((race) => ({
      time: race.time,
      course: race.course,
      title: race.title,
      runners: race.horses.map((h) => ({ name: h.name, vbRating: h.vbRating, bookieOdds: parseOdds(h.odds) })),
    }));
    const lines = cards.map((card, r) => {
      const shares = calculateValue(
        card.runners.map((h) => ({ name: h.name, rating: h.vbRating, marketOdds: 10 })),
        { marketCorrection: false },
      ).map((v) => v.oddsPercentage ?? 0);
      const order: number[] = [];
      const left = card.runners.map((_, i) => i);
      while (order.length < 3) {
        let pick = rand() * left.reduce((sum, i) => sum + shares[i], 0);
        const i = left.find((j) => (pick -= shares[j]) <= 0) ?? left[left.length - 1];
        order.push(i);
        left.splice(left.indexOf(i), 1);
      }
      const placings = order.map((i) => `${card.runners[i].name} ${sample[r].horses[i].odds}`).join(', ');
      const nr = r % 3 === 0 ? `; NR: ${card.runners[left[left.length - 1]].name}` : '';
      return `${card.time} ${card.course}: ${placings}${nr}`;
    });
    const { races } = parseResultLines(lines.join('\n'));
    const { matched } = matchResults(races, cards);
    const withBsp = matched.map((race) => ({
      ...race,
      runners: race.runners.map((r) => ({
        ...r,
        bsp: r.finish === 'nr' ? null : demoBsp(race.card.runners, r.runner, rand),
      })),
    }));
    await saveMatchedResults(ctx, date, withBsp, null);
    if (back <= BET_DAYS_BACK) await seedDemoBets(ctx, date, sample);
  }
  await scoreTissue(ctx);
}

type DemoRunner = { name: string; vbRating: number; bookieOdds: number | null };

/**
 * A demo Betfair SP: between the morning price and the ratings' own view (geometric mean of the
 * two chances), with some noise, on Betfair's two decimals. Demo numbers, not a claim.
 */
function demoBsp(field: readonly DemoRunner[], runner: DemoRunner, rand: () => number): number {
  const shares = calculateValue(
    field.map((h) => ({ name: h.name, rating: h.vbRating, marketOdds: 10 })),
    { marketCorrection: false },
  );
  const share = (shares.find((v) => v.name === runner.name)?.oddsPercentage ?? 1) / 100;
  const morning = 1 / (runner.bookieOdds ?? 10);
  const chance = Math.sqrt(share * morning) * Math.exp((rand() - 0.5) * 0.4);
  return Math.max(1.01, Math.round((1 / chance) * 100) / 100);
}

/** A few bets in the demo member's own log on those races, so My Bets is not empty either. */
async function seedDemoBets(ctx: AppContext, date: string, sample: ReturnType<typeof makeRaceDay>) {
  const [member] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MEMBER_EMAIL)).limit(1);
  if (!member) return;
  for (const [r, race] of sample.slice(0, 3).entries()) {
    const top = race.horses.reduce((best, h) => (h.vbRating > best.vbRating ? h : best));
    const price = String(top.odds);
    await createBet(ctx, member.id, {
      raceDate: date,
      raceTime: race.time,
      course: race.course,
      horseName: top.name,
      price,
      stake: 10,
      eachWay: r === 2,
      source: 'race-card',
    });
  }
}
