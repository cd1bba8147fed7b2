// The server render's data reads, for a busy machine (decision 0048): the same cold render of a
// demo article, in one process, with its reads taken two ways in turn —
//   inject   through the app's own routes with app.inject (how the render read before 0048)
//   direct   the route's access rule and read, without HTTP (readWithoutHttp, what it does now)
// — for a visitor and a signed-in member, in short interleaved rounds so the machine's drift
// falls on both alike. Figures: CPU of this process per render (PGlite runs in it too), and per
// read alone. The process is pinned to one core (PIN=0: not).
// Bounded: ROUNDS (default 8) × 4 runs of RENDERS renders (default 60) and as many reads.
// Run: npx tsx bench/ssr-reads-ab.ts   (builds the client and the server entry when stale)
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { readWithoutHttp } from '#server/http/read-routes';
import { publicConfig } from '#server/public-config';
import { seedDemo } from '#server/seed/demo';
import { loadServerEntry } from '#server/pages/server-render';
import { startTestApp } from '../tests/support/test-app';
import { ensureWebBuilt, WEB_DIR } from '../tests/support/web-build';
import { machine, pinToCore } from './support/harness';
import { median } from './support/stats';

const ROUNDS = Number(process.env.ROUNDS ?? 8);
const RENDERS = Number(process.env.RENDERS ?? 60);

type Reader = (apiPath: string) => Promise<Response>;

/** The reader the render had before decision 0048 (server-render.ts then), kept here as the baseline. */
const injectReader =
  (app: FastifyInstance, cookie: string | undefined): Reader =>
  async (apiPath) => {
    const res = await app.inject({
      method: 'GET',
      url: apiPath,
      headers: { 'x-mobile-client': 'false', ...(cookie ? { cookie } : {}), 'user-agent': 'bench' },
      remoteAddress: '127.0.0.1',
    });
    const contentType = res.headers['content-type'];
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: contentType ? { 'content-type': String(contentType) } : {},
    });
  };

ensureWebBuilt();
pinToCore(process.pid, 0);
const t = await startTestApp({ LOG_LEVEL: 'silent' }, { webDir: WEB_DIR });
try {
  const demo = await seedDemo(t.ctx);
  if (!demo) throw new Error('the demo was not seeded');
  const member = t.client();
  if ((await member.post('/api/login', demo)).status !== 200) throw new Error('the demo member could not sign in');
  const token = member.cookies.get('vbg_session')!;
  const entry = (await loadServerEntry(path.join(WEB_DIR, '../server-entry/entry-server.js')))!;
  const articles = (await t.client().get('/api/news-and-views')).json as Array<{ slug: string; contentType: string }>;
  const slug = articles.find((a) => a.contentType !== 'premium')!.slug;
  const url = `/news-and-views/${slug}`;
  const config = publicConfig(t.ctx.config);

  const readers = {
    inject: { visitor: injectReader(t.app, undefined), member: injectReader(t.app, `vbg_session=${token}`) },
    direct: {
      visitor: (p: string) =>
        readWithoutHttp(t.app, t.ctx, undefined, p, t.ctx.log).then((r) => new Response(r.json, { status: r.status })),
      member: (p: string) =>
        readWithoutHttp(t.app, t.ctx, token, p, t.ctx.log).then((r) => new Response(r.json, { status: r.status })),
    },
  } satisfies Record<string, Record<'visitor' | 'member', Reader>>;
  const reads = ['/api/auth/user', `/api/news-and-views/${slug}`]; // what the article page reads

  const first = await entry.render({ url, now: t.ctx.clock.now(), config, api: readers.direct.member });
  if (first.status !== 200 || !first.html.includes('article'))
    throw new Error(`the article did not render: ${first.status}`);

  /** CPU µs of this process per call of `fn`, over `n` calls one after another. */
  async function cpuPer(n: number, fn: () => Promise<unknown>) {
    const before = process.cpuUsage();
    for (let i = 0; i < n; i++) await fn();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / n;
  }
  const render = (reader: Reader) => () => entry.render({ url, now: t.ctx.clock.now(), config, api: reader });
  const readAll = (reader: Reader) => async () => {
    for (const p of reads) await (await reader(p)).text();
  };

  // Warm both paths (JIT) before measuring.
  for (const mode of ['inject', 'direct'] as const) {
    await cpuPer(RENDERS, render(readers[mode].member));
    await cpuPer(RENDERS, readAll(readers[mode].visitor));
  }
  const figures: Record<string, number[]> = {};
  const add = (key: string, v: number) => (figures[key] ??= []).push(v);
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 ? (['inject', 'direct'] as const) : (['direct', 'inject'] as const);
    for (const mode of order) {
      for (const who of ['visitor', 'member'] as const) {
        add(`${mode} ${who} render`, await cpuPer(RENDERS, render(readers[mode][who])));
        add(`${mode} ${who} reads`, await cpuPer(RENDERS, readAll(readers[mode][who])));
      }
    }
  }
  const rows = Object.entries(figures).map(([what, list]) => ({
    what,
    'median µs': Math.round(median(list)),
    rounds: list.map(Math.round).join(' '),
  }));
  console.table(rows.sort((a, b) => a.what.localeCompare(b.what)));
  for (const who of ['visitor', 'member']) {
    for (const kind of ['render', 'reads']) {
      const a = median(figures[`inject ${who} ${kind}`]);
      const b = median(figures[`direct ${who} ${kind}`]);
      console.log(
        `${who} ${kind}: inject ${Math.round(a)} µs, direct ${Math.round(b)} µs (${Math.round((100 * (a - b)) / a)}% less)`,
      );
    }
  }
  console.log(
    `${new Date().toISOString()} — ${machine()} — PGlite, article ${url}, ${reads.length} reads per render, ${ROUNDS} rounds × ${RENDERS}, one process${process.env.PIN === '0' ? '' : ' on core 0'}`,
  );
} finally {
  await t.close();
}
