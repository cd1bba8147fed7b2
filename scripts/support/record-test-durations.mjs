// Writes tests/file-durations.json from the last `npm test`'s reports (test-results/*.json): the
// seconds each test file of 2 s or more took, by Vitest project. A fresh clone's run starts those
// files longest first (tests/support/longest-first.ts). Run it after a full `npm test` on this
// machine when files were added or have grown; the figures only order the files, never decide a
// result.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const reports = path.join(root, 'test-results');
/** Each report of `npm test` and the project of each file in it. */
const projectOf = {
  'unit-and-api.json': (file) => (file.startsWith('tests/api/') ? 'api' : 'unit'),
  'api-postgres.json': () => 'api-pg',
  'browser.json': () => 'e2e',
};
const LONG_SECONDS = 2;

const durations = {};
for (const [report, project] of Object.entries(projectOf)) {
  const file = path.join(reports, report);
  if (!fs.existsSync(file)) {
    console.warn(`${path.relative(root, file)} is missing: run npm test first (its files keep their recorded times).`);
    continue;
  }
  for (const suite of JSON.parse(fs.readFileSync(file, 'utf8')).testResults ?? []) {
    const seconds = (suite.endTime - suite.startTime) / 1000;
    if (seconds < LONG_SECONDS) continue;
    const name = path.relative(root, suite.name);
    (durations[project(name)] ??= {})[name] = Math.round(seconds * 10) / 10;
  }
}
const target = path.join(root, 'tests/file-durations.json');
const previous = fs.existsSync(target) ? JSON.parse(fs.readFileSync(target, 'utf8')) : {};
const merged = { ...previous };
for (const [project, files] of Object.entries(durations))
  merged[project] = Object.fromEntries(Object.entries(files).sort(([, a], [, b]) => b - a));
fs.writeFileSync(target, `${JSON.stringify(merged, null, 2)}\n`);
console.log(
  `Wrote ${path.relative(root, target)}: ${Object.values(durations).reduce((n, f) => n + Object.keys(f).length, 0)} files of ${LONG_SECONDS} s or more.`,
);
