// Load bench (a), issues 9 and 18: public cached reads beside a bare Fastify route serving the same
// bytes from memory. Goal: each read ≥ 70% of the bare route's throughput, measured with the server
// (app or bare) pinned to core 0 and this load generator to core 1 (PIN=0 to compare unpinned:
// then the bare route is capped by the load generator and the ratio flatters the app).
//   the article list           GET /api/news-and-views          (visitor, no cookie)
//   race-card metadata         GET /api/vbg-race-cards-metadata (a signed-in member)
// The app is the real entry point on its demo content (PGlite by default; BENCH_DATABASE_URL for
// PostgreSQL), LOG_LEVEL info as in production. Bounded: ROUNDS (default 3) × 4 runs of DURATION
// seconds (default 5).
// Run: npx tsx bench/cached-reads.ts
import {
  ADMIN,
  cannon,
  freshPostgresDatabase,
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
import { median } from './support/stats';

const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
/**
 * Requests each connection keeps in flight (default 1). On a machine busy with other work the
 * load generator is starved and the server sees a request or two per wake-up, so its CPU per
 * request measures wake-ups more than requests (the bare route most of all); PIPELINING=8 keeps
 * work queued for whenever the server runs, so the CPU figure stays the server's own (docs/decisions/0024).
 */
const PIPELINING = Number(process.env.PIPELINING ?? 1);
const pgBase = process.env.BENCH_DATABASE_URL;

const db = pgBase ? await freshPostgresDatabase('vbg_bench_reads', pgBase) : undefined;
const app = await startApp({ SEED_DEMO: 'true', ...(db ? { DATABASE_URL: db.url } : {}) });
try {
  // Start-up lines are written asynchronously: give them a moment to arrive.
  let demoMember: RegExpExecArray | null = null;
  for (let i = 0; i < 40 && !demoMember; i++) {
    demoMember = /demo member created: (\S+) \/ (\S+)/.exec(app.output());
    if (!demoMember) await new Promise((r) => setTimeout(r, 50));
  }
  const memberCookie = demoMember
    ? await login(app.url, demoMember[1], demoMember[2])
    : await login(app.url, ADMIN.email, ADMIN.password);
  const list = await fetch(`${app.url}/api/news-and-views`);
  const listBody = await list.text();
  const meta = await fetch(`${app.url}/api/vbg-race-cards-metadata`, { headers: { cookie: memberCookie } });
  if (meta.status !== 200) throw new Error(`metadata: ${meta.status}`);
  const metaBody = await meta.text();
  const articles = (JSON.parse(listBody) as unknown[]).length;
  console.log(`article list ${listBody.length} bytes (${articles} articles); metadata ${metaBody.length} bytes`);
  const bare = await startBare({
    '/list': { body: listBody, contentType: list.headers.get('content-type')! },
    '/meta': { body: metaBody, contentType: meta.headers.get('content-type')! },
  });
  // The server under test on core 0, the load generator (this process) on core 1. PostgreSQL, when
  // used, is not pinned: on two cores it shares them with both, as it would on a small server.
  pinToCore(app.child.pid!, 0);
  pinToCore(bare.pid, 0);
  pinToCore(process.pid, 1);
  const common = { connections: CONNECTIONS, duration: DURATION, pipelining: PIPELINING };
  // Warm both (JIT, caches) before measuring.
  await cannon('warm-up', { ...common, duration: 2, url: `${app.url}/api/news-and-views` });
  await cannon('warm-up', { ...common, duration: 2, url: `${bare.url}/list` });
  const appPid = app.child.pid!;
  // This machine's speed drifts by tens of percent over a minute (a shared VM), so each read is
  // measured in ROUNDS rounds of bare-then-app back to back, and the median share is the figure.
  const rows: Figures[] = [];
  const shares: Record<'list' | 'meta', number[]> = { list: [], meta: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    const bareList = await cannon(
      `round ${round} bare: article list bytes`,
      { ...common, url: `${bare.url}/list` },
      bare.pid,
    );
    const appList = await cannon(
      `round ${round} app: GET /api/news-and-views`,
      { ...common, url: `${app.url}/api/news-and-views` },
      appPid,
    );
    const bareMeta = await cannon(
      `round ${round} bare: metadata bytes`,
      { ...common, url: `${bare.url}/meta` },
      bare.pid,
    );
    const appMeta = await cannon(
      `round ${round} app: GET /api/vbg-race-cards-metadata (member)`,
      { ...common, url: `${app.url}/api/vbg-race-cards-metadata`, headers: { cookie: memberCookie } },
      appPid,
    );
    rows.push(bareList, appList, bareMeta, appMeta);
    shares.list.push(appList.rps / bareList.rps);
    shares.meta.push(appMeta.rps / bareMeta.rps);
  }
  bare.stop();
  table(rows);
  const pct = (x: number) => `${Math.round(100 * x)}%`;
  console.log(`article list: ${shares.list.map(pct).join(', ')} of bare (median ${pct(median(shares.list))})`);
  console.log(`metadata: ${shares.meta.map(pct).join(', ')} of bare (median ${pct(median(shares.meta))}) — goal ≥ 70%`);
  console.log(
    `${new Date().toISOString()} — ${machine()} — ${pgBase ? 'PostgreSQL' : 'PGlite'}, ${CONNECTIONS} connections${PIPELINING > 1 ? ` × ${PIPELINING} pipelined` : ''}, ${DURATION} s per run, ${ROUNDS} rounds, ${pinned() ? 'server on core 0, load generator on core 1' : 'unpinned'}`,
  );
} finally {
  await stopApp(app);
  await db?.drop();
}
