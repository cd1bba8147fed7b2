// Shared bits of the load benches: a real app process, a bare Fastify baseline, autocannon, figures.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export { freshPostgresDatabase } from '../../tests/support/instances';

export const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };
/** The app's SESSION_SECRET (32+ characters); the spike bench derives session ids from it. */
export const BENCH_SESSION_SECRET = 'bench-only-secret-not-for-any-real-site';

export interface AppProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  /** Everything the process has logged so far (its stdout goes to a file, as under a supervisor). */
  output(): string;
  dataDir?: string;
  logFile: string;
}

/**
 * The real entry point in a child process, on a temporary PGlite directory unless DATABASE_URL is
 * given. Its log goes to a file (as under systemd or a container runtime), not through a pipe this
 * process would have to drain while it drives the load.
 */
export async function startApp(
  env: Record<string, string> = {},
  extraNodeArgs: string[] = [],
  opts: { core?: number } = {},
): Promise<AppProcess> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-bench-'));
  const dataDir = env.DATABASE_URL ? undefined : path.join(tmp, 'data');
  const logFile = path.join(tmp, 'app.log');
  const out = fs.openSync(logFile, 'w');
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server under load.
  const nodeArgs = [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...extraNodeArgs];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0', // a free port, which it names when ready: never one another program (or a client socket) holds
      SESSION_SECRET: BENCH_SESSION_SECRET,
      LOCAL_CHECKOUT: 'true', // production refuses to start without Stripe otherwise
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  // Pinned before it has started its threads, so its start-up and warm-up run on that core too.
  if (opts.core !== undefined) pinToCore(child.pid!, opts.core);
  fs.closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const output = () => fs.readFileSync(logFile, 'utf8');
  const deadline = Date.now() + 120_000;
  let url: string;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`app did not start:\n${output()}`);
    // Printed once it is ready to serve (after its warm-up).
    const port = /is running at http:\/\/localhost:(\d+)/.exec(output())?.[1];
    if (port) {
      url = `http://127.0.0.1:${port}`;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, exited, output, dataDir: tmp, logFile };
}

export async function stopApp(app: AppProcess) {
  app.child.kill('SIGTERM');
  await app.exited;
  // BENCH_KEEP_LOG=/tmp/app.log keeps the server's log (each request's own responseTime) for study.
  if (process.env.BENCH_KEEP_LOG) fs.copyFileSync(app.logFile, process.env.BENCH_KEEP_LOG);
  if (app.dataDir) fs.rmSync(app.dataDir, { recursive: true, force: true });
}

/**
 * Pins a process (every thread of it) to one CPU core (Linux `taskset`). A throughput ratio
 * against a bare route means something only with the server on one core and the load generator
 * on the other: unpinned, the bare route is capped by the load generator and the ratio flatters
 * the app (docs/decisions/0024). PIN=0 leaves everything unpinned, to compare.
 */
export function pinToCore(pid: number, core: number) {
  if (process.env.PIN === '0') return;
  execFileSync('taskset', ['-apc', String(core), String(pid)], { stdio: 'ignore' });
}

export const pinned = () => process.env.PIN !== '0';

/** Resident memory of a process in bytes (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** CPU time (user + system) a process has used so far, in ms (Linux): unaffected by other load. */
export function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100/s)
}

/** A bare Fastify process serving fixed bytes from memory: the ceiling a cached read is compared with. */
export async function startBare(
  routes: Record<string, { body: string; contentType: string; headers?: Record<string, string> }>,
  opts: { core?: number } = {},
) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-bare-')), 'routes.json');
  fs.writeFileSync(file, JSON.stringify(routes));
  // BENCH_BARE_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the bare route, to compare.
  const nodeArgs = process.env.BENCH_BARE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts'), file],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (opts.core !== undefined) pinToCore(child.pid!, opts.core);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', () => reject(new Error('bare server exited')));
  });
  // SIGTERM's default action ends the process without writing a --cpu-prof profile: SIGINT does
  // the same through bare-server.ts's handler, which exits normally.
  return { url, pid: child.pid!, stop: () => child.kill(nodeArgs.length ? 'SIGINT' : 'SIGKILL') };
}

export interface Figures {
  label: string;
  /** Server CPU per request in ms, when a pid was given. */
  cpuPerRequest?: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

export async function cannon(label: string, opts: autocannon.Options, serverPid?: number): Promise<Figures> {
  const cpu0 = serverPid ? cpuMsOf(serverPid) : 0;
  const r = await autocannon({ ...opts });
  const cpu = serverPid ? cpuMsOf(serverPid) - cpu0 : 0;
  return {
    label,
    cpuPerRequest: serverPid && r.requests.total ? cpu / r.requests.total : undefined,
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export function table(rows: Figures[]) {
  console.table(
    rows.map((f) => ({
      what: f.label,
      'req/s': Math.round(f.rps),
      requests: f.requests,
      'p50 ms': f.p50,
      'p99 ms': f.p99,
      'max ms': f.max,
      errors: f.errors,
      non2xx: f.non2xx,
      'server CPU µs/req': f.cpuPerRequest === undefined ? '' : Math.round(f.cpuPerRequest * 1000),
    })),
  );
}

/** The machine's load averages over 1, 5 and 15 minutes, as /proc/loadavg gives them (other work on these cores). */
export function loadAverage(): string {
  return fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

export function machine() {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  return `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${load}`;
}

/** Signs in through the API and returns the cookie header. */
export async function login(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
