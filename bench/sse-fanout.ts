// Load bench (c) (docs/decisions/0012): 10,000 members on the race-card event stream receive one upload event.
// Goal: every stream gets it within 1 s, at ≤ 10 KB of server memory per open stream.
// Each stream is a different member with their own session (inserted in bulk before the app
// starts), as in the morning: the server allows only a few streams per session and per account.
// 20,000 sockets are open at the peak (10,000 here, 10,000 in the server): this process and the
// server each need an fd limit above 10,000. This machine's is 20,000; elsewhere run it as
//   bash -c 'ulimit -n 21000 && npx tsx bench/sse-fanout.ts'
// The app is the real entry point (PGlite by default; BENCH_DATABASE_URL for PostgreSQL, where
// the event travels through LISTEN/NOTIFY). Memory is the server's resident set and live JS heap
// after a full collection, before and after the streams open. The event is sent by a real admin upload (stage 1 workbook).
// Run: npx tsx bench/sse-fanout.ts
import net from 'node:net';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeRaceDay, masterForm, raceDayWorkbook } from '#server/features/race-cards/samples/race-day';
import { ADMIN, login, machine, startApp, stopApp } from './support/harness';
import { benchDatabase } from './support/members';

const STREAMS = Number(process.env.STREAMS ?? 10_000);
/** Server memory per open stream, the goal. */
const GOAL_KB = 10;
const pgBase = process.env.BENCH_DATABASE_URL;

const limit = Number(fs.readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+(\d+)/)?.[1] ?? 0);
if (limit && limit < STREAMS + 500) {
  console.error(`fd limit ${limit} is too low for ${STREAMS} streams: run with ulimit -n ${2 * STREAMS + 1000}`);
  process.exit(1);
}

const db = await benchDatabase('vbg_bench_sse', pgBase);
const members = await db.insertMembers(STREAMS);
// Memory is read after a full collection the server runs on a signal (support/gc-on-signal.mjs).
const app = await startApp({ SEED_DEMO: 'false', ...db.env }, [
  '--expose-gc',
  '--import',
  fileURLToPath(new URL('./support/gc-on-signal.mjs', import.meta.url)),
]);

interface Memory {
  rss: number;
  heapUsed: number;
}
/** The server's resident set and live JS heap after a full collection. */
async function memory(): Promise<Memory> {
  const before = app.output().split('gc-done').length;
  app.child.kill('SIGUSR2');
  for (;;) {
    const lines = [...app.output().matchAll(/gc-done rss=(\d+) heapUsed=(\d+)/g)];
    if (lines.length >= before) return { rss: Number(lines.at(-1)![1]), heapUsed: Number(lines.at(-1)![2]) };
    await new Promise((r) => setTimeout(r, 20));
  }
}
const sockets: net.Socket[] = [];
try {
  const admin = await login(app.url, ADMIN.email, ADMIN.password);
  const { port } = new URL(app.url);
  const workbook = await raceDayWorkbook(makeRaceDay({ races: 8, runners: 10, seed: 3 }));
  // Warm the upload path once (module loading, JIT) so the measured upload is an ordinary one.
  await fetch(`${app.url}/api/vbg-race-cards/upload-master-excel`, {
    method: 'POST',
    headers: { cookie: admin },
    body: masterForm(workbook, 'friday'),
  });
  await new Promise((r) => setTimeout(r, 1000));
  const none = await memory();

  const received: number[] = [];
  const request = (cookie: string) =>
    `GET /api/vbg-race-cards-events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`;
  function open(cookie: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const s = net.connect(Number(port), '127.0.0.1');
      let seen = '';
      let connected = false;
      s.setEncoding('utf8');
      s.on('data', (chunk: string) => {
        seen += chunk;
        if (!connected && seen.includes(': connected')) {
          connected = true;
          if (!seen.startsWith('HTTP/1.1 200')) reject(new Error(seen.slice(0, 200)));
          else resolve();
        }
        if (seen.includes('"type":"upload"')) {
          received.push(performance.now());
          seen = '';
        } else if (seen.length > 4096) seen = seen.slice(-256);
      });
      s.on('error', reject);
      sockets.push(s);
      s.write(request(cookie));
    });
  }
  // Memory per stream is the slope between a fifth of the streams and all of them, so what the
  // first streams bring once (code compiled, pools grown) is not counted per stream.
  const openMany = async (from: number, to: number) => {
    for (let i = from; i < to; i += 250) await Promise.all(members.slice(i, Math.min(i + 250, to)).map(open));
  };
  const t0 = performance.now();
  const early = Math.floor(STREAMS / 5);
  await openMany(0, early);
  const openEarlyMs = performance.now() - t0;
  const some = await memory();
  const t1 = performance.now();
  await openMany(early, STREAMS);
  const openMs = openEarlyMs + performance.now() - t1;
  const all = await memory();

  const sent = performance.now();
  const res = await fetch(`${app.url}/api/vbg-race-cards/upload-master-excel`, {
    method: 'POST',
    headers: { cookie: admin },
    body: masterForm(workbook, 'saturday'),
  });
  const answered = performance.now();
  if (res.status !== 200) throw new Error(`upload: ${res.status}`);
  const deadline = performance.now() + 10_000;
  while (received.length < STREAMS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const last = received.length ? Math.max(...received) : NaN;
  const first = received.length ? Math.min(...received) : NaN;

  console.log(`streams open: ${STREAMS} in ${(openMs / 1000).toFixed(1)} s`);
  const perStream = (key: keyof Memory) => ((all[key] - some[key]) / (STREAMS - early) / 1024).toFixed(1);
  const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  console.log(
    `server RSS after a full collection: ${mib(none.rss)} MiB with no stream, ${mib(some.rss)} MiB with ${early}, ${mib(all.rss)} MiB with ${STREAMS} → ${perStream('rss')} KB per stream (goal ≤ ${GOAL_KB} KB), of which live JS heap ${perStream('heapUsed')} KB (${mib(none.heapUsed)} → ${mib(some.heapUsed)} → ${mib(all.heapUsed)} MiB)`,
  );
  console.log(`event received by ${received.length} of ${STREAMS} streams`);
  console.log(
    `upload sent → answered: ${(answered - sent).toFixed(0)} ms; first stream got it ${(first - sent).toFixed(0)} ms after sending, the last ${(last - sent).toFixed(0)} ms after sending, ${(last - first).toFixed(0)} ms after the first (goal: all within 1 s)`,
  );
  console.log(
    `${new Date().toISOString()} — ${machine()} — ${pgBase ? 'PostgreSQL (LISTEN/NOTIFY)' : 'PGlite'}, fd limit ${limit}`,
  );
} finally {
  for (const s of sockets) s.destroy();
  await stopApp(app);
  await db.drop();
}
