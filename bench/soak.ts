// Soak bench: 1,000 signed-in members reading for 60 s, with the analyst's
// stage-1 upload at 20 s and the daily e-mail to every member at 40 s, on PostgreSQL, the mail
// going out through the app's worker to a local SMTP sink. Records errors (goal 0), latency p50 /
// p99 / max overall and around the upload and the mailing, and the server's resident memory before,
// after the soak and after a second, shorter round of the same mix (memory that keeps growing from
// round to round is a leak; a first-round rise is caches and the JIT filling).
// The server is pinned to core 0 and this driver to core 1 (taskset); PostgreSQL is not pinned.
// Needs BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
// Run: npx tsx bench/soak.ts   (SOAK_SECONDS=60 MEMBERS=1000)
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { makeRaceDay, masterForm, raceDayWorkbook } from '#server/features/race-cards/samples/race-day';
import { londonDate, weekdayOf } from '#shared/london-time';
import { startSmtpPeer } from '../tests/support/smtp-peer';
import { ADMIN, freshPostgresDatabase, login, machine, pinToCore, rssOf, startApp, stopApp } from './support/harness';
import { insertMembers, publishTips, raceIdsOf } from './support/members';
import { percentile } from './support/stats';

const MEMBERS = Number(process.env.MEMBERS ?? 1000);
const SOAK_MS = Number(process.env.SOAK_SECONDS ?? 60) * 1000;
/** Each member waits 0.5–1.5 s between reads: about MEMBERS requests a second in all. */
const THINK_MS = [500, 1500];
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Sample {
  at: number;
  ms: number;
  status: number;
  ok: boolean;
}

function get(agent: http.Agent, url: URL, path: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { agent, host: url.hostname, port: url.port, path, headers: { cookie }, timeout: 10_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/** Every member reads a random page's data, thinks, and reads again, until `untilMs`. */
async function readFor(
  appUrl: string,
  cookies: string[],
  paths: string[],
  durationMs: number,
  t0: number,
): Promise<Sample[]> {
  const url = new URL(appUrl);
  const samples: Sample[] = [];
  const end = performance.now() + durationMs;
  await Promise.all(
    cookies.map(async (cookie, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      await new Promise((r) => setTimeout(r, (i / cookies.length) * THINK_MS[1])); // staggered start
      while (performance.now() < end) {
        const path = paths[Math.floor(Math.random() * paths.length)];
        const s = performance.now();
        const status = await get(agent, url, path, cookie).catch(() => 0);
        samples.push({ at: s - t0, ms: performance.now() - s, status, ok: status >= 200 && status < 300 });
        await new Promise((r) => setTimeout(r, THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0])));
      }
      agent.destroy();
    }),
  );
  return samples;
}

function summary(label: string, samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const failed = samples.filter((s) => !s.ok);
  const byStatus = [...new Set(failed.map((s) => s.status))]
    .map((st) => `${failed.filter((s) => s.status === st).length}× ${st || 'no answer'}`)
    .join(', ');
  const errors = `${failed.length} errors${byStatus ? ` (${byStatus})` : ''}`;
  const f = (x: number) => `${x.toFixed(1)} ms`;
  return `${label}: ${samples.length} requests, ${errors}, p50 ${f(percentile(ms, 50))}, p99 ${f(percentile(ms, 99))}, max ${f(ms.at(-1) ?? 0)}`;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

const smtp = await startSmtpPeer();
const db = await freshPostgresDatabase('vbg_bench_soak', base);
const app = await startApp({
  DATABASE_URL: db.url,
  SEED_DEMO: 'false',
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  LOG_LEVEL: 'warn',
});
pinToCore(app.child.pid!, 0);
pinToCore(process.pid, 1);
try {
  const admin = await login(app.url, ADMIN.email, ADMIN.password);
  const today = weekdayOf(londonDate(new Date()));
  const workbook = await raceDayWorkbook(makeRaceDay({ races: 40, runners: 14, seed: 11 }));
  const upload = () =>
    fetch(`${app.url}/api/vbg-race-cards/upload-master-excel`, {
      method: 'POST',
      headers: { cookie: admin, origin: app.url },
      body: masterForm(workbook, today),
    });
  if ((await upload()).status !== 200) throw new Error('first upload failed');
  await publishTips(app.url, admin);

  // Members and sessions in bulk (1,000 argon2 logins would time the password hash).
  const cookies = await insertMembers({ url: db.url }, MEMBERS);

  // The pages' reads; race addresses are refreshed after the re-upload, as the race-card event
  // stream makes the members' pages do.
  const paths: string[] = [];
  const setPaths = async () => {
    const raceIds = await raceIdsOf(app.url, admin, today);
    paths.splice(
      0,
      paths.length,
      '/api/auth/user',
      '/api/daily-tips',
      '/api/vbg-race-cards-metadata',
      '/api/news-and-views',
      '/api/results',
      '/api/free-race-preview',
      ...raceIds.slice(0, 12).map((id) => `/api/vbg-race-cards/race/${id}`),
    );
  };
  await setPaths();

  // Warm-up (the JIT and the caches), then the memory the soak starts from.
  await readFor(app.url, cookies.slice(0, 200), paths, 5000, performance.now());
  const rssBefore = rssOf(app.child.pid!);

  const t0 = performance.now();
  const events: string[] = [];
  const at = (ms: number, run: () => Promise<void>) =>
    new Promise<void>((resolve, reject) => setTimeout(() => void run().then(resolve, reject), ms));
  const midUpload = at(SOAK_MS / 3, async () => {
    const s = performance.now();
    const r = await upload();
    await setPaths();
    events.push(
      `stage-1 upload at ${((s - t0) / 1000).toFixed(0)} s: ${r.status} in ${(performance.now() - s).toFixed(0)} ms`,
    );
  });
  const midMail = at((2 * SOAK_MS) / 3, async () => {
    const s = performance.now();
    const r = await fetch(`${app.url}/api/send-daily-update-email`, {
      method: 'POST',
      headers: { cookie: admin, origin: app.url, 'content-type': 'application/json' },
      body: '{}',
    });
    events.push(
      `daily e-mail at ${((s - t0) / 1000).toFixed(0)} s: ${r.status} in ${(performance.now() - s).toFixed(0)} ms — ${(await r.text()).slice(0, 120)}`,
    );
  });
  let peak = rssBefore;
  const watch = setInterval(() => (peak = Math.max(peak, rssOf(app.child.pid!))), 500);
  const samples = await readFor(app.url, cookies, paths, SOAK_MS, t0);
  await Promise.all([midUpload, midMail]);
  clearInterval(watch);
  const delivered = smtp.received.length;
  await new Promise((r) => setTimeout(r, 5000)); // idle: let the mail worker and GC settle
  const rssAfter = rssOf(app.child.pid!);

  // A second, shorter round of the same reads: a leak keeps growing, a warm cache does not.
  const round2 = await readFor(app.url, cookies, paths, SOAK_MS / 2, performance.now());
  await new Promise((r) => setTimeout(r, 5000));
  const rssAfter2 = rssOf(app.child.pid!);

  const window = (from: number, to: number) => samples.filter((s) => s.at >= from && s.at < to);
  console.log(
    `${new Date().toISOString()} — ${machine()} — PostgreSQL, one instance pinned to core 0, driver on core 1`,
  );
  console.log(`${MEMBERS} members, ${SOAK_MS / 1000} s, think time ${THINK_MS[0]}–${THINK_MS[1]} ms`);
  for (const e of events) console.log(`  ${e}`);
  console.log(`  ${summary('whole soak', samples)}`);
  console.log(`  ${summary('5 s after the upload starts', window(SOAK_MS / 3, SOAK_MS / 3 + 5000))}`);
  console.log(`  ${summary('5 s after the mailing starts', window((2 * SOAK_MS) / 3, (2 * SOAK_MS) / 3 + 5000))}`);
  console.log(`  ${summary('second round', round2)}`);
  console.log(`  mail delivered to the SMTP sink during the soak: ${delivered}; by the end: ${smtp.received.length}`);
  console.log(
    `  server RSS: before ${mb(rssBefore)}, peak ${mb(peak)}, after the soak ${mb(rssAfter)}, after round 2 ${mb(rssAfter2)}`,
  );
} finally {
  await stopApp(app);
  await db.drop();
  await smtp.close();
}
