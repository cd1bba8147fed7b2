// Benchmark: the Excel export of today's cards, 60 races × 16 runners (goal: ≤ 1 s):
// read the races and runners, the value model with market correction per race, and the
// two-sheet workbook written by exceljs, on PGlite.
// Run: npx tsx bench/excel-export.ts
import { performance } from 'node:perf_hooks';
import { inMemoryContext } from './support/in-memory';
import { median } from './support/stats';
import { londonDate, weekdayOf } from '#shared/london-time';
import { uploadMasterExcel } from '#server/features/race-cards/upload-master-excel';
import { todaysSelections } from '#server/features/excel-export/selections';
import { exportWorkbook } from '#server/features/excel-export/workbook';
import { makeRaceDay, raceDayWorkbook } from '#server/features/race-cards/samples/race-day';

const RUNS = 7;
const { ctx, close } = await inMemoryContext();

const bytes = await raceDayWorkbook(makeRaceDay({ races: 60, runners: 16, seed: 2026 }));
const today = weekdayOf(londonDate(new Date()));
const loaded = await uploadMasterExcel(ctx, { data: bytes, filename: 'bench.xlsx', targetTab: today, userId: null });
if (loaded.counts.runners !== 960) throw new Error(`expected 960 runners, got ${loaded.counts.runners}`);

const read: number[] = [];
const total: number[] = [];
let size = 0;
let rows = 0;
for (let i = 0; i < RUNS + 1; i++) {
  const t0 = performance.now();
  const { selections, raceCount } = await todaysSelections(ctx);
  const t1 = performance.now();
  const file = await exportWorkbook(selections, { main: 1, av8: 0.5 });
  const t2 = performance.now();
  if (raceCount !== 60) throw new Error(`expected 60 races, got ${raceCount}`);
  if (i === 0) continue; // warm-up
  size = file.length;
  rows = selections.filter((s) => s.value > 0).length;
  read.push(t1 - t0);
  total.push(t2 - t0);
}
// Worst case for the writer: every runner with value ≥ 8, so all 960 land on both sheets.
const { selections } = await todaysSelections(ctx);
const everyone = selections.map((s) => ({ ...s, value: 10 }));
const full: number[] = [];
for (let i = 0; i < RUNS + 1; i++) {
  const t0 = performance.now();
  await exportWorkbook(everyone, { main: 1, av8: 0.5 });
  if (i > 0) full.push(performance.now() - t0);
}
await close();
const ms = (xs: number[]) => median(xs).toFixed(0);
console.log(
  `excel export, 60 races × 16 runners (${rows} Main rows, ${(size / 1024).toFixed(0)} KB), ${RUNS} runs after 1 warm-up: ` +
    `read + model median ${ms(read)} ms; whole export median ${ms(total)} ms, max ${Math.max(...total).toFixed(0)} ms; ` +
    `writing all ${everyone.length} runners on both sheets median ${ms(full)} ms`,
);
