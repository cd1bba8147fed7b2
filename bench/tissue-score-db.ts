// Benchmark: the tissue's scoring against the market on PGlite (decision 0055), on DAYS (default
// 365) past days of synthetic results, 30 races of 10 runners a day with BSPs: the first scoring,
// a night's (one new day), and the reads: GET /api/value-calibration's answer and the CSV.
// Run: npx tsx bench/tissue-score-db.ts   (DAYS=1095 for three years)
import { performance } from 'node:perf_hooks';
import { inMemoryContext } from './support/in-memory';
import { median } from './support/stats';
import { addDays, londonDate } from '#shared/london-time';
import { raceResultRunners, raceResults } from '#server/db/schema';
import { getCalibration } from '#server/features/race-results/get-calibration';
import { scoreTissue } from '#server/features/race-results/score-tissue';
import { tissueScoreCsv } from '#server/features/race-results/tissue-score-csv';
import { tissueScoresAnswer } from '#server/features/race-results/tissue-scores';
import type { AppContext } from '#server/context';

const DAYS = Number(process.env.DAYS ?? 365);
const { ctx, close } = await inMemoryContext();

let seed = 3;
const rand = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 0x100000000;
};

async function addDay(c: AppContext, date: string) {
  const ids = await c.db
    .insert(raceResults)
    .values(
      Array.from({ length: 30 }, (_, r) => ({
        raceDate: date,
        time: `${12 + Math.floor(r / 4)}:${String((r % 4) * 15).padStart(2, '0')}`,
        course: `Course ${r % 6}`,
        enteredAt: new Date(),
      })),
    )
    .returning({ id: raceResults.id });
  await c.db.insert(raceResultRunners).values(
    ids.flatMap(({ id }) => {
      const winner = Math.floor(rand() * 10);
      return Array.from({ length: 10 }, (_, i): typeof raceResultRunners.$inferInsert => {
        const odds = 1.5 + rand() * 25;
        return {
          resultId: id,
          name: `Runner ${i}`,
          vbRating: Math.round((60 + rand() * 40) * 100) / 100,
          morningOdds: Math.round(odds * 100) / 100,
          bsp: Math.round((odds * Math.exp((rand() - 0.5) * 0.6) + 0.01) * 100) / 100,
          finish: i === winner ? 'won' : 'ran',
        };
      });
    }),
  );
}

const today = londonDate(new Date());
for (let d = DAYS; d >= 1; d--) await addDay(ctx, addDays(today, -d));
const ms = (t: number) => `${(performance.now() - t).toFixed(0)} ms`;

let t = performance.now();
const first = await scoreTissue(ctx);
const firstTime = ms(t);
await addDay(ctx, today);
t = performance.now();
await scoreTissue(ctx);
const nightTime = ms(t);

const timed = async (f: () => Promise<unknown>) => {
  await f();
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    await f();
    runs.push(performance.now() - s);
  }
  return `${median(runs).toFixed(0)} ms`;
};
const answer = await timed(() => getCalibration(ctx));
const csv = await timed(() => tissueScoreCsv(ctx, false));
const scoresOnly = await timed(() => tissueScoresAnswer(ctx.db, addDays(today, -1)));
console.log(
  `${DAYS} days, ${first?.races} races scored: first scoring ${firstTime}, a night (one new day) ${nightTime}; GET /api/value-calibration ${answer} (median of 5), the scores' part ${scoresOnly}, the CSV ${csv}`,
);
await close();
