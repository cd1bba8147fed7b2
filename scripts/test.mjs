// `npm test`: typecheck, lint and the dead-code check, unit and API tests on PGlite, the same API tests on PostgreSQL when
// TEST_DATABASE_URL is set, then the browser journeys in Chromium, then the unit and API tests again
// on a second Node when TEST_OTHER_NODE names its binary. Every step runs; the run fails
// if any step failed, and ends with one line counting the tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (p) => path.join(root, 'node_modules', p);
const reports = path.join(root, 'test-results');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const vitest = (name, projects, node = process.execPath) => [
  name,
  node,
  [bin('vitest/vitest.mjs'), 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.json`)}`],
];

const pg = Boolean(process.env.TEST_DATABASE_URL);
if (!pg) console.log('TEST_DATABASE_URL is not set: the PostgreSQL half of the API tests will not run (set it to run them).');
// A second Node (e.g. the current LTS when this machine's Node is older) runs the unit and API tiers
// again, so the suite keeps passing on the version we recommend (.ci/run installs Node 26 for it).
const otherNode = process.env.TEST_OTHER_NODE;
if (otherNode && !fs.existsSync(otherNode)) {
  console.error(`TEST_OTHER_NODE=${otherNode} does not exist.`);
  process.exit(1);
}
const steps = [
  ['typecheck', process.execPath, [bin('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json']],
  ['lint', process.execPath, [bin('eslint/bin/eslint.js'), '--max-warnings', '0', '.']],
  // Layout is Prettier's (.prettierrc.json): \`npm run format\` rewrites, this only checks.
  ['format', process.execPath, [bin('prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '**/*.{ts,tsx,js,mjs,cjs,css}']],
  // Features that import each other in a circle (scripts/checks/feature-cycles.mjs).
  ['feature-cycles', process.execPath, [path.join(root, 'scripts/checks/feature-cycles.mjs')]],
  // Dead code: files, exports and dependencies nothing reaches from the entry points in knip.jsonc.
  ['dead-code', process.execPath, [bin('knip/bin/knip.js')]],
  vitest('unit-and-api', ['unit', 'api']),
  // A run of its own: sharing one Vitest run with the PGlite project mixed up worker settings.
  ...(pg ? [vitest('api-postgres', ['api-pg'])] : []),
  vitest('browser', ['e2e']),
  ...(otherNode ? [vitest(`unit-and-api-node-${nodeVersion(otherNode)}`, ['unit', 'api'], otherNode)] : []),
];

function nodeVersion(node) {
  return spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
}

const failedSteps = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  // The other Node's folder goes first on PATH, so anything the tests spawn (`node`, npx) is that Node too.
  const env = cmd === process.execPath ? process.env : { ...process.env, PATH: `${path.dirname(cmd)}${path.delimiter}${process.env.PATH}` };
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (r.status !== 0) failedSteps.push(name);
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.readdirSync(reports).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
// A step that failed outside any test (typecheck, lint, a crashed run) still fails the count.
if (failedSteps.length && failed === 0) failed = failedSteps.length;
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length ? 1 : 0);
