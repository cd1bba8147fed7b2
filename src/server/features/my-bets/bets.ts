import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { betStats, settleBet, type BetResult } from '#shared/my-bets';
import { normaliseOdds } from '#shared/tip-text';
import { nameKey } from '#shared/race-results';
import type { MyBet, MyBetsResponse, newBetBody } from '#shared/schemas/my-bets';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { memberBets, raceResults } from '#server/db/schema';
import { runnersOfResults } from '#server/db/result-runners';
import { notFound } from '#server/http/errors';

type Row = typeof memberBets.$inferSelect;

/** POST /api/my-bets: one bet of the signed-in member. */
export async function createBet(ctx: AppContext, userId: number, body: z.output<typeof newBetBody>): Promise<MyBet> {
  const [row] = await ctx.db
    .insert(memberBets)
    .values({
      userId,
      raceDate: body.raceDate,
      raceTime: body.raceTime,
      course: body.course,
      horseName: body.horseName,
      price: normaliseOdds(body.price),
      stakePence: Math.round(body.stake * 100),
      eachWay: body.eachWay,
      source: body.source,
      createdAt: ctx.clock.now(),
    })
    .returning();
  return (await settle(ctx, [row]))[0];
}

export const BET_NOT_FOUND = 'Bet not found.';

/** DELETE /api/my-bets/{id}: only the member's own; another member's bet is "not found", never shown. */
export async function deleteBet(ctx: AppContext, userId: number, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(memberBets)
    .where(and(eq(memberBets.id, id), eq(memberBets.userId, userId)))
    .returning({ id: memberBets.id });
  if (deleted.length === 0) throw notFound(BET_NOT_FOUND);
}

/** Each bet's result (null while there is none), looked up by day, time, course and horse (case and punctuation aside). */
export async function betResults(db: DbOrTx, rows: Row[]): Promise<Array<BetResult | null>> {
  const days = [...new Set(rows.map((r) => r.raceDate))];
  const results = days.length ? await db.select().from(raceResults).where(inArray(raceResults.raceDate, days)) : [];
  const runners = await runnersOfResults(db, results);
  return rows.map((row) => {
    const race = results.find(
      (r) => r.raceDate === row.raceDate && r.time === row.raceTime && nameKey(r.course) === nameKey(row.course),
    );
    const field = race ? runners.filter((h) => h.resultId === race.id) : [];
    const runner = field.find((h) => nameKey(h.name) === nameKey(row.horseName));
    return runner
      ? {
          finish: runner.finish,
          position: runner.position,
          runners: field.filter((h) => h.finish !== 'nr').length,
          handicap: /handicap/i.test(race!.title),
          rule4Pence: race!.rule4Pence,
        }
      : null;
  });
}

/** Each bet with its result and settlement. */
async function settle(ctx: AppContext, rows: Row[]): Promise<MyBet[]> {
  const results = await betResults(ctx.db, rows);
  return rows.map((row, i) => {
    const { userId: _u, createdAt, ...bet } = row;
    return { ...bet, createdAt: createdAt.toISOString(), ...settleBet(row, results[i]) };
  });
}

/** GET /api/my-bets: the member's bets, newest race first, with their stats and running profit. */
export async function listBets(ctx: AppContext, userId: number): Promise<MyBetsResponse> {
  const rows = await ctx.db
    .select()
    .from(memberBets)
    .where(eq(memberBets.userId, userId))
    .orderBy(desc(memberBets.raceDate), desc(memberBets.raceTime), desc(memberBets.id));
  const bets = await settle(ctx, rows);
  let cumulative = 0;
  const series = [...bets]
    .filter((b) => b.profitPence !== null)
    .sort((a, b) => (a.raceDate + a.raceTime).localeCompare(b.raceDate + b.raceTime) || a.id - b.id)
    .map((b) => ({
      id: b.id,
      raceDate: b.raceDate,
      horseName: b.horseName,
      profitPence: b.profitPence!,
      cumulativePence: (cumulative += b.profitPence!),
    }));
  return { bets, stats: betStats(bets), series };
}
