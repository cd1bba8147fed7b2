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
import net from 'node:net';
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
  /**
   * 'node': Node's HTTP client (an http.Agent per member). 'raw': each member's own socket, the
   * requests written and the answers framed by hand (Content-Length or chunked) — several times
   * less of the driver's CPU per request, so one core drives a server at rates where Node's client
   * would itself be the limit.
   */
  client?: 'node' | 'raw';
}

/** What the raw client needs of an answer: its status, once its last byte has arrived. */
function rawAnswerStatus(head: string): { status: number; length?: number; chunked: boolean } {
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
  return {
    status,
    length: length === undefined ? undefined : Number(length),
    chunked: /\r\ntransfer-encoding:\s*chunked/i.test(head),
  };
}

/**
 * One member's connection for the raw client: `get` sends one request and resolves with the
 * answer's status once the whole answer has arrived; one request at a time.
 */
function rawConnection(base: URL, timeoutMs: number) {
  const socket = net.connect(Number(base.port), base.hostname);
  socket.setNoDelay(true);
  let pending: { resolve(status: number): void; reject(err: Error): void; timer: NodeJS.Timeout } | undefined;
  let buffer: Buffer = Buffer.alloc(0);
  const fail = (err: Error) => {
    if (!pending) return;
    clearTimeout(pending.timer);
    const p = pending;
    pending = undefined;
    p.reject(err);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('closed')));
  socket.on('data', (chunk: Buffer) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0 || !pending) return;
    const head = buffer.toString('latin1', 0, end);
    const { status, length, chunked } = rawAnswerStatus(head);
    const bodyBytes = buffer.length - end - 4;
    const complete = chunked
      ? bodyBytes >= 5 && buffer.subarray(-5).toString('latin1') === '0\r\n\r\n'
      : bodyBytes >= (length ?? 0);
    if (!complete) return;
    buffer = Buffer.alloc(0);
    clearTimeout(pending.timer);
    const p = pending;
    pending = undefined;
    p.resolve(status);
  });
  return {
    get(path: string, cookie: string): Promise<number> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          fail(new Error('timeout'));
          socket.destroy();
        }, timeoutMs);
        pending = { resolve, reject, timer };
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${base.host}\r\nCookie: ${cookie}\r\n\r\n`);
      });
    },
    get usable() {
      return !socket.destroyed;
    },
    close: () => socket.destroy(),
  };
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
      const record = (status: number, t0: number) => {
        latencies.push(performance.now() - t0);
        if (status < 200 || status >= 300) non2xx++;
      };
      if (opts.client === 'raw') {
        let conn = rawConnection(base, timeoutMs);
        try {
          for (const path of member.paths) {
            if (!conn.usable) conn = rawConnection(base, timeoutMs);
            const t0 = performance.now();
            try {
              record(await conn.get(path, member.cookie), t0);
            } catch {
              errors++;
            }
          }
        } finally {
          conn.close();
        }
        return;
      }
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (const path of member.paths) {
          const t0 = performance.now();
          try {
            record(await get(agent, base, path, member.cookie, timeoutMs), t0);
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
