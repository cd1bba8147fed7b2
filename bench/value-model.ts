// Benchmark: the value model on a 20-runner race with market correction (goal: median ≤ 2 ms).
// Run: npx tsx bench/value-model.ts
import { performance } from 'node:perf_hooks';
import { calculateValue, type ValueInput } from '#shared/value-model';

const race: ValueInput[] = Array.from({ length: 20 }, (_, i) => ({
  name: `Runner ${i + 1}`,
  rating: 95 - i * 2.3,
  adjustment: (i % 3) * 0.5,
  // a market that disagrees with the ratings for several runners, so correction works hard
  marketOdds: i % 4 === 0 ? 3 + i * 0.2 : 4 + i * 1.7,
}));

for (let i = 0; i < 200; i++) calculateValue(race, { marketCorrection: true }); // warm-up
const samples: number[] = [];
for (let i = 0; i < 2000; i++) {
  const t = performance.now();
  calculateValue(race, { marketCorrection: true });
  samples.push(performance.now() - t);
}
samples.sort((a, b) => a - b);
const q = (p: number) => samples[Math.floor(p * (samples.length - 1))].toFixed(3);
const corrected = calculateValue(race, { marketCorrection: true }).filter((r) => (r.marketCorrection ?? 0) > 0).length;
console.log(
  `value model, 20 runners, market correction on (${corrected} corrected): median ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms`,
);
