// Members arriving over time, each on their own keep-alive connection, each fetching a few
// addresses one after another (as the tips page and its race links do). The calling bench pins the
// server and this driver to separate cores (harness pinToCore, i.e. taskset).
//
// Why not autocannon's `overallRate`: it lowers the connection count to the rate and gives each
// connection a one-per-second budget refilled by a timer, so every connection fires in the same
// millisecond once a second — a 600-request burst each second, not arrivals spread over the
// seconds — and it then back-fills "coordinated omission" samples at a 1 ms expected interval,
// which multiplies every slow response into hundreds of recorded ones. This driver schedules each
// member's arrival itself and records each response's own time.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { cpuMsOf, type Figures } from './harness';
import { percentile } from './stats';

interface Member {
  cookie: string;
  paths: string[];
}

export interface ArrivalOptions {
  url: string;
  members: Member[];
  /** Arrivals are evenly spaced over this many ms (0: all at the same instant). */
  spreadMs: number;
  /** A response slower than this counts as an error. */
  timeoutMs?: number;
}

function get(agent: http.Agent, base: URL, path: string, cookie: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { agent, host: base.hostname, port: base.port, path, headers: { cookie }, timeout: timeoutMs },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

export async function arrivals(label: string, opts: ArrivalOptions, serverPid?: number): Promise<Figures> {
  const base = new URL(opts.url);
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const cpu0 = serverPid ? cpuMsOf(serverPid) : 0;
  const start = performance.now();
  const gap = opts.members.length > 1 ? opts.spreadMs / opts.members.length : 0;
  await Promise.all(
    opts.members.map(async (member, i) => {
      const due = start + i * gap;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (const path of member.paths) {
          const t0 = performance.now();
          try {
            const status = await get(agent, base, path, member.cookie, timeoutMs);
            latencies.push(performance.now() - t0);
            if (status < 200 || status >= 300) non2xx++;
          } catch {
            errors++;
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpu = serverPid ? cpuMsOf(serverPid) - cpu0 : 0;
  latencies.sort((a, b) => a - b);
  const total = latencies.length + errors;
  const round = (ms: number) => Math.round(ms);
  return {
    label,
    cpuPerRequest: serverPid && total ? cpu / total : undefined,
    requests: total,
    rps: total / elapsed,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    errors,
    non2xx,
  };
}
