// Benchmark: the tissue's scores against the market (decision 0055) on a year and on three years
// of synthetic results (30 races a day of 6–14 runners): the first scoring (every race's four
// chances, each day's blend fitted on the days before it, each day's totals), a night's scoring
// (one new day: its fit on every earlier race) and a read (adding the days' totals up).
// Run: npx tsx bench/tissue-score.ts
import { performance } from 'node:perf_hooks';
import { addDays } from '#shared/london-time';
import { fitBlend, fitsByDay, prepareFitRace } from '#shared/tissue-blend';
import {
  addTotals,
  emptyTotals,
  raceProbabilities,
  reliabilityFromTotals,
  scoreRows,
  scoresFromTotals,
  SOURCES,
  totalsOf,
  type ScoreInputRace,
  type ScoreTotals,
} from '#shared/tissue-score';

let seed = 11;
const rand = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 0x100000000;
};

function races(days: number): ScoreInputRace[] {
  const out: ScoreInputRace[] = [];
  for (let d = 0; d < days; d++) {
    const date = addDays('2024-01-01', d);
    for (let r = 0; r < 30; r++) {
      const n = 6 + Math.floor(rand() * 9);
      const winner = Math.floor(rand() * n);
      out.push({
        date,
        course: 'Course',
        time: `${12 + Math.floor(r / 4)}:${String((r % 4) * 15).padStart(2, '0')}`,
        runners: Array.from({ length: n }, (_, i) => {
          const odds = 1.5 + rand() * 30;
          return {
            name: `R${i}`,
            vbRating: 60 + rand() * 40,
            morningOdds: Math.round(odds * 100) / 100,
            bsp: Math.round(odds * Math.exp((rand() - 0.5) * 0.6) * 100) / 100 + 0.01,
            finish: i === winner ? ('won' as const) : ('ran' as const),
          };
        }),
      });
    }
  }
  return out;
}

const ms = (t: number) => `${(performance.now() - t).toFixed(0)} ms`;
for (const years of [1, 3]) {
  const input = races(365 * years);
  let t = performance.now();
  const probs = input.map(raceProbabilities).filter((r) => r !== null);
  const probabilities = ms(t);
  t = performance.now();
  const fits = fitsByDay(probs.map((r) => ({ date: r.date, tissue: r.tissue, bsp: r.bsp, won: r.won })));
  const allFits = ms(t);
  const prepared = probs.map(prepareFitRace);
  t = performance.now();
  fitBlend(prepared.slice(0, prepared.length - 30), fits.get(probs[probs.length - 31].date) ?? null);
  const oneFit = ms(t);
  t = performance.now();
  const days = new Map<string, ScoreTotals>();
  for (const r of probs)
    days.set(r.date, addTotals(days.get(r.date) ?? emptyTotals(), totalsOf(scoreRows(r, fits.get(r.date) ?? null))));
  const totals = ms(t);
  t = performance.now();
  const all = [...days.values()].reduce(addTotals, emptyTotals());
  scoresFromTotals(all);
  for (const s of SOURCES) reliabilityFromTotals(all, s);
  const read = ms(t);
  console.log(
    `${years} year(s), ${probs.length} races: first scoring — probabilities ${probabilities}, a fit per day ${allFits}, totals ${totals}; a night — one day's fit on every earlier race ${oneFit}; a read — adding ${days.size} days' totals ${read}`,
  );
}
