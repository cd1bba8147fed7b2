import { asc, desc, eq, inArray, lt } from 'drizzle-orm';
import { betTypeOf, legAtBasis, settleMultiple, type RecordedLeg } from '#shared/proofing/multiples';
import { rule4Of, type Rule4 } from '#shared/proofing/rule4';
import { significance, type Significance } from '#shared/proofing/significance';
import { nameKey, tipRace, type Finish } from '#shared/race-results';
import type { ResultsMultiple, ResultsMultiples } from '#shared/schemas/performance';
import { basisStats, PRICE_BASES, type BasisStats, type PriceBasis } from '#shared/tip-stats';
import { recordOf } from '#shared/unknown-values';
import type { DbOrTx } from '#server/db/client';
import { runnersOfResults } from '#server/db/result-runners';
import { multipleBets, multipleLegs, proofReceipts, raceResults } from '#server/db/schema';

type ResultRow = typeof raceResults.$inferSelect;

/** The results of these days, each race found by day, time and course (compared like names). */
async function resultsOfDays(db: DbOrTx, days: readonly string[]) {
  const results = days.length
    ? await db
        .select()
        .from(raceResults)
        .where(inArray(raceResults.raceDate, [...days]))
    : [];
  return {
    results,
    raceAt: (day: string, time: string, course: string): ResultRow | undefined =>
      results.find((r) => r.raceDate === day && r.time === time && (!course || nameKey(r.course) === nameKey(course))),
  };
}

/** Each tip's race's Rule 4 (null when none, or its race has no result). */
export async function rule4OfTips(
  db: DbOrTx,
  tips: ReadonlyArray<{ raceDate: string; raceTime: string; raceLocation: string }>,
): Promise<Array<Rule4 | null>> {
  const { raceAt } = await resultsOfDays(db, [...new Set(tips.map((t) => t.raceDate))]);
  return tips.map((tip) => {
    const race = tipRace(tip.raceTime, tip.raceLocation);
    const row = race && raceAt(tip.raceDate, race.time, race.course);
    return row ? rule4Of(row) : null;
  });
}

/** The figures at each basis of staked singles' points (null: no bet at that basis; non-runners left out). */
export function singlesByBasis(
  tips: ReadonlyArray<{ result: string; profits: Record<PriceBasis, number | null> }>,
): Record<PriceBasis, BasisStats> {
  const staked = tips.filter((t) => t.result !== 'NR');
  return recordOf(PRICE_BASES, (basis) =>
    basisStats(staked.flatMap((t) => (t.profits[basis] === null ? [] : [{ staked: 1, profit: t.profits[basis] }]))),
  );
}

const LEG_RESULT: Record<Finish, RecordedLeg['result']> = { won: 'WON', placed: 'LOST', ran: 'LOST', nr: 'NR' };

/**
 * The published multiples (of days before `before`, when given: a day's multiples are its paid
 * tips until it is over, like the singles), each leg found in its race's result by day, time,
 * course and horse, settled at each basis; and their figures apart from the singles'.
 */
export async function recordMultiples(db: DbOrTx, before: string | null): Promise<ResultsMultiples> {
  const bets = await db
    .select()
    .from(multipleBets)
    .where(before ? lt(multipleBets.raceDate, before) : undefined)
    .orderBy(desc(multipleBets.raceDate), asc(multipleBets.multipleNo));
  const legs = bets.length
    ? await db
        .select({ leg: multipleLegs, proofedAt: proofReceipts.proofedAt })
        .from(multipleLegs)
        .leftJoin(proofReceipts, eq(proofReceipts.id, multipleLegs.receiptId))
        .where(
          inArray(
            multipleLegs.multipleId,
            bets.map((b) => b.id),
          ),
        )
        .orderBy(asc(multipleLegs.legNo))
    : [];
  const { results, raceAt } = await resultsOfDays(db, [...new Set(bets.map((b) => b.raceDate))]);
  const runners = await runnersOfResults(db, results);

  const list: ResultsMultiple[] = bets.map((bet) => {
    const betType = betTypeOf(bet.betType) ?? betTypeOf(bet.label);
    const ofBet = legs.filter((l) => l.leg.multipleId === bet.id);
    const recorded = ofBet.map(({ leg }) => {
      const race = leg.raceTime && leg.course ? raceAt(bet.raceDate, leg.raceTime, leg.course) : undefined;
      const runner = race && runners.find((r) => r.resultId === race.id && nameKey(r.name) === nameKey(leg.horse));
      return {
        legNo: leg.legNo,
        horse: leg.horse,
        raceTime: leg.raceTime,
        course: leg.course,
        advisedOdds: leg.advisedOdds,
        result: runner ? LEG_RESULT[runner.finish] : null,
        startingPrice: runner?.startingPrice ?? null,
        bsp: runner?.bsp ?? null,
        rule4: race ? rule4Of(race) : null,
      };
    });
    const settled = recordOf(PRICE_BASES, (basis) => {
      const atBasis = recorded.map((leg) => legAtBasis(leg, basis));
      const priced = atBasis.filter((l) => l !== 'no price');
      return betType && priced.length === atBasis.length ? settleMultiple(betType, priced) : null;
    });
    const proofed = ofBet.length > 0 && ofBet.every((l) => l.proofedAt !== null);
    return {
      raceDate: bet.raceDate,
      multipleNo: bet.multipleNo,
      label: bet.label,
      betType,
      legs: recorded,
      settled,
      proofed,
    };
  });

  const figures = recordOf(PRICE_BASES, (basis) =>
    basisStats(list.flatMap((m) => (m.settled[basis] && m.settled[basis].bets > 0 ? [m.settled[basis]] : []))),
  );
  const pending = list.filter((m) => m.legs.some((l) => l.result === null)).length;
  return { ...figures, list, pending };
}

/** Worked-out figures kept by the record they were worked from: the few latest records. */
const KEPT = 8;
const worked = new Map<string, Significance | null>();

/**
 * The record's significance (significance.ts), worked out once per record: it is kept under the
 * record's profits and the bank, so a changed record (a new result, a correction) is worked out
 * afresh and an unchanged one costs nothing. 2,000 bets take about 150–250 ms.
 */
export function recordSignificance(profits: readonly number[], bank: number): Significance | null {
  const key = `${bank}|${profits.map((p) => p.toFixed(2)).join(',')}`;
  if (worked.has(key)) return worked.get(key)!;
  const figures = significance(profits, bank);
  if (worked.size >= KEPT) worked.delete(worked.keys().next().value!);
  worked.set(key, figures);
  return figures;
}
