import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { londonDate } from '#shared/london-time';
import { feedStatus, memberAlerts, proofReceipts, proofStamps } from '#server/db/schema';
import { alertsIdle, runAlertSweep } from '#server/features/alerts/delivery-loop';
import { queueMessage } from '#server/features/mail/outbox';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/env';
import { StartupError } from '#server/startup-checks';
import { openTestDatabase, startTestApp, type TestApp } from '../support/test-app';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { signedIn } from '../support/users';
import { THREE_TIPS, publishReceipts } from './proofing-helpers';
import { saveSettings } from './alerts-helpers';

let t: TestApp;
let metricsUrl: string;
beforeAll(async () => {
  t = await startTestApp({ METRICS_PORT: '0', HOST: '127.0.0.1' });
  metricsUrl = `http://127.0.0.1:${t.metrics!.port}/metrics`;
});
afterAll(() => t.close());
beforeEach(async () => {
  await alertsIdle(t.ctx);
  await t.reset();
});

async function scrape() {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

describe('the metrics listener (METRICS_PORT)', () => {
  it('serves the text format on its own port and nothing on the public one', async () => {
    expect(t.metrics!.port).not.toBe(new URL(t.baseUrl).port);
    expect((await fetch(`${t.baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/metrics`)).status).toBe(404);
    // The metrics port answers its one path only.
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metricsUrl.replace('/metrics', '/api/health'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });

  it('is off unless METRICS_PORT is set: no listener, no figures kept', async () => {
    const plain = await startTestApp();
    try {
      expect(plain.metrics).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('refuses to start on a taken METRICS_PORT, naming it', async () => {
    const database = await openTestDatabase();
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        HOST: '127.0.0.1',
        METRICS_PORT: String(t.metrics!.port),
      });
      await expect(buildApp({ config, database, logger: false })).rejects.toThrow(
        new StartupError(
          `METRICS_PORT ${t.metrics!.port} on 127.0.0.1 is already in use by another program. Set METRICS_PORT to a free port, or unset it.`,
        ),
      );
    } finally {
      await database.close();
    }
  });

  it('gives request durations by route pattern, method and status, and the process figures', async () => {
    const client = t.client();
    // The histogram counts from the app's start: what this test adds is the difference.
    const before = await scrape();
    const countBefore = (labels: Record<string, string>) =>
      before
        .get('http_request_duration_seconds')!
        .samples.find(
          (s) =>
            s.name === 'http_request_duration_seconds_count' &&
            Object.entries(labels).every(([k, v]) => s.labels[k] === v),
        )?.value ?? 0;
    for (let i = 0; i < 3; i++) expect((await client.get('/api/health')).status).toBe(200);
    expect((await client.get('/api/vbg-race-cards/race/4711')).status).toBe(401);
    expect((await client.get('/api/vbg-race-cards/race/4712')).status).toBe(401);
    expect((await client.get('/api/no-such-thing/4713')).status).toBe(404);

    const m = await scrape();
    const durations = m.get('http_request_duration_seconds')!;
    expect(durations.type).toBe('histogram');
    const added = (labels: Record<string, string>) =>
      sampleValue(m, 'http_request_duration_seconds_count', labels) - countBefore(labels);
    expect(added({ route: '/api/health', method: 'GET', status_code: '200' })).toBe(3);
    // One series for the pattern, whatever the id; unmatched addresses share one fixed label.
    expect(added({ route: '/api/vbg-race-cards/race/:id', method: 'GET', status_code: '401' })).toBe(2);
    expect(added({ route: 'unmatched', method: 'GET', status_code: '404' })).toBe(1);
    const routes = new Set(durations.samples.map((s) => s.labels.route));
    expect([...routes].filter((r) => /471\d|no-such-thing/.test(r))).toEqual([]);
    const health = { route: '/api/health', method: 'GET', status_code: '200' };
    expect(sampleValue(m, 'http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
      sampleValue(m, 'http_request_duration_seconds_count', health),
    );
    expect(
      sampleValue(m, 'http_request_duration_seconds_sum', { route: '/api/health', method: 'GET', status_code: '200' }),
    ).toBeGreaterThan(0);

    // The process's own figures (prom-client's default metrics).
    expect(sampleValue(m, 'process_resident_memory_bytes')).toBeGreaterThan(1024 * 1024);
    expect(sampleValue(m, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(m, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(m.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
  });

  it('gives the outbox depth as it is at the scrape', async () => {
    let m = await scrape();
    expect(sampleValue(m, 'vbg_outbox_messages', { status: 'queued' })).toBe(0);
    await queueMessage(t.ctx, {
      kind: 'welcome',
      recipient: 'new@example.com',
      idempotencyKey: 'metrics-test:welcome',
      content: { subject: 'Welcome', preheader: 'Hello', blocks: [{ kind: 'p', text: 'Hello' }] },
    });
    m = await scrape();
    expect(sampleValue(m, 'vbg_outbox_messages', { status: 'queued' })).toBe(1);
    expect(sampleValue(m, 'vbg_outbox_messages', { status: 'failed' })).toBe(0);
  });

  it('gives the receipts waiting for a time-stamp, and none once it is stamped', async () => {
    const day = londonDate(t.clock.now());
    expect(sampleValue(await scrape(), 'vbg_proof_receipts_waiting')).toBe(0);
    await publishReceipts(t, day, THREE_TIPS);
    expect(sampleValue(await scrape(), 'vbg_proof_receipts_waiting')).toBe(3);
    // The stamper proofs the receipts and marks the stamp: nothing waits any more.
    await t.ctx.db.update(proofReceipts).set({ proofedAt: t.clock.now() }).where(eq(proofReceipts.raceDate, day));
    await t.ctx.db.update(proofStamps).set({ status: 'stamped' }).where(eq(proofStamps.raceDate, day));
    expect(sampleValue(await scrape(), 'vbg_proof_receipts_waiting')).toBe(0);
  });

  it("gives each feed's state, one series per state", async () => {
    await t.ctx.db.insert(feedStatus).values({ provider: 'bsp', state: 'failing', failures: 2 });
    const m = await scrape();
    expect(sampleValue(m, 'vbg_feed_state', { provider: 'bsp', state: 'failing' })).toBe(1);
    for (const state of ['idle', 'ok', 'rate-limited'])
      expect(sampleValue(m, 'vbg_feed_state', { provider: 'bsp', state })).toBe(0);
  });

  it('counts cache hits and misses, open event streams and member alerts sent', async () => {
    const { client, user } = await signedIn(t, 'member');
    const before = await scrape();
    const hits = sampleValue(before, 'vbg_cache_hits_total', { cache: 'shared' });
    const misses = sampleValue(before, 'vbg_cache_misses_total', { cache: 'shared' });
    const emailed = sampleValue(before, 'vbg_alerts_sent_total', { channel: 'email' });
    expect(sampleValue(before, 'vbg_event_streams_open')).toBe(0);

    // The race-card metadata is read from the shared cache: a miss, then a hit.
    expect((await client.get('/api/vbg-race-cards-metadata')).status).toBe(200);
    expect((await client.get('/api/vbg-race-cards-metadata')).status).toBe(200);

    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const abort = new AbortController();
    const stream = await fetch(`${t.baseUrl}/api/vbg-race-cards-events`, { headers: { cookie }, signal: abort.signal });
    expect(stream.status).toBe(200);

    // A member's alert, delivered by the e-mail digest.
    await saveSettings(client, { tipsPublished: true, emailDigest: true });
    await t.ctx.db.insert(memberAlerts).values({
      userId: user.id,
      day: londonDate(t.clock.now()),
      kind: 'tips',
      subject: 'tips',
      title: "Today's tips are out",
      body: 'Three selections',
      url: '/daily-tips',
      createdAt: t.clock.now(),
    });
    await runAlertSweep(t.ctx);

    const after = await scrape();
    expect(sampleValue(after, 'vbg_cache_misses_total', { cache: 'shared' })).toBeGreaterThan(misses);
    expect(sampleValue(after, 'vbg_cache_hits_total', { cache: 'shared' })).toBeGreaterThan(hits);
    expect(sampleValue(after, 'vbg_cache_hits_total', { cache: 'sessions' })).toBe(t.ctx.sessions.stats.hits);
    expect(sampleValue(after, 'vbg_event_streams_open')).toBe(1);
    expect(sampleValue(after, 'vbg_alerts_sent_total', { channel: 'email' })).toBe(emailed + 1);
    expect(after.get('vbg_alerts_failed_total')?.type).toBe('counter');

    abort.abort();
    await expect.poll(async () => sampleValue(await scrape(), 'vbg_event_streams_open')).toBe(0);
  });
});

/** Debian's prometheus and promtool (apt-get install prometheus), if this machine has them. */
const PROMETHEUS = spawnSync('prometheus', ['--version']).status === 0;
if (!PROMETHEUS)
  console.warn(
    'metrics.test.ts: no `prometheus` binary on this machine, so the real-scraper tests are skipped (install it: apt-get install -y prometheus; .ci/run does)',
  );

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(!PROMETHEUS)("scraped by a real Prometheus (Debian's prometheus package)", () => {
  let prometheus: ChildProcess | undefined;
  let dir: string;
  let output = '';
  afterEach(async () => {
    // Stopped and gone before its data folder is removed.
    if (prometheus && prometheus.exitCode === null && prometheus.signalCode === null) {
      const exited = once(prometheus, 'exit');
      prometheus.kill('SIGTERM');
      await exited;
    }
    prometheus = undefined;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('passes promtool check metrics', async () => {
    expect((await t.client().get('/api/health')).status).toBe(200);
    const text = await (await fetch(metricsUrl)).text();
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    // 0: clean; 3: parsed, with naming advice. The only advice allowed is about prom-client's own
    // default gauges named *_total (nodejs_active_handles_total…), never about this app's metrics.
    const problems = (check.stdout + check.stderr).split('\n').filter(Boolean);
    expect([0, 3], problems.join('\n')).toContain(check.status);
    expect(
      problems.filter((p) => !/^nodejs_active_\w+_total non-counter metrics should not have "_total" suffix$/.test(p)),
    ).toEqual([]);
  });

  it('finds the instance up and queries its request durations', async () => {
    expect((await t.client().get('/api/health')).status).toBe(200);
    // No more /api/health requests after this: Prometheus must come to read the same count.
    const served = sampleValue(await scrape(), 'http_request_duration_seconds_count', {
      route: '/api/health',
      method: 'GET',
      status_code: '200',
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-prometheus-'));
    const config = path.join(dir, 'prometheus.yml');
    fs.writeFileSync(
      config,
      [
        'global:',
        '  scrape_interval: 1s',
        'scrape_configs:',
        '  - job_name: vbg',
        '    static_configs:',
        `      - targets: ['127.0.0.1:${t.metrics!.port}']`,
        '',
      ].join('\n'),
    );
    const webPort = await freePort();
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${config}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${webPort}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    prometheus.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const api = `http://127.0.0.1:${webPort}/api/v1`;
    const getJson = async (url: string) => {
      try {
        const res = await fetch(url);
        return res.ok ? ((await res.json()) as { data: unknown }) : null;
      } catch {
        return null; // not listening yet
      }
    };

    type Targets = { activeTargets: Array<{ health: string; scrapeUrl: string; lastError: string }> };
    await expect
      .poll(
        async () => {
          const targets = (await getJson(`${api}/targets`))?.data as Targets | undefined;
          return targets?.activeTargets.map((a) => `${a.scrapeUrl} ${a.health} ${a.lastError}`);
        },
        { timeout: 20_000, interval: 250 },
      )
      .toEqual([`${metricsUrl} up `])
      .catch((err: Error) => {
        throw new Error(`${err.message}\nprometheus said:\n${output}`);
      });

    type Vector = { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
    const query = encodeURIComponent('http_request_duration_seconds_count{job="vbg",route="/api/health"}');
    await expect
      .poll(
        async () => {
          const data = (await getJson(`${api}/query?query=${query}`))?.data as Vector | undefined;
          return data?.result.map((r) => ({ status: r.metric.status_code, count: Number(r.value[1]) }));
        },
        { timeout: 20_000, interval: 250 },
      )
      .toEqual([{ status: '200', count: served }]);
  });
});
