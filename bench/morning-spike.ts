// Load bench (b) (docs/decisions/0012): a morning spike of 1,000 signed-in members, each fetching the daily
// tips, the race-card metadata and four races (6 requests), on PostgreSQL.
// Goal: 0 errors, p99 ≤ 100 ms. Each member arrives on their own connection and fetches the six
// one after another (support/arrivals.ts). Shapes, SPREADS seconds (default 10,5,2,0):
//   arrival — the 1,000 members evenly spread over 10 s (~600 req/s), 5 s and 2 s (~3,000 req/s)
//   burst   — all 1,000 at the same instant (6,000 requests queued at once: the extreme)
// Each shape is also run against a bare Fastify process serving the same bytes from memory, so the
// table shows what the machine itself allows in that shape.
// Needs BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database
// vbg_bench_spike is made beside it and dropped after). Members and their sessions are inserted in
// bulk (1,000 argon2 logins would time the password hash, not the morning).
// Run: npx tsx bench/morning-spike.ts
import { arrivals } from './support/arrivals';
import {
  ADMIN,
  login,
  machine,
  pinToCore,
  pinned,
  startApp,
  startBare,
  stopApp,
  table,
  type Figures,
} from './support/harness';
import { benchDatabase, morningPaths, publishMorning, recordAnswers } from './support/members';

const MEMBERS = Number(process.env.MEMBERS ?? 1000);
/** Arrival windows in seconds, widest first; 0 is every member at the same instant. */
const SPREADS = (process.env.SPREADS ?? '10,5,2,0').split(',').map(Number);
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const db = await benchDatabase('vbg_bench_spike', base);
// MEMBERS members with a session each, written in bulk through the app's schema.
const cookies = await db.insertMembers(MEMBERS);
// WARM_UP=false starts the app without its own warm-up (warm-up.ts), to compare a cold instance.
const app = await startApp({
  ...db.env,
  SEED_DEMO: 'false',
  ...(process.env.WARM_UP ? { WARM_UP: process.env.WARM_UP } : {}),
});
/** Members the driver sends before measuring (BENCH_WARM_MEMBERS; default 0: the instance is as fresh as a newly started one, warmed only by its own start-up). */
const WARM_MEMBERS = Number(process.env.BENCH_WARM_MEMBERS ?? 0);
try {
  // Content through the API, as the analyst would: today's cards and today's tips.
  const admin = await login(app.url, ADMIN.email, ADMIN.password);
  const raceIds = await publishMorning(app.url, admin);

  // Each member: their cookie, then tips, metadata and four of today's races, one after another
  // on their own keep-alive connection (as the tips page and its race links fetch them).
  const members = cookies.map((cookie, k) => ({ cookie, paths: morningPaths('/api/daily-tips', raceIds, k) }));
  // The same six answers from a bare Fastify process (support/bare-server.ts: no hooks, no
  // database), driven the same way: what this machine can do at all in each shape.
  const bareRoutes = await recordAnswers(
    app.url,
    members.flatMap((m) => m.paths),
    admin,
  );
  const bare = await startBare(bareRoutes);
  // The server under test (app or bare) on core 0, this driver on core 1 (docs/decisions/0024): the ratio of
  // the app's p99 to the bare route's is only fair when neither shares a core with the driver.
  // PostgreSQL is not pinned. PIN=0 compares unpinned.
  pinToCore(app.child.pid!, 0);
  pinToCore(bare.pid, 0);
  pinToCore(process.pid, 1);
  const rowsOut: Figures[] = [];
  // The app is measured as a freshly started instance: before this it has only served the
  // set-up above (the upload, the tips, these fetches as the admin) and its own start-up warm-up
  // (BENCH_WARM_MEMBERS adds members from the driver first). The bare process gets 50 members
  // (its JIT warm), so the comparison is never tilted towards the app.
  if (WARM_MEMBERS) await arrivals('warm-up', { url: app.url, members: members.slice(0, WARM_MEMBERS), spreadMs: 500 });
  await arrivals('warm-up', { url: bare.url, members: members.slice(0, 50), spreadMs: 500 });
  for (const spread of SPREADS) {
    const shape = spread === 0 ? 'burst: all at the same instant' : `arrival: spread over ${spread} s`;
    rowsOut.push(
      await arrivals(
        `app: ${shape} (${MEMBERS} members, ${MEMBERS * 6} requests)`,
        { url: app.url, members, spreadMs: spread * 1000 },
        app.child.pid,
      ),
    );
    // A pause after each run, so one run's closing connections are not the next run's load.
    await new Promise((r) => setTimeout(r, 2000));
    rowsOut.push(await arrivals(`bare: ${shape}`, { url: bare.url, members, spreadMs: spread * 1000 }, bare.pid));
    await new Promise((r) => setTimeout(r, 2000));
  }
  bare.stop();
  table(rowsOut);
  console.log(
    `${new Date().toISOString()} — ${machine()} — PostgreSQL, one instance, ${raceIds.length} races today, ${pinned() ? 'server on core 0, driver on core 1' : 'unpinned'}, app warm-up ${process.env.WARM_UP === 'false' ? 'off' : 'on'}, ${WARM_MEMBERS} driver warm-up members`,
  );
} finally {
  await stopApp(app);
  await db.drop();
}
