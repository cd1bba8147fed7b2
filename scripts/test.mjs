// `npm test`: the static checks side by side with the client's build (typecheck, lint, format,
// feature cycles, dead code, build; the lint goes on beside the next stage), then the unit tests,
// the API tests, and the browser journeys in Chromium.
// API tests: with TEST_DATABASE_URL set, every API file runs on PostgreSQL and only the files that
// test the embedded database run on PGlite too (the browser journeys also run on PGlite); without
// it (a laptop), every API file runs on PGlite. Every step runs; the run fails if any step failed.
// Each step's time goes to test-results/step-times.txt (and .json) and is printed at the end,
// followed by the failed tests, if any, and one line counting the tests.
import './support/supported-node.mjs';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (p) => path.join(root, 'node_modules', p);
const reports = path.join(root, 'test-results');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const node = (...args) => [process.execPath, args];
const vitest = (name, projects) =>
  node(
    bin('vitest/vitest.mjs'),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  );

const pg = Boolean(process.env.TEST_DATABASE_URL);
if (!pg)
  console.log(
    'TEST_DATABASE_URL is not set: every API test runs on PGlite, none on PostgreSQL (set it to run them there).',
  );

/**
 * Stages run one after another; the steps of a stage run side by side. A stage's `alongside` steps
 * start with it and go on beside the next stage too, which waits for them before it ends.
 */
const stages = [
  {
    name: 'static checks',
    // The type-aware lint is one process and the longest step (about a minute of CPU): held to
    // this stage, it ran alone on one core for its last minute while the other stood idle.
    alongside: [['lint', ...node(bin('eslint/bin/eslint.js'), '--max-warnings', '0', '.')]],
    steps: [
      ['typecheck', ...node(bin('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json')],
      // Layout is Prettier's (.prettierrc.json): `npm run format` rewrites, this only checks.
      [
        'format',
        ...node(bin('prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '**/*.{ts,tsx,js,mjs,cjs,css}'),
      ],
      // Who may import what (.dependency-cruiser.cjs) and features importing each other in a circle.
      ['dependencies', ...node(path.join(root, 'scripts/checks/dependencies.mjs'))],
      // Dead code: files, exports and dependencies nothing reaches from the entry points in knip.jsonc.
      ['dead-code', ...node(bin('knip/bin/knip.js'))],
      // Type assertions and long functions held under their ceilings (scripts/checks/code-shape.mjs).
      ['code-shape', ...node(path.join(root, 'scripts/checks/code-shape.mjs'))],
      // The web client and its server-render entry, built once for the run (skipped when fresh):
      // the server-rendered page tests and the browser journeys serve this build.
      ['build', ...node(path.join(root, 'scripts/support/web-build.mjs'))],
    ],
  },
  { name: 'unit and API tests on PGlite', steps: [['unit-and-api', ...vitest('unit-and-api', ['unit', 'api'])]] },
  // A Vitest run of its own: sharing one run with the PGlite project mixed up worker settings.
  ...(pg
    ? [{ name: 'API tests on PostgreSQL', steps: [['api-postgres', ...vitest('api-postgres', ['api-pg'])]] }]
    : []),
  { name: 'browser journeys', steps: [['browser', ...vitest('browser', ['e2e'])]] },
];

/** Runs one step; a step that shares its stage has its output held and printed whole when it ends. */
function runStep([name, cmd, args], alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (d) => output.push(d));
    child.stderr?.on('data', (d) => output.push(d));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      if (!alone) {
        console.log(`\n--- ${name} ---`);
        const text = Buffer.concat(output).toString();
        if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      }
      console.log(`=== ${name}: ${ok ? 'ok' : `FAILED${signal ? ` (${signal})` : ''}`} (${seconds.toFixed(1)} s)`);
      resolve({ name, ok, seconds });
    });
  });
}

const runStarted = Date.now();
const results = [];
/** Steps started alongside the previous stage, still running. */
let carried = [];
for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===`);
  const started = Date.now();
  const alongside = (stage.alongside ?? []).map((step) =>
    runStep(step, false).then((r) => ({ ...r, stage: `${stage.name}, and beside the next stage` })),
  );
  const shared = stage.steps.length > 1 || alongside.length > 0;
  const done = await Promise.all(stage.steps.map((step) => runStep(step, !shared)));
  results.push(...done.map((r) => ({ ...r, stage: stage.name })));
  if (stage.steps.length > 1)
    console.log(`=== ${stage.name}: ${((Date.now() - started) / 1000).toFixed(1)} s side by side`);
  results.push(...(await Promise.all(carried)));
  carried = alongside;
}
results.push(...(await Promise.all(carried)));
const wallSeconds = (Date.now() - runStarted) / 1000;

let passed = 0;
let failed = 0;
let skipped = 0;
/** Each failed test (or file that failed outside its tests) and the first lines of why. */
const failures = [];
const firstLines = (text = '') => text.split('\n').slice(0, 6).join('\n      ');
for (const file of fs.readdirSync(reports).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const where = path.relative(root, suite.name ?? '');
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${where} > ${t.fullName}\n      ${firstLines(t.failureMessages?.[0])}`);
    if (suite.status === 'failed' && failedTests.length === 0)
      failures.push(`${where}\n      ${firstLines(suite.message)}`);
  }
}

const table = [
  `npm test on Node ${process.versions.node}, ${new Date(runStarted).toISOString()}`,
  ...results.map(
    (r) =>
      `${r.name.padEnd(16)} ${(r.ok ? 'ok' : 'FAILED').padEnd(7)} ${r.seconds.toFixed(1).padStart(7)} s   (${r.stage})`,
  ),
  `${'whole run'.padEnd(16)} ${''.padEnd(7)} ${wallSeconds.toFixed(1).padStart(7)} s`,
].join('\n');
fs.writeFileSync(path.join(reports, 'step-times.txt'), `${table}\n`);
fs.writeFileSync(
  path.join(reports, 'step-times.json'),
  JSON.stringify(
    { node: process.versions.node, startedAt: new Date(runStarted).toISOString(), wallSeconds, steps: results },
    null,
    2,
  ),
);
console.log(`\nStep times (test-results/step-times.txt):\n${table}`);

const failedSteps = results.filter((r) => !r.ok).map((r) => r.name);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
// Repeated here so the end of a long log names what failed.
if (failures.length) console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
// A step that failed outside any test (typecheck, lint, a crashed run) still fails the count.
if (failedSteps.length && failed === 0) failed = failedSteps.length;
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length ? 1 : 0);
