// Load bench (a) (docs/decisions/0024), for a busy machine: the bare route, an earlier checkout of the app and
// this one, measured in turn in short rounds in one process, so the machine's drift (other work,
// the VM's own speed) falls on all three alike; the medians of the per-round figures are compared.
// BASELINE_DIR: the earlier checkout, for example
//   git archive 5e1c61a | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/node_modules
// Both on PGlite demo content, pinned as bench/cached-reads.ts pins them (server core 0, this core 1).
// Bounded: ROUNDS (default 8) × 6 runs of DURATION seconds (default 3).
// Run: BASELINE_DIR=/tmp/base npx tsx bench/cached-reads-ab.ts
import {
  cannon,
  login,
  machine,
  pinToCore,
  pinned,
  startApp,
  startBare,
  stopApp,
  type AppProcess,
  type Figures,
} from './support/harness';
import { median } from './support/stats';

const ROUNDS = Number(process.env.ROUNDS ?? 8);
const DURATION = Number(process.env.DURATION ?? 3);
const PIPELINING = Number(process.env.PIPELINING ?? 1);
const baselineDir = process.env.BASELINE_DIR;
if (!baselineDir) throw new Error('BASELINE_DIR: a checkout of the earlier commit (see the comment at the top)');

/** startApp runs src/server/main.ts from the working directory. */
async function startIn(dir: string) {
  const here = process.cwd();
  process.chdir(dir);
  try {
    return await startApp({ SEED_DEMO: 'true' });
  } finally {
    process.chdir(here);
  }
}

async function memberCookie(app: AppProcess) {
  let m: RegExpExecArray | null = null;
  for (let i = 0; i < 100 && !m; i++) {
    m = /demo member created: (\S+) \/ (\S+)/.exec(app.output());
    if (!m) await new Promise((r) => setTimeout(r, 100));
  }
  if (!m) throw new Error('no demo member in the log');
  return login(app.url, m[1], m[2]);
}

const before = await startIn(baselineDir);
const after = await startIn(process.cwd());
try {
  const cookies = { before: await memberCookie(before), after: await memberCookie(after) };
  const list = await fetch(`${after.url}/api/news-and-views`);
  const meta = await fetch(`${after.url}/api/vbg-race-cards-metadata`, { headers: { cookie: cookies.after } });
  const bare = await startBare({
    '/list': { body: await list.text(), contentType: list.headers.get('content-type')! },
    '/meta': { body: await meta.text(), contentType: meta.headers.get('content-type')! },
  });
  for (const pid of [before.child.pid!, after.child.pid!, bare.pid]) pinToCore(pid, 0);
  pinToCore(process.pid, 1);
  const common = { connections: 50, pipelining: PIPELINING };
  const runs = {
    bareList: { url: `${bare.url}/list`, pid: bare.pid },
    beforeList: { url: `${before.url}/api/news-and-views`, pid: before.child.pid! },
    afterList: { url: `${after.url}/api/news-and-views`, pid: after.child.pid! },
    bareMeta: { url: `${bare.url}/meta`, pid: bare.pid },
    beforeMeta: {
      url: `${before.url}/api/vbg-race-cards-metadata`,
      pid: before.child.pid!,
      headers: { cookie: cookies.before },
    },
    afterMeta: {
      url: `${after.url}/api/vbg-race-cards-metadata`,
      pid: after.child.pid!,
      headers: { cookie: cookies.after },
    },
  };
  type Run = keyof typeof runs;
  for (const { pid: _pid, ...opts } of Object.values(runs))
    await cannon('warm-up', { ...common, ...opts, duration: 2 });
  const figures = Object.fromEntries(Object.keys(runs).map((k) => [k, [] as Figures[]])) as Record<Run, Figures[]>;
  const us = (f: Figures) => Math.round(f.cpuPerRequest! * 1000);
  // The order alternates (before, after / after, before): with the same code in both places, the
  // one measured later in a round got lower throughput (not CPU per request) on a busy machine.
  const order: Run[][] = [
    ['bareList', 'beforeList', 'afterList', 'bareMeta', 'beforeMeta', 'afterMeta'],
    ['bareList', 'afterList', 'beforeList', 'bareMeta', 'afterMeta', 'beforeMeta'],
  ];
  for (let r = 0; r < ROUNDS; r++) {
    for (const name of order[r % 2]) {
      const { pid, ...opts } = runs[name];
      figures[name].push(await cannon(name, { ...common, ...opts, duration: DURATION }, pid));
    }
    const f = (k: Run) => `${us(figures[k][r])} µs ${Math.round(figures[k][r].rps)}/s`;
    console.log(
      `round ${r + 1}: list bare ${f('bareList')}, before ${f('beforeList')}, after ${f('afterList')} | metadata bare ${f('bareMeta')}, before ${f('beforeMeta')}, after ${f('afterMeta')}`,
    );
  }
  bare.stop();
  const errors = Object.values(figures)
    .flat()
    .reduce((n, f) => n + f.errors + f.non2xx, 0);
  const med = (k: Run) => median(figures[k].map((f) => f.cpuPerRequest! * 1000));
  /** Median over rounds of bare µs ÷ app µs (the CPU ratio; 1 is the bare route's cost). */
  const cpuRatio = (app: Run, base: Run) =>
    median(figures[app].map((f, i) => figures[base][i].cpuPerRequest! / f.cpuPerRequest!));
  const share = (app: Run, base: Run) => median(figures[app].map((f, i) => f.rps / figures[base][i].rps));
  const x = (n: number) => n.toFixed(2);
  console.log(
    `median CPU µs/req — list: bare ${med('bareList').toFixed(0)}, before ${med('beforeList').toFixed(0)}, after ${med('afterList').toFixed(0)}; metadata: bare ${med('bareMeta').toFixed(0)}, before ${med('beforeMeta').toFixed(0)}, after ${med('afterMeta').toFixed(0)}`,
  );
  console.log(
    `median per-round CPU ratio (bare ÷ app; goal ≥ 0.70) — list: before ${x(cpuRatio('beforeList', 'bareList'))}, after ${x(cpuRatio('afterList', 'bareList'))}; metadata: before ${x(cpuRatio('beforeMeta', 'bareMeta'))}, after ${x(cpuRatio('afterMeta', 'bareMeta'))}`,
  );
  console.log(
    `median per-round throughput share (app ÷ bare) — list: before ${x(share('beforeList', 'bareList'))}, after ${x(share('afterList', 'bareList'))}; metadata: before ${x(share('beforeMeta', 'bareMeta'))}, after ${x(share('afterMeta', 'bareMeta'))}; ${errors} errors`,
  );
  console.log(
    `${new Date().toISOString()} — ${machine()} — PGlite, 50 connections${PIPELINING > 1 ? ` × ${PIPELINING} pipelined` : ''}, ${DURATION} s per run, ${ROUNDS} rounds, ${pinned() ? 'server on core 0, load generator on core 1' : 'unpinned'}`,
  );
} finally {
  await stopApp(before);
  await stopApp(after);
}
