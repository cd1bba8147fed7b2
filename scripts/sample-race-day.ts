// Writes sample master workbooks into ./samples/ (gitignored) for trying stage 1 by hand.
// Run: npm run sample:race-day
import fs from 'node:fs';
import path from 'node:path';
import { priceDemoMarket } from '#server/features/race-cards/samples/demo-market';
import { makeRaceDay, raceDayWorkbook } from '#server/features/race-cards/samples/race-day';

const dir = path.resolve('samples');
fs.mkdirSync(dir, { recursive: true });
const samples: Array<[string, Promise<Buffer>]> = [
  ['race-day-standard.xlsx', raceDayWorkbook(priceDemoMarket(makeRaceDay({ races: 8, runners: 10, seed: 1 })))],
  [
    'race-day-shuffled-formulas.xlsx',
    raceDayWorkbook(makeRaceDay({ races: 12, runners: 12, seed: 2 }), { shuffle: 7, formulas: true, excelTimes: true }),
  ],
  ['race-day-large.xlsx', raceDayWorkbook(makeRaceDay({ races: 60, runners: 16, seed: 3 }))],
  [
    'race-day-bad-rating.xlsx',
    raceDayWorkbook(makeRaceDay({ races: 3, runners: 6, seed: 4 }), { cells: { '5:M': 'strong' } }),
  ],
];
for (const [name, bytes] of samples) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, await bytes);
  console.log(`wrote ${path.relative(process.cwd(), file)} (${(fs.statSync(file).size / 1024).toFixed(0)} KB)`);
}
