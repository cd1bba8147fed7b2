// Benchmark: stage 2 ingestion of a 60-race verdict document (goal: ≤ 0.3 s), parse (zip guard +
// mammoth + headings) and the whole use case (matching, one transaction) on PGlite.
// Run: npx tsx bench/verdict-ingest.ts
import { performance } from 'node:perf_hooks';
import { inMemoryContext } from './support/in-memory';
import { median } from './support/stats';
import { uploadMasterExcel } from '#server/features/race-cards/upload-master-excel';
import { uploadVerdict } from '#server/features/race-cards/upload-verdict';
import { parseVerdictDocx } from '#server/features/race-cards/verdict-document';
import { makeRaceDay, raceDayWorkbook } from '#server/features/race-cards/samples/race-day';
import { verdictDocx } from '#server/features/race-cards/samples/verdict-docx';

const RUNS = 7;
const sample = makeRaceDay({ races: 60, runners: 16, seed: 2026 });
const para =
  'Has run well on this ground before and the drop in class should suit; the draw is kind and the pace map favours a prominent racer.';
const bytes = verdictDocx(
  sample.map((r, i) => ({
    heading: `${r.time} ${r.course}`,
    paragraphs: [para, `${para} (${i})`, 'Verdict: each-way interest.'],
    style: i % 2 ? 'bold' : 'heading',
  })),
);
const { ctx, close } = await inMemoryContext();
await uploadMasterExcel(ctx, {
  data: await raceDayWorkbook(sample),
  filename: 'bench.xlsx',
  targetTab: 'saturday',
  userId: null,
});

const parse: number[] = [];
const total: number[] = [];
for (let i = 0; i < RUNS + 1; i++) {
  const t0 = performance.now();
  const sections = await parseVerdictDocx(bytes);
  const t1 = performance.now();
  if (sections.length !== 60) throw new Error(`expected 60 sections, got ${sections.length}`);
  const result = await uploadVerdict(ctx, { data: bytes, filename: 'bench.docx', targetTab: 'saturday', userId: null });
  const t2 = performance.now();
  if (!result.message.startsWith('Verdicts loaded for 60 of 60')) throw new Error(result.message);
  if (i === 0) continue; // warm-up
  parse.push(t1 - t0);
  total.push(t2 - t1);
}
await close();
const ms = (xs: number[]) => median(xs).toFixed(0);
console.log(
  `verdict ingest, 60 races (${(bytes.length / 1024).toFixed(0)} KB document), ${RUNS} runs after 1 warm-up: ` +
    `parse median ${ms(parse)} ms; parse + match + write (upload use case) median ${ms(total)} ms, max ${Math.max(...total).toFixed(0)} ms`,
);
