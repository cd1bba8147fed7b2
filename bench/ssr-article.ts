// Server rendering (docs/decisions/0020): an article page rendered by React on the
// server, against /login (a page without data; since decision 0035 rendered once a day for
// visitors and kept, so a cached page of 24 KB rather than the bare shell it was).
//   shell              GET /login                          the sign-in page, from the page cache
//   article, cached    GET /news-and-views/<slug>          a visitor: the render kept per content version
//   article, rendered  GET /news-and-views/<slug>          a visitor carrying a session cookie that
//                                                          is no session (longer than any token, so
//                                                          refused without a database read): not a
//                                                          visitor's cached page, rendered on every
//                                                          request and read as a visitor — the cold render
//   article, member    GET /news-and-views/<slug>          a member: rendered on every request
// The app is the real entry point on its demo content (PGlite), LOG_LEVEL info as in production.
// The server is pinned to core 0 and this process (autocannon) to core 1 (`taskset`), so neither
// takes the other's core (DESIGN: throughput ratios mean something only pinned).
// Bounded: ROUNDS (default 3) × 4 runs of DURATION seconds (default 5).
// Run: npx tsx bench/ssr-article.ts   (builds the client and the server entry when stale)
import { execFileSync } from 'node:child_process';
import { ensureWebBuilt } from '../tests/support/web-build';
import { cannon, login, machine, startApp, stopApp, table, type Figures } from './support/harness';
import { median } from './support/stats';

const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);

/** Every thread of a process onto one core (the server's libuv and V8 threads included). */
function pin(pid: number, core: number) {
  execFileSync('taskset', ['-a', '-cp', String(core), String(pid)], { stdio: 'ignore' });
}

ensureWebBuilt();
const app = await startApp({ SEED_DEMO: 'true' });
try {
  pin(app.child.pid!, 0);
  pin(process.pid, 1);
  let demoMember: RegExpExecArray | null = null;
  for (let i = 0; i < 40 && !demoMember; i++) {
    demoMember = /demo member created: (\S+) \/ (\S+)/.exec(app.output());
    if (!demoMember) await new Promise((r) => setTimeout(r, 50));
  }
  if (!demoMember) throw new Error('the demo member was not announced');
  const memberCookie = await login(app.url, demoMember[1], demoMember[2]);
  const articles = (await (await fetch(`${app.url}/api/news-and-views`)).json()) as Array<{
    slug: string;
    contentType: string;
  }>;
  const slug = articles.find((a) => a.contentType !== 'premium')!.slug;
  const article = `${app.url}/news-and-views/${slug}`;
  const page = await (await fetch(article)).text();
  if (!page.includes('id="vbg-data"')) throw new Error('the article page was not rendered on the server');
  const shell = await (await fetch(`${app.url}/login`)).text();
  console.log(`article page ${page.length} bytes; shell ${shell.length} bytes`);

  // A query string the page does not read is redirected to its one address (decision 0035), so
  // the cold render is asked for with a cookie that makes it no visitor's page but is no session.
  const noSession = { cookie: `vbg_session=${'x'.repeat(101)}` };
  const common = { connections: CONNECTIONS, duration: DURATION };
  await cannon('warm-up', { ...common, duration: 2, url: article, headers: noSession });
  await cannon('warm-up', { ...common, duration: 2, url: `${app.url}/login` });
  const pid = app.child.pid!;
  const rows: Figures[] = [];
  const shares: Record<'cached' | 'rendered' | 'member', number[]> = { cached: [], rendered: [], member: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    const s = await cannon(`round ${round}: shell (/login)`, { ...common, url: `${app.url}/login` }, pid);
    const c = await cannon(`round ${round}: article, cached (visitor)`, { ...common, url: article }, pid);
    const r = await cannon(
      `round ${round}: article, rendered (visitor, no session)`,
      { ...common, url: article, headers: noSession },
      pid,
    );
    const m = await cannon(
      `round ${round}: article, rendered (member)`,
      { ...common, url: article, headers: { cookie: memberCookie } },
      pid,
    );
    rows.push(s, c, r, m);
    shares.cached.push(c.rps / s.rps);
    shares.rendered.push(r.rps / s.rps);
    shares.member.push(m.rps / s.rps);
  }
  table(rows);
  const pct = (x: number) => `${Math.round(100 * x)}%`;
  for (const [name, list] of Object.entries(shares))
    console.log(`article ${name}: ${list.map(pct).join(', ')} of the shell's req/s (median ${pct(median(list))})`);
  console.log(
    `${new Date().toISOString()} — ${machine()} — PGlite, ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds, server on core 0, load on core 1`,
  );
} finally {
  await stopApp(app);
}
