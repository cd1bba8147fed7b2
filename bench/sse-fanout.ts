// Load bench (c) (docs/decisions/0012): 5,000 members on the race-card event stream receive one upload event.
// Goal: every stream gets it within 1 s, at ≤ 20 KB of server memory per open stream.
// 10,000 sockets are open at the peak (5,000 here, 5,000 in the server): the script needs an fd
// limit above that. This machine's is 20,000; elsewhere run it as
//   bash -c 'ulimit -n 20000 && npx tsx bench/sse-fanout.ts'
// The app is the real entry point (PGlite by default; BENCH_DATABASE_URL for PostgreSQL, where
// the event travels through LISTEN/NOTIFY). Memory is the server's resident set (VmRSS) before
// and after the streams open. The event is sent by a real admin upload (stage 1 workbook).
// Run: npx tsx bench/sse-fanout.ts
import net from 'node:net';
import fs from 'node:fs';
import { makeRaceDay, masterForm, raceDayWorkbook } from '#server/features/race-cards/samples/race-day';
import { ADMIN, freshPostgresDatabase, login, machine, rssOf, startApp, stopApp } from './support/harness';

const STREAMS = Number(process.env.STREAMS ?? 5000);
const pgBase = process.env.BENCH_DATABASE_URL;

const limit = Number(fs.readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+(\d+)/)?.[1] ?? 0);
if (limit && limit < STREAMS + 500) {
  console.error(`fd limit ${limit} is too low for ${STREAMS} streams: run with ulimit -n ${2 * STREAMS + 1000}`);
  process.exit(1);
}

const db = pgBase ? await freshPostgresDatabase('vbg_bench_sse', pgBase) : undefined;
const app = await startApp({ SEED_DEMO: 'false', ...(db ? { DATABASE_URL: db.url } : {}) });
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
  const rssBefore = rssOf(app.child.pid!);

  const received: number[] = [];
  const request = `GET /api/vbg-race-cards-events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: ${admin}\r\n\r\n`;
  function open(): Promise<void> {
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
      s.write(request);
    });
  }
  // Memory per stream is the slope between a fifth of the streams and all of them: the resident
  // set of a process that just parsed a workbook moves by tens of MB on its own with the GC.
  const openMany = async (n: number) => {
    for (let i = 0; i < n; i += 250) await Promise.all(Array.from({ length: Math.min(250, n - i) }, open));
  };
  const settle = () => new Promise((r) => setTimeout(r, 3000));
  const t0 = performance.now();
  const early = Math.floor(STREAMS / 5);
  await openMany(early);
  const openEarlyMs = performance.now() - t0;
  await settle();
  const rssEarly = rssOf(app.child.pid!);
  const t1 = performance.now();
  await openMany(STREAMS - early);
  const openMs = openEarlyMs + performance.now() - t1;
  await settle();
  const rssAfter = rssOf(app.child.pid!);

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
  const perStream = (rssAfter - rssEarly) / (STREAMS - early) / 1024;
  console.log(
    `server RSS: ${(rssBefore / 2 ** 20).toFixed(1)} MiB with no stream, ${(rssEarly / 2 ** 20).toFixed(1)} MiB with ${early}, ${(rssAfter / 2 ** 20).toFixed(1)} MiB with ${STREAMS} → ${perStream.toFixed(1)} KB per stream (goal ≤ 20 KB)`,
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
  await db?.drop();
}
