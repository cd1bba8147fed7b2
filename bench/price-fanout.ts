// Price fan-out bench: N members on the value board, the analyst pastes a price, how long until
// the boards show it, what it costs the origin, and how many notifying commits it takes.
//
// Goals (the race-day issue, docs/performance.md "Price fan-out"): 10,000 open boards; 99 % of
// them show a pasted price within 2 s; at most 0.05 origin requests per open board per event; at
// most 100 notifying commits a second at the peak. Figures only: no test times anything.
//
// Each board is what the value board page (value-now-page.tsx) holds: one event stream
// (GET /api/vbg-race-cards-events, its member's own session) and the board's data. When an event
// comes, `applyEvent` does what the page does with it:
// - a prices or results event carries the changed runners (`runners: [{ id, price, priceText, … }]`,
//   in the shape of the board's ValueBoardRunner, decision 0059): applied to the board's data with
//   no request;
// - an upload or update of the cards, or an event that says `reload`, makes the page re-read its
//   active queries: on the value board that is
//   GET /api/value-now (use-race-card-events.ts invalidates five query keys; the board page has
//   only this one mounted, and invalidation refetches only mounted queries). Each such GET is an
//   origin request, counted.
// (Before events carried the change every event was a re-read: those figures are kept in
// docs/performance.md beside the figures since.)
//
// A board "shows" a paste once its data holds the pasted price for the pasted runner; the time is
// from the moment the paste is sent. The re-reads go out on a pool of keep-alive connections per
// instance (POOL, default 256), as a browser's own connection would carry them: 10,000 boards each
// with a second socket would need 40,000 descriptors on this machine (boards and server alike).
//
// Notifying commits: every pg_notify the app issues is its own autocommit statement
// (db/client.ts `notify`), so on PostgreSQL each notification is one notifying commit. The bench
// LISTENs on every channel the app uses on a connection of its own and counts what arrives; the
// peak is the most in any one-second window while pasting. PGlite is one process (no NOTIFY
// between processes): there the bench counts the race-card events a probe stream receives.
//
// Scenarios (SCENARIOS, comma-separated): `one-pglite` (one instance, PGlite), `one-pg` (one
// instance, PostgreSQL), `two-pg` (two instances on one PostgreSQL database, the boards split
// between them: the paste goes to the first, the second hears of it through LISTEN/NOTIFY).
// Default: one-pglite,two-pg. PostgreSQL beside BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test), a fresh database vbg_bench_fanout, dropped after.
//
// Cores: the server(s) on core 0, this bench on core 1 (taskset; PIN=0 leaves both unpinned).
// Settings: BOARDS (10,000; lowered, with a note, when the descriptor limit or free memory does not
// allow it), PASTES (5), RACES (30 races of 14 runners today), WAIT_MS (per paste, 60,000), POOL.
// Run: npx tsx bench/price-fanout.ts
//      BOARDS=2000 PASTES=3 SCENARIOS=one-pglite,two-pg npx tsx bench/price-fanout.ts
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import zlib from 'node:zlib';
import pg from 'pg';
import { eventNeedsReload, parseRaceCardEvent } from '#shared/race-card-events';
import type { ValueBoard } from '#shared/schemas/value-board';
import {
  ADMIN,
  cpuMsOf,
  login,
  machine,
  pinToCore,
  pinned,
  startApp,
  stopApp,
  type AppProcess,
} from './support/harness';
import { benchDatabase, publishMorning } from './support/members';

const GOALS = { boards: 10_000, showWithinMs: 2_000, requestsPerBoardPerEvent: 0.05, notifyingCommitsPerSecond: 100 };
const REQUESTED_BOARDS = Number(process.env.BOARDS ?? GOALS.boards);
const PASTES = Number(process.env.PASTES ?? 5);
const RACES = Number(process.env.RACES ?? 30);
const WAIT_MS = Number(process.env.WAIT_MS ?? 60_000);
const POOL = Number(process.env.POOL ?? 256);
const SCENARIOS = (process.env.SCENARIOS ?? 'one-pglite,two-pg').split(',').map((s) => s.trim());
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Every NOTIFY channel the app uses (src/server: race-card events, the shared cache, sessions, mail, feeds, proofs). */
const CHANNELS = ['race_card_events', 'vbg_cache', 'vbg_auth', 'mail_outbox', 'vbg_feed_run', 'vbg_proof_stamp'];
/** A generous guess at one open board's memory, bench and server together (sse-fanout measures the server's). */
const BYTES_PER_BOARD = 64 * 1024;
const SERVER_CORE = 0;
const BENCH_CORE = 1;

// ---- How many boards this machine allows -------------------------------------------------------
const fdLimit = Number(fs.readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+(\d+)/)?.[1] ?? 0);
function boardsAllowed(instances: number): { boards: number; note?: string } {
  // This process: one socket per board, the re-read pools, a few hundred for everything else.
  const byBench = fdLimit - POOL * instances - 300;
  // Each server (it inherits this limit): its share of the streams, the pool's sockets, its own files.
  const byServer = (fdLimit - POOL - 300) * instances;
  const byMemory = Math.floor((os.freemem() * 0.6) / BYTES_PER_BOARD);
  const boards = Math.max(0, Math.min(REQUESTED_BOARDS, byBench, byServer, byMemory));
  if (boards >= REQUESTED_BOARDS) return { boards };
  const why =
    boards === byMemory
      ? `free memory ${(os.freemem() / 2 ** 30).toFixed(1)} GiB allows about ${byMemory}`
      : `the open-file limit ${fdLimit} allows ${Math.min(byBench, byServer)} (run with ulimit -n ${REQUESTED_BOARDS + POOL * instances + 1000} for ${REQUESTED_BOARDS})`;
  return { boards, note: `NOTE: ${REQUESTED_BOARDS} boards asked, ${boards} opened: ${why}` };
}

// ---- One board ---------------------------------------------------------------------------------
/** The runner the bench pastes prices for, and what each paste set it to. */
interface Target {
  runnerId: number;
  /** The price text the board must show for paste k. */
  expected: string[];
}

interface Board {
  cookie: string;
  instance: Instance;
  /** The target runner's price text as this board's data has it. */
  shown: string | null;
  /** When (performance.now()) the board first showed paste k's price. */
  shownAt: Array<number | undefined>;
  /** A re-read is in flight: the page's query is refetching (TanStack Query cancels and refetches; the bench counts one). */
  reading: boolean;
  /** An event came while a re-read was in flight: one more re-read once it ends, as a refetch would. */
  again: boolean;
}

interface Instance {
  app: AppProcess;
  url: string;
  port: number;
  agent: http.Agent;
}

interface Run {
  target: Target;
  /** The paste being measured (its index in target.expected), or -1 between pastes. */
  current: number;
  pasteSentAt: number;
  originRequests: number;
  failedRequests: number;
  /** Why re-reads failed: a status code or an error code, with how many. */
  failures: Map<string, number>;
  eventsReceived: number;
  /** When the current paste's event reached the first and the last board. */
  firstEventAt: number;
  lastEventAt: number;
}

/** The board's data after an event or a re-read: only the target runner's price is kept (memory: 10,000 boards). */
function show(board: Board, run: Run, priceText: string | null) {
  board.shown = priceText;
  const k = run.current;
  if (k >= 0 && board.shownAt[k] === undefined && priceText === run.target.expected[k])
    board.shownAt[k] = performance.now();
}

/**
 * What the page does with one event, by the page's own rules (#shared/race-card-events): an event
 * that carries the changed runners is applied to the board without a request; one that needs a
 * reload (an upload, or a change too big to carry) re-reads the board's query.
 */
function applyEvent(board: Board, run: Run, data: string) {
  const event = parseRaceCardEvent(data);
  if (!event) return;
  run.eventsReceived++;
  const now = performance.now();
  if (run.current >= 0) {
    if (!run.firstEventAt) run.firstEventAt = now;
    run.lastEventAt = now;
  }
  if (!eventNeedsReload(event)) {
    for (const r of event.runners ?? []) if (r.id === run.target.runnerId) show(board, run, r.priceText);
    return;
  }
  reread(board, run);
}

/** GET /api/value-now as the page's query does, counted as one origin request. */
function reread(board: Board, run: Run) {
  if (board.reading) {
    board.again = true;
    return;
  }
  board.reading = true;
  run.originRequests++;
  const req = http.get(
    `${board.instance.url}/api/value-now`,
    {
      agent: board.instance.agent,
      // A browser's: the origin answers what it would answer a page.
      headers: { cookie: board.cookie, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
    },
    (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if (res.statusCode === 200) show(board, run, priceTextIn(decoded(res, Buffer.concat(chunks)), run.target));
        else failed(String(res.statusCode));
        done();
      });
      res.on('error', (err: NodeJS.ErrnoException) => {
        failed(err.code ?? err.message);
        done();
      });
    },
  );
  req.on('error', (err: NodeJS.ErrnoException) => {
    failed(err.code ?? err.message);
    done();
  });
  function failed(why: string) {
    run.failedRequests++;
    run.failures.set(why, (run.failures.get(why) ?? 0) + 1);
  }
  function done() {
    board.reading = false;
    if (board.again) {
      board.again = false;
      reread(board, run);
    }
  }
}

function decoded(res: http.IncomingMessage, body: Buffer): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(body).toString('utf8');
  return body.toString('utf8');
}

/**
 * The target runner's price text in a value board answer. Found by text, not JSON.parse: the page
 * parses the whole board, but 10,000 parses of it on the bench's one core would time the bench.
 */
function priceTextIn(json: string, target: Target): string | null {
  const at = json.indexOf(`{"id":${target.runnerId},"horseName":`);
  if (at < 0) return null;
  const m = /"priceText":(null|"((?:[^"\\]|\\.)*)")/.exec(json.slice(at, at + 2000));
  return m && m[2] !== undefined ? m[2] : null;
}

/** Opens a board's event stream; resolves once the server says it is connected. */
function openStream(board: Board, run: Run, sockets: net.Socket[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = net.connect(board.instance.port, '127.0.0.1');
    sockets.push(s);
    let buffer = '';
    let connected = false;
    s.setEncoding('utf8');
    s.on('data', (chunk: string) => {
      buffer += chunk;
      if (!connected) {
        if (!buffer.includes('\r\n\r\n')) return;
        if (!buffer.startsWith('HTTP/1.1 200')) return reject(new Error(`stream: ${buffer.slice(0, 200)}`));
        connected = true;
        buffer = buffer.slice(buffer.indexOf('\r\n\r\n') + 4);
        resolve();
      }
      // The body is chunked: the chunk-size lines are not SSE lines and never start with "data: ".
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split(/\r?\n/)
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        if (data) applyEvent(board, run, data);
      }
    });
    s.on('error', (err) => (connected ? undefined : reject(err)));
    s.write(
      `GET /api/vbg-race-cards-events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: ${board.cookie}\r\n\r\n`,
    );
  });
}

// ---- Figures -----------------------------------------------------------------------------------
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;
const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : 'never');

interface PasteFigures {
  p50: number;
  p99: number;
  shown: number;
  requestsPerBoard: number;
  failed: number;
  postMs: number;
}

async function scenario(name: string) {
  const two = name === 'two-pg';
  const onPg = name !== 'one-pglite';
  if (!['one-pglite', 'one-pg', 'two-pg'].includes(name)) throw new Error(`unknown scenario ${name}`);
  const instances = two ? 2 : 1;
  const { boards: BOARDS, note } = boardsAllowed(instances);
  console.log(
    `\n== ${name}: ${instances} instance${two ? 's' : ''} on ${onPg ? 'PostgreSQL' : 'PGlite'}, ${BOARDS} boards, ${PASTES} pastes`,
  );
  if (note) console.log(note);

  const db = await benchDatabase('vbg_bench_fanout', onPg ? PG_BASE : undefined);
  const cookies = await db.insertMembers(BOARDS);
  const started: Instance[] = [];
  const sockets: net.Socket[] = [];
  let listener: pg.Client | undefined;
  try {
    // One after another: the first migrates the database, the second finds it ready.
    for (let i = 0; i < instances; i++) {
      const app = await startApp({ SEED_DEMO: 'false', ...db.env }, [], { core: SERVER_CORE });
      const agent = new http.Agent({ keepAlive: true, maxSockets: POOL });
      started.push({ app, url: app.url, port: Number(new URL(app.url).port), agent });
    }
    const first = started[0];
    const admin = await login(first.url, ADMIN.email, ADMIN.password);
    await publishMorning(first.url, admin, RACES);
    const board0 = (await (
      await fetch(`${first.url}/api/value-now`, { headers: { cookie: admin } })
    ).json()) as ValueBoard;
    const race = board0.races[0];
    const runner = race.runners[0];
    // Alternating prices the runner has not had, so each paste is a change every board must show.
    const texts = ['23/2', '25/2', '27/2', '29/2', '31/2', '33/2'];
    const expected = Array.from({ length: PASTES }, (_, k) => texts[k % texts.length]);
    const run: Run = {
      target: { runnerId: runner.id, expected },
      current: -1,
      pasteSentAt: 0,
      originRequests: 0,
      failedRequests: 0,
      failures: new Map(),
      eventsReceived: 0,
      firstEventAt: 0,
      lastEventAt: 0,
    };

    // The boards, split between the instances; each first loads its board, as the page does.
    const boards: Board[] = cookies.map((cookie, i) => ({
      cookie,
      instance: started[i % instances],
      shown: null,
      shownAt: [],
      reading: false,
      again: false,
    }));
    const t0 = performance.now();
    for (let i = 0; i < boards.length; i += 250)
      await Promise.all(boards.slice(i, i + 250).map((b) => openStream(b, run, sockets)));
    const openS = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    for (const b of boards) reread(b, run);
    while (boards.some((b) => b.reading)) await new Promise((r) => setTimeout(r, 20));
    const loadS = (performance.now() - t1) / 1000;
    const firstLoads = run.originRequests;
    const bytes = Buffer.byteLength(JSON.stringify(board0));
    console.log(
      `${BOARDS} streams open in ${openS.toFixed(1)} s; the boards' first loads (${firstLoads}, ${run.failedRequests} failed, ${Math.round(bytes / 1024)} KB each) in ${loadS.toFixed(1)} s; ${runner.horseName} at "${boards[0].shown}"`,
    );
    run.originRequests = 0;
    run.failedRequests = 0;
    run.eventsReceived = 0;

    // Notifying commits: LISTEN on every channel (PostgreSQL), every arrival timed.
    const notifications: number[] = [];
    const byChannel = new Map<string, number>();
    if (onPg) {
      listener = new pg.Client({ connectionString: db.env.DATABASE_URL });
      await listener.connect();
      listener.on('notification', (n) => {
        notifications.push(performance.now());
        byChannel.set(n.channel, (byChannel.get(n.channel) ?? 0) + 1);
      });
      for (const c of CHANNELS) await listener.query(`LISTEN ${c}`);
    }

    const figures: PasteFigures[] = [];
    const eventTimes: number[] = [];
    const benchCpu0 = cpuMsOf(process.pid);
    const serverCpu = () => started.reduce((sum, i) => sum + cpuMsOf(i.app.child.pid!), 0);
    const serverCpu0 = serverCpu();
    let requestsWhilePasting = 0;
    const pasteStart = performance.now();
    for (let k = 0; k < PASTES; k++) {
      run.current = k;
      run.originRequests = 0;
      run.failedRequests = 0;
      run.failures.clear();
      run.firstEventAt = 0;
      run.lastEventAt = 0;
      const eventsBefore = run.eventsReceived;
      const sent = performance.now();
      run.pasteSentAt = sent;
      const res = await fetch(`${first.url}/api/admin/prices`, {
        method: 'POST',
        headers: { cookie: admin, origin: first.url, 'content-type': 'application/json' },
        body: JSON.stringify({
          date: board0.date,
          lines: `${race.time} ${race.course}: ${runner.horseName} ${expected[k]}`,
        }),
      });
      const postMs = performance.now() - sent;
      if (res.status !== 200) throw new Error(`paste: ${res.status} ${await res.text()}`);
      const deadline = sent + WAIT_MS;
      const pending = () => boards.some((b) => b.shownAt[k] === undefined) || boards.some((b) => b.reading);
      while (pending() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      // Late re-reads still finishing are this paste's cost too.
      while (boards.some((b) => b.reading)) await new Promise((r) => setTimeout(r, 10));
      const lat = boards
        .map((b) => (b.shownAt[k] === undefined ? Infinity : b.shownAt[k]! - sent))
        .sort((a, b) => a - b);
      const shown = lat.filter(Number.isFinite).length;
      const events = run.eventsReceived - eventsBefore;
      requestsWhilePasting += run.originRequests;
      eventTimes.push(events);
      figures.push({
        p50: quantile(lat, 0.5),
        p99: quantile(lat, 0.99),
        shown,
        requestsPerBoard: run.originRequests / BOARDS,
        failed: run.failedRequests,
        postMs,
      });
      console.log(
        `paste ${k + 1}: ${expected[k]} — answered in ${Math.round(postMs)} ms; shown by ${shown}/${BOARDS}: p50 ${ms(quantile(lat, 0.5))}, p99 ${ms(quantile(lat, 0.99))}, last ${ms(lat[lat.length - 1])}; ${run.originRequests} origin requests (${(run.originRequests / BOARDS).toFixed(2)} a board), ${run.failedRequests} failed${run.failures.size ? ` (${[...run.failures].map(([why, n]) => `${why} × ${n}`).join(', ')})` : ''}; ${events} events received (${(events / BOARDS).toFixed(2)} a board), the first ${ms(run.firstEventAt ? run.firstEventAt - sent : NaN)} and the last ${ms(run.lastEventAt ? run.lastEventAt - sent : NaN)} after sending`,
      );
    }
    const pasteSeconds = (performance.now() - pasteStart) / 1000;
    const benchCpu = (cpuMsOf(process.pid) - benchCpu0) / (pasteSeconds * 1000);
    const serverCpuMs = serverCpu() - serverCpu0;
    run.current = -1;

    // The peak: the most notifications in any one-second window while pasting.
    let peak = 0;
    for (let i = 0, j = 0; i < notifications.length; i++) {
      while (notifications[i] - notifications[j] > 1000) j++;
      peak = Math.max(peak, i - j + 1);
    }
    const sorted = (f: (p: PasteFigures) => number) => figures.map(f).sort((a, b) => a - b);
    const p99s = sorted((f) => f.p99);
    const p50s = sorted((f) => f.p50);
    const perBoard = figures.reduce((s, f) => s + f.requestsPerBoard, 0) / figures.length;
    const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `-- ${name} summary (${new Date().toISOString()}; ${machine()}; pinned: ${pinned()}; fd limit ${fdLimit})`,
    );
    console.log(`boards open: ${BOARDS} (goal ${GOALS.boards}: ${mark(BOARDS >= GOALS.boards)})`);
    console.log(
      `time until 99 % of boards show the price, per paste: ${p99s.map(ms).join(', ')} (median ${ms(quantile(p99s, 0.5))}; goal ≤ ${GOALS.showWithinMs} ms: ${mark(p99s.every((v) => v <= GOALS.showWithinMs))}); p50 per paste: ${p50s.map(ms).join(', ')}`,
    );
    console.log(
      `origin requests per open board per event: ${perBoard.toFixed(3)} (goal ≤ ${GOALS.requestsPerBoardPerEvent}: ${mark(perBoard <= GOALS.requestsPerBoardPerEvent)})`,
    );
    if (onPg)
      console.log(
        `notifying commits: ${notifications.length} over ${PASTES} pastes (${(notifications.length / PASTES).toFixed(1)} a paste: ${[...byChannel].map(([c, n]) => `${c} ${n}`).join(', ')}), peak ${peak} in one second (goal ≤ ${GOALS.notifyingCommitsPerSecond}: ${mark(peak <= GOALS.notifyingCommitsPerSecond)})`,
      );
    else
      console.log(
        `notifying commits: not observable from outside (PGlite is in-process); race-card events per board per paste: ${(eventTimes.reduce((a, b) => a + b, 0) / PASTES / BOARDS).toFixed(2)}`,
      );
    console.log(
      `server CPU while pasting: ${(serverCpuMs / 1000).toFixed(1)} s (${instances > 1 ? 'both instances, ' : ''}${requestsWhilePasting ? `${(serverCpuMs / requestsWhilePasting).toFixed(1)} ms per origin request` : 'no origin request'}; ${(serverCpuMs / PASTES).toFixed(0)} ms a paste)`,
    );
    console.log(
      `bench CPU while pasting: ${(benchCpu * 100).toFixed(0)} % of its core (near 100 %, the bench and not the server is the limit); ${pasteSeconds.toFixed(1)} s of pasting`,
    );
  } finally {
    for (const s of sockets) s.destroy();
    await listener?.end().catch(() => undefined);
    for (const i of started) {
      i.agent.destroy();
      await stopApp(i.app);
    }
    await db.drop();
  }
}

pinToCore(process.pid, BENCH_CORE);
console.log(
  `price fan-out bench: ${machine()}; fd limit ${fdLimit}; server(s) on core ${SERVER_CORE}, bench on core ${BENCH_CORE}${pinned() ? '' : ' (PIN=0: unpinned)'}`,
);
for (const name of SCENARIOS) await scenario(name);
