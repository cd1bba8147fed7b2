// `npm run measure:frontend`: the front-end budget of issues 9 and 15, measured as a visitor gets it.
// Builds the client, starts the real server (PGlite in a temporary DATA_DIR, demo content), then
// for each public page (home, News & Views, an article, the free race):
//   1. loads it in Debian's Chromium (playwright-core) with an empty cache and adds up the gzipped
//      size of every script requested before the page is loaded and the network idle: ≤ 125 KB;
//   2. runs Lighthouse (mobile profile, performance category) against it: score ≥ 95, and its
//      largest contentful element must be in the page's first HTML response (server rendering,
//      decision 0020).
// Then the same for a signed-in member's /tips and /vbg-race-cards (the demo member, signed in
// through the API; decision 0052): their script, Lighthouse and largest element in the first HTML.
// Options: --no-build (use dist/web as it is), --no-lighthouse, --runs N (Lighthouse runs per page,
// the median counts; default 1), --json FILE (write the figures), --pages A,B (only the pages whose
// name contains one of these words, e.g. `--pages member` or `--pages home,tips`), --reports DIR
// (keep each Lighthouse report there as JSON).
import './support/supported-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};

export const JS_BUDGET_BYTES = 125 * 1024;
export const LIGHTHOUSE_MIN = 95;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

function build() {
  console.log('Building the client and the server-render entry (vite build, vite build --ssr)…');
  for (const extra of [[], ['--ssr']]) {
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...extra, '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (result.status !== 0) throw new Error('vite build failed');
  }
}

async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The real server (scripts/start.mjs) on PGlite in a throw-away data directory, with demo content. */
async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-measure-'));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      LOCAL_CHECKOUT: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  // The demo member's password is shown once on the terminal (stderr): kept to sign in as them.
  let memberLogin = null;
  child.stderr.on('data', (chunk) => {
    const text = chunk.toString();
    process.stderr.write(text);
    const m = /demo member created: (\S+) \/ (\S+) \(shown once\)/.exec(text);
    if (m) memberLogin = { email: m[1], password: m[2] };
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/news-and-views`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    /** The demo member's session cookie ("name=value"), signed in through the API. */
    async memberCookie() {
      // The demo content is seeded once the server listens: its member shows a moment later.
      for (let waited = 0; !memberLogin && waited < 60_000; waited += 250) await new Promise((r) => setTimeout(r, 250));
      if (!memberLogin)
        throw new Error('the server did not show the demo member (SEED_DEMO on a fresh data directory)');
      const res = await fetch(`${baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify(memberLogin),
      });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vbg_session='));
      if (!res.ok || !cookie) throw new Error(`the demo member could not sign in: ${res.status}`);
      return cookie.split(';')[0];
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function publicPages(baseUrl) {
  const list = await (await fetch(`${baseUrl}/api/news-and-views`)).json();
  const articles = Array.isArray(list) ? list : (list.articles ?? list.items ?? []);
  const free = articles.find((a) => !a.isPremium && a.slug) ?? articles.find((a) => a.slug);
  if (!free) throw new Error('the demo content has no article to measure');
  return [
    { name: 'home', path: '/' },
    { name: 'news-and-views', path: '/news-and-views' },
    { name: 'article', path: `/news-and-views/${free.slug}` },
    { name: 'free-race', path: '/free-race' },
  ];
}

/**
 * Scripts a first visit requests before it is loaded and the network has gone quiet (the
 * page's own data has arrived and been rendered): what a visitor downloads before interacting.
 */
export async function measurePageScripts(browser, url, viewport = { width: 390, height: 844 }, cookie = null) {
  const context = await browser.newContext({ viewport });
  if (cookie) {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url }]);
  }
  const page = await context.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const entry = { url: response.url(), raw: 0, gzip: 0 };
    scripts.push(entry);
    entry.done = response
      .body()
      .then((body) => {
        entry.raw = body.length;
        entry.gzip = gzipSync(body).length;
      })
      .catch(() => undefined);
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await Promise.all(scripts.map((s) => s.done));
  await context.close();
  const gzip = scripts.reduce((n, s) => n + s.gzip, 0);
  const raw = scripts.reduce((n, s) => n + s.raw, 0);
  return {
    gzip,
    raw,
    files: scripts.map(({ url: u, raw: r, gzip: g }) => ({ file: new URL(u).pathname, raw: r, gzip: g })),
  };
}

/** Visible text of an HTML document (tags, comments and the JSON data element dropped; entities decoded). */
function textOf(html) {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

/** Whether Lighthouse's largest contentful element (its text, as Lighthouse labels it) is in the first HTML. */
async function lcpInFirstHtml(url, lhr, cookie) {
  // Lighthouse 13 names the element in its LCP breakdown insight: a list whose node item is the element.
  const node = lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
  if (!node) return { label: null, inHtml: false };
  const label = String(node.nodeLabel ?? '')
    .replace(/…$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const html = await (await fetch(url, { headers: cookie ? { cookie } : {} })).text();
  return { label, selector: node.selector, inHtml: label.length > 0 && textOf(html).includes(label.slice(0, 60)) };
}

async function runLighthouse(url, runs, cookie = null) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const scores = [];
  const details = [];
  for (let i = 0, failures = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      const lhr = result.lhr;
      const reports = option('--reports');
      if (reports) {
        fs.mkdirSync(reports, { recursive: true });
        const name = `${new URL(url).pathname.replace(/\W+/g, '-') || 'home'}-${Date.now()}.json`;
        fs.writeFileSync(path.join(reports, name), JSON.stringify(lhr));
      }
      // A run without a result (e.g. NO_NAVSTART: the trace missed the navigation, which happens on
      // a busy machine) is run again, twice at most; it never counts as a score.
      if (lhr.runtimeError && failures < 2) {
        failures++;
        i--;
        console.log(`     Lighthouse run without a result (${lhr.runtimeError.code}); running it again`);
        continue;
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const audit = (id) => lhr.audits[id]?.numericValue;
      scores.push(Math.round((lhr.categories.performance.score ?? 0) * 100));
      details.push({
        lcpElement: await lcpInFirstHtml(url, lhr, cookie),
        fcpMs: Math.round(audit('first-contentful-paint')),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
        siMs: Math.round(audit('speed-index')),
        formFactor: lhr.configSettings.formFactor,
        throttling: lhr.configSettings.throttlingMethod,
        lighthouse: lhr.lighthouseVersion,
        chrome: lhr.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0],
      });
    } finally {
      chrome.kill();
    }
  }
  const order = scores.map((s, i) => [s, i]).sort((a, b) => a[0] - b[0]);
  const [median, at] = order[Math.floor(order.length / 2)];
  return { score: median, scores, ...details[at] };
}

async function main() {
  if (!flag('--no-build')) build();
  const server = await startServer();
  const results = [];
  let failed = false;
  try {
    const memberCookie = await server.memberCookie();
    const pages = [
      ...(await publicPages(server.baseUrl)),
      { name: 'member tips', path: '/tips', cookie: memberCookie },
      { name: 'member cards', path: '/vbg-race-cards', cookie: memberCookie },
    ].filter((p) => {
      const wanted = option('--pages', '');
      return !wanted || wanted.split(',').some((word) => p.name.includes(word.trim()));
    });
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS.slice(1) });
    try {
      // One warm-up visit: the server's first answers (PGlite, caches) should not count as the page's.
      await measurePageScripts(browser, server.baseUrl + '/');
      for (const p of pages) {
        const js = await measurePageScripts(browser, server.baseUrl + p.path, undefined, p.cookie);
        const ok = js.gzip <= JS_BUDGET_BYTES;
        failed ||= !ok;
        results.push({ ...p, js });
        console.log(
          `${ok ? 'ok  ' : 'FAIL'} ${p.name.padEnd(15)} JS ${kb(js.gzip)} KB gzipped (${kb(js.raw)} KB raw, ${js.files.length} files) — budget ${kb(JS_BUDGET_BYTES)} KB`,
        );
        if (!ok || flag('--verbose'))
          for (const f of js.files) console.log(`       ${kb(f.gzip).toString().padStart(6)} KB  ${f.file}`);
      }
    } finally {
      await browser.close();
    }
    if (!flag('--no-lighthouse')) {
      const runs = Number(option('--runs', '1'));
      for (const r of results) {
        r.lighthouse = await runLighthouse(server.baseUrl + r.path, runs, r.cookie);
        const ok = r.lighthouse.score >= LIGHTHOUSE_MIN;
        const l = r.lighthouse;
        const lcpOk = l.lcpElement.inHtml;
        failed ||= !ok || !lcpOk;
        console.log(
          `${ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(15)} Lighthouse ${l.score} (runs ${l.scores.join(', ')}; FCP ${l.fcpMs} ms, LCP ${l.lcpMs} ms, TBT ${l.tbtMs} ms, CLS ${l.cls}, SI ${l.siMs} ms) — minimum ${LIGHTHOUSE_MIN}`,
        );
        console.log(
          `${lcpOk ? 'ok  ' : 'FAIL'} ${r.name.padEnd(15)} largest contentful element ${l.lcpElement.selector ?? '?'} "${(l.lcpElement.label ?? '').slice(0, 50)}" ${lcpOk ? 'is' : 'is NOT'} in the first HTML`,
        );
      }
    }
  } finally {
    await server.stop();
  }
  const out = option('--json');
  console.log(
    `Machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}, Node ${process.version}`,
  );
  if (out)
    fs.writeFileSync(
      out,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          cpus: os.cpus().length,
          loadavg: os.loadavg(),
          node: process.version,
          // A member's session is not written down.
          results: results.map(({ cookie: _cookie, ...r }) => r),
        },
        null,
        2,
      ),
    );
  if (failed) {
    console.error('The front-end budget is not met.');
    process.exitCode = 1;
  } else {
    console.log('The front-end budget is met.');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
