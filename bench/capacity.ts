// Capacity: how many members a second one instance takes in the morning shape before its p99 passes
// 250 ms, beside a bare process serving the same bytes. Goal: the app's capacity ≥ 0.70 of the
// bare route's, warm and straight after start.
//
// Open model: members arrive at a fixed rate R a second, evenly spaced, for STEP_SECONDS; each on
// their own keep-alive connection fetches six addresses one after another — the tips page (GET
// /tips with their session cookie), the race-card metadata and four of today's races
// (support/members.ts morningPaths). A step passes when every request answered 2xx within
// TIMEOUT_MS and the p99 of the step's requests is ≤ 250 ms. R doubles from START_RATE until a step
// fails, then is bisected (geometric mean) until the highest pass and the lowest failure are within
// PRECISION of each other: the capacity is that highest passing R.
//
// Cases (CASES, default all four):
//   app-warm  — one app process, after its own warm-up and a warm round of WARM_SECONDS at START_RATE
//   app-cold  — a new app process for every step, measured from the moment it reports ready (its
//               production start-up warm-up included, WARM_UP=false to leave that out)
//   bare-warm — support/bare-server.ts serving the bytes the app answered for each path, after a warm round
//   bare-cold — a new bare process for every step, no warm round
// The server under test is pinned to core 0 from its spawn (start-up and warm-up included), this
// driver to core 1 (taskset; PIN=0 leaves both unpinned); the database is not pinned. The driver
// uses support/arrivals.ts's raw client (CLIENT=node for Node's own, which on one core saturates
// near 2,000 members a second: below the bare route's capacity, so the ratio would flatter the app).
// Members are a pool of MEMBERS, taken in turn across the steps, so a step's members have not been
// seen in the session cache's lifetime unless the pool wraps within it.
//
// Database: PostgreSQL by default, a fresh database vbg_bench_capacity beside BENCH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test), dropped after; BENCH_DATABASE_URL=pglite for the
// embedded PGlite. `npm run build` first for the real tips page shell (without it the app answers
// a minimal shell).
// Run: npx tsx bench/capacity.ts            (about 5 minutes; STEP_SECONDS=2 for a quick check)
import { performance } from 'node:perf_hooks';
import { arrivals } from './support/arrivals';
import {
  ADMIN,
  loadAverage,
  login,
  machine,
  pinToCore,
  pinned,
  startApp,
  startBare,
  stopApp,
  type Figures,
} from './support/harness';
import { benchDatabase, morningPaths, publishMorning, recordAnswers } from './support/members';

const STEP_SECONDS = Number(process.env.STEP_SECONDS ?? 4);
const START_RATE = Number(process.env.START_RATE ?? 100);
/** Bisect until the lowest failing rate is within this fraction above the highest passing one. */
const PRECISION = Number(process.env.PRECISION ?? 0.1);
const WARM_SECONDS = Number(process.env.WARM_SECONDS ?? 3);
const TIMEOUT_MS = Number(process.env.TIMEOUT_MS ?? 2000);
const MEMBERS = Number(process.env.MEMBERS ?? 20_000);
/** The driver's HTTP client (support/arrivals.ts): 'raw' by default, 'node' for Node's own. */
const CLIENT = process.env.CLIENT === 'node' ? 'node' : 'raw';
const CASES = (process.env.CASES ?? 'app-warm,app-cold,bare-warm,bare-cold').split(',');
const P99_BOUND_MS = 250;
/** No search goes beyond this rate (members a second). */
const MAX_RATE = 20_000;
const SERVER_CORE = 0;
const DRIVER_CORE = 1;

const pgBase =
  process.env.BENCH_DATABASE_URL === 'pglite'
    ? undefined
    : (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const appEnv = {
  SEED_DEMO: 'false',
  ...(process.env.WARM_UP ? { WARM_UP: process.env.WARM_UP } : {}),
};

interface Member {
  cookie: string;
  paths: string[];
}

interface Step extends Figures {
  rate: number;
  /** This driver's CPU over the step, as a share of its core: near 1, the driver may be the limit. */
  driverLoad: number;
}

interface Outcome {
  name: string;
  /** The highest passing step (undefined: not even the lowest rate tried passed). */
  bound?: Step;
  steps: Step[];
  loadBefore: string;
  loadAfter: string;
  seconds: number;
}

const passes = (s: Step) => s.errors === 0 && s.non2xx === 0 && s.p99 <= P99_BOUND_MS;

/**
 * Runs steps at rising rates: doubling from START_RATE (halving if it fails) until one passes and
 * one fails, then the geometric mean of the two until they are within PRECISION.
 */
async function search(name: string, runStep: (rate: number) => Promise<Step>): Promise<Outcome> {
  const loadBefore = loadAverage();
  const t0 = performance.now();
  const steps: Step[] = [];
  let pass: Step | undefined;
  let failRate = Infinity;
  const run = async (rate: number) => {
    const step = await runStep(rate);
    steps.push(step);
    const ok = passes(step);
    console.log(
      `  ${name}: ${rate} members/s → p99 ${step.p99} ms, ${step.errors} errors, ${step.non2xx} non-2xx, server ${Math.round((step.cpuPerRequest ?? 0) * 1000)} µs/req, driver ${Math.round(step.driverLoad * 100)}% ${ok ? 'pass' : 'FAIL'}`,
    );
    if (ok && (!pass || rate > pass.rate)) pass = step;
    if (!ok) failRate = Math.min(failRate, rate);
    return ok;
  };
  let rate = START_RATE;
  if (await run(rate)) {
    while (failRate === Infinity && rate < MAX_RATE) await run((rate *= 2));
  } else {
    while (!pass && rate > 2) await run((rate = Math.round(rate / 2)));
  }
  while (pass && failRate !== Infinity && failRate / pass.rate > 1 + PRECISION) {
    const mid = Math.round(Math.sqrt(pass.rate * failRate));
    if (mid === pass.rate || mid === failRate) break;
    await run(mid);
  }
  return { name, bound: pass, steps, loadBefore, loadAfter: loadAverage(), seconds: (performance.now() - t0) / 1000 };
}

/** The next `count` members of the pool, in turn. */
let nextMember = 0;
function take(pool: Member[], count: number): Member[] {
  return Array.from({ length: count }, () => pool[nextMember++ % pool.length]);
}

/** One step: `rate` members a second for STEP_SECONDS against the server at `url` (process `pid`). */
async function step(pool: Member[], url: string, pid: number, rate: number): Promise<Step> {
  const members = take(pool, Math.max(1, Math.round(rate * STEP_SECONDS)));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const figures = await arrivals(
    `${rate}/s`,
    { url, members, spreadMs: STEP_SECONDS * 1000, timeoutMs: TIMEOUT_MS, client: CLIENT },
    pid,
  );
  const cpu = process.cpuUsage(cpu0);
  const driverLoad = (cpu.user + cpu.system) / 1000 / (performance.now() - t0);
  // A pause, so one step's closing connections are not the next one's load.
  await new Promise((r) => setTimeout(r, 1000));
  return { ...figures, rate, driverLoad };
}

/** A warm round: START_RATE members a second for WARM_SECONDS, not measured. */
async function warmRound(pool: Member[], url: string) {
  await arrivals('warm round', {
    url,
    members: take(pool, START_RATE * WARM_SECONDS),
    spreadMs: WARM_SECONDS * 1000,
    timeoutMs: 10_000,
    client: CLIENT,
  });
}

/**
 * On an unpinned app process: today's cards and tips, each member's six addresses, and the bytes
 * the app answers for each of them (as a member: the admin's answers would differ), which the bare
 * process serves.
 */
async function setUp(cookies: string[]) {
  const app = await startApp({ ...db.env, ...appEnv });
  try {
    const admin = await login(app.url, ADMIN.email, ADMIN.password);
    const raceIds = await publishMorning(app.url, admin);
    const pool = cookies.map((cookie, k) => ({ cookie, paths: morningPaths('/tips', raceIds, k) }));
    const routes = await recordAnswers(
      app.url,
      pool.flatMap((m) => m.paths),
      pool[0].cookie,
    );
    return { pool, routes, raceCount: raceIds.length };
  } finally {
    await stopApp(app);
  }
}

const db = await benchDatabase('vbg_bench_capacity', pgBase);
const outcomes: Outcome[] = [];
try {
  const cookies = await db.insertMembers(MEMBERS);
  const { pool, routes, raceCount } = await setUp(cookies);
  pinToCore(process.pid, DRIVER_CORE);
  const core = { core: SERVER_CORE };

  for (const name of CASES) {
    console.log(`${name} (load average ${loadAverage()})`);
    if (name === 'app-warm') {
      const app = await startApp({ ...db.env, ...appEnv }, [], core);
      try {
        await warmRound(pool, app.url);
        outcomes.push(await search(name, (rate) => step(pool, app.url, app.child.pid!, rate)));
      } finally {
        await stopApp(app);
      }
    } else if (name === 'app-cold') {
      outcomes.push(
        await search(name, async (rate) => {
          const app = await startApp({ ...db.env, ...appEnv }, [], core);
          try {
            return await step(pool, app.url, app.child.pid!, rate);
          } finally {
            await stopApp(app);
          }
        }),
      );
    } else if (name === 'bare-warm') {
      const bare = await startBare(routes, core);
      try {
        await warmRound(pool, bare.url);
        outcomes.push(await search(name, (rate) => step(pool, bare.url, bare.pid, rate)));
      } finally {
        bare.stop();
      }
    } else if (name === 'bare-cold') {
      outcomes.push(
        await search(name, async (rate) => {
          const bare = await startBare(routes, core);
          try {
            return await step(pool, bare.url, bare.pid, rate);
          } finally {
            bare.stop();
          }
        }),
      );
    } else throw new Error(`unknown case ${name} (app-warm, app-cold, bare-warm, bare-cold)`);
  }

  const byName = new Map(outcomes.map((o) => [o.name, o]));
  const ratio = (o: Outcome) => {
    if (!o.name.startsWith('app-')) return '';
    const bare = byName.get(o.name.replace('app-', 'bare-')) ?? byName.get('bare-warm');
    return o.bound && bare?.bound ? (o.bound.rate / bare.bound.rate).toFixed(2) : '';
  };
  console.table(
    outcomes.map((o) => ({
      case: o.name,
      'members/s at the bound': o.bound?.rate ?? `< ${Math.min(...o.steps.map((s) => s.rate))}`,
      'p99 ms at it': o.bound?.p99 ?? '',
      'req/s at it': o.bound ? Math.round(o.bound.rps) : '',
      'ratio app/bare': ratio(o),
      'server µs/req': o.bound?.cpuPerRequest === undefined ? '' : Math.round(o.bound.cpuPerRequest * 1000),
      'driver CPU': o.bound ? `${Math.round(o.bound.driverLoad * 100)}%` : '',
      'lowest failing members/s': o.steps.filter((s) => !passes(s)).reduce((m, s) => Math.min(m, s.rate), Infinity),
      steps: o.steps.length,
      seconds: Math.round(o.seconds),
      'load before → after': `${o.loadBefore} → ${o.loadAfter}`,
    })),
  );
  console.log(
    `${new Date().toISOString()} — ${machine()} — ${db.kind}, ${raceCount} races today, ${pinned() ? `server on core ${SERVER_CORE}, driver on core ${DRIVER_CORE}` : 'unpinned'}, steps of ${STEP_SECONDS} s, p99 bound ${P99_BOUND_MS} ms, request timeout ${TIMEOUT_MS} ms, ${CLIENT} client, ${MEMBERS} members in the pool, app warm-up ${process.env.WARM_UP === 'false' ? 'off' : 'on'}`,
  );
} finally {
  await db.drop();
}
