// Benchmark (docs/decisions/0021): while the analyst's 10 MB master workbook is uploaded and processed,
// does the site keep answering? Polls GET /api/health back to back for the whole upload and prints
// its latency (p50, p99, max), on PostgreSQL (TEST_DATABASE_URL, default the local one) and on
// embedded PGlite, where each SQL statement runs on the server's own thread. The health checks'
// latency includes this client's own waits for a core (two cores shared by the server's thread, its
// parsing worker, PostgreSQL and this loop), so the server's own longest pause during the upload is
// printed beside it, from event-loop-probe.mjs. The upload is sent by a separate process: encoding
// and sending 9 MB held this loop's thread too, which had counted as the server's slowness.
// Run: npx tsx bench/upload-responsiveness.ts
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeRaceDay, raceDayWorkbook } from '#server/features/race-cards/samples/race-day';
import { MAX_WORKBOOK_BYTES } from '#server/features/race-cards/upload-scope';
import { ADMIN, freshPostgresDatabase, login, machine, startApp, stopApp } from './support/harness';
import { percentile } from './support/stats';

/** 560 races × 16 runners whose summaries are long, varied text: just under the 10 MB upload limit. */
async function tenMegabyteWorkbook(): Promise<Buffer> {
  const day = makeRaceDay({ races: 560, runners: 16, seed: 17 });
  for (const race of day)
    for (const horse of race.horses) horse.summary = crypto.randomBytes(900).toString('base64').slice(0, 1200);
  const bytes = await raceDayWorkbook(day);
  if (bytes.length > MAX_WORKBOOK_BYTES) throw new Error(`workbook is ${bytes.length} bytes, over the upload limit`);
  return bytes;
}

/** The script the uploading process runs: the form as a browser sends it, then the answer on stdout. */
const UPLOADER = `
const { url, cookie, file } = process.env;
const form = new FormData();
form.append('targetTab', 'friday');
form.append('masterExcel', new Blob([require('node:fs').readFileSync(file)]), 'master.xlsx');
fetch(url + '/api/vbg-race-cards/upload-master-excel', { method: 'POST', headers: { cookie, origin: url }, body: form })
  .then(async (r) => process.stdout.write(JSON.stringify({ status: r.status, body: await r.text() })));
`;

async function uploadFromAnotherProcess(
  url: string,
  cookie: string,
  workbook: Buffer,
): Promise<{ status: number; body: string }> {
  const file = path.join(os.tmpdir(), `vbg-bench-master-${process.pid}.xlsx`);
  fs.writeFileSync(file, workbook);
  try {
    const { stdout } = await execFileAsync(process.execPath, ['-e', UPLOADER], {
      env: { PATH: process.env.PATH, url, cookie, file },
      maxBuffer: 16 * 2 ** 20,
    });
    return JSON.parse(stdout) as { status: number; body: string };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** The longest hold event-loop-probe.mjs logged that ended within [from, to] (wall clock), 0 if none over 20 ms. */
function longestHold(log: string, from: number, to: number): number {
  let longest = 0;
  for (const m of log.matchAll(/^event-loop-held ([\d.]+) ms until (\d+)$/gm)) {
    const until = Number(m[2]);
    if (until >= from && until <= to) longest = Math.max(longest, Number(m[1]));
  }
  return longest;
}

async function run(label: string, env: Record<string, string>, workbook: Buffer) {
  const app = await startApp(env, [
    '--import',
    fileURLToPath(new URL('./support/event-loop-probe.mjs', import.meta.url)),
  ]);
  try {
    const cookie = await login(app.url, ADMIN.email, ADMIN.password);
    const latencies: number[] = [];
    let done = false;
    const started = performance.now();
    const startedAt = Date.now();
    const upload = uploadFromAnotherProcess(app.url, cookie, workbook).finally(() => (done = true));
    while (!done) {
      const t0 = performance.now();
      const r = await fetch(`${app.url}/api/health`);
      await r.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
    const result = await upload;
    const endedAt = Date.now();
    if (result.status !== 200) throw new Error(`upload failed: ${result.status} ${result.body}`);
    const sorted = [...latencies].sort((a, b) => a - b);
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    console.log(
      `${label}: upload ${((performance.now() - started) / 1000).toFixed(1)} s; ${sorted.length} health checks during it: ` +
        `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1)!)}; ` +
        `server's thread held at most ${ms(longestHold(app.output(), startedAt, endedAt))}`,
    );
  } finally {
    await stopApp(app);
  }
}

const execFileAsync = promisify(execFile);
const workbook = await tenMegabyteWorkbook();
console.log(`${machine()}; workbook ${(workbook.length / 2 ** 20).toFixed(1)} MB (8,960 runners)`);
const pg = await freshPostgresDatabase(
  'vbg_bench_upload',
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
);
try {
  await run('PostgreSQL', { DATABASE_URL: pg.url }, workbook);
} finally {
  await pg.drop();
}
await run('PGlite', {}, workbook);
