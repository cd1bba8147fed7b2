// Benchmark (issue 17 item 4): while the analyst's 10 MB master workbook is uploaded and processed,
// does the site keep answering? Polls GET /api/health back to back for the whole upload and prints
// its latency (p50, p99, max), on PostgreSQL (TEST_DATABASE_URL, default the local one) and on
// embedded PGlite, where each SQL statement runs on the server's own thread.
// Run: npx tsx bench/upload-responsiveness.ts
import crypto from 'node:crypto';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../src/server/features/race-cards/samples/race-day';
import { MAX_WORKBOOK_BYTES } from '../src/server/features/race-cards/upload-scope';
import { ADMIN, freshPostgresDatabase, login, machine, startApp, stopApp } from './support/harness';
import { percentile } from './support/stats';

/** 560 races × 16 runners whose summaries are long, varied text: just under the 10 MB upload limit. */
async function tenMegabyteWorkbook(): Promise<Buffer> {
  const day = makeRaceDay({ races: 560, runners: 16, seed: 17 });
  for (const race of day) for (const horse of race.horses) horse.summary = crypto.randomBytes(900).toString("base64").slice(0, 1200);
  const bytes = await raceDayWorkbook(day);
  if (bytes.length > MAX_WORKBOOK_BYTES) throw new Error(`workbook is ${bytes.length} bytes, over the upload limit`);
  return bytes;
}

async function run(label: string, env: Record<string, string>, workbook: Buffer) {
  const app = await startApp(env);
  try {
    const cookie = await login(app.url, ADMIN.email, ADMIN.password);
    const latencies: number[] = [];
    let done = false;
    const started = performance.now();
    const upload = fetch(`${app.url}/api/vbg-race-cards/upload-master-excel`, { method: 'POST', headers: { cookie, origin: app.url }, body: masterForm(workbook, 'friday') })
      .then(async (r) => ({ status: r.status, body: await r.text() }))
      .finally(() => (done = true));
    while (!done) {
      const t0 = performance.now();
      const r = await fetch(`${app.url}/api/health`);
      await r.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
    const result = await upload;
    if (result.status !== 200) throw new Error(`upload failed: ${result.status} ${result.body}`);
    const sorted = [...latencies].sort((a, b) => a - b);
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    console.log(
      `${label}: upload ${((performance.now() - started) / 1000).toFixed(1)} s; ${sorted.length} health checks during it: ` +
        `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1)!)}`,
    );
  } finally {
    await stopApp(app);
  }
}

const workbook = await tenMegabyteWorkbook();
console.log(`${machine()}; workbook ${(workbook.length / 2 ** 20).toFixed(1)} MB (8,960 runners)`);
const pg = await freshPostgresDatabase('vbg_bench_upload', process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
try {
  await run('PostgreSQL', { DATABASE_URL: pg.url }, workbook);
} finally {
  await pg.drop();
}
await run('PGlite', {}, workbook);
