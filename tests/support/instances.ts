import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';

/** A running copy of the real entry point (`src/server/main.ts`, as `npm start` runs it). */
export interface Instance {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Starts the real entry point and returns at once: `ready` settles with its address, or fails
 * with everything it printed if it exits or does not start in time (a test that expects a failed
 * start reads `exited` and `output` instead).
 */
export function spawnInstance(
  env: Record<string, string>,
  timeoutMs = 50_000,
): Omit<Instance, 'url'> & { ready: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start:\n${output}`)), timeoutMs);
    child.stdout.on('data', () => {
      const m = output.match(/running at (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    });
    void exited.then(() => reject(new Error(`instance exited:\n${output}`)));
  });
  ready.catch(() => undefined); // not awaited when a failed start is expected
  return { child, ready, exited, output: () => output };
}

export async function startInstance(env: Record<string, string>, timeoutMs = 50_000): Promise<Instance> {
  const { ready, ...instance } = spawnInstance(env, timeoutMs);
  return { ...instance, url: await ready };
}

/** A fresh, empty PostgreSQL database beside TEST_DATABASE_URL's; returns its URL and a drop function. */
export async function freshPostgresDatabase(
  name: string,
  base = process.env.TEST_DATABASE_URL!,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Reads an event stream until `match` is seen (or times out); resolves with the event's data. */
export async function openEventStream(url: string, cookie: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { ...headers, cookie, accept: 'text/event-stream' }, signal: abort.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: string[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) events.push(data);
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    async next(timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (!events.length) {
        if (Date.now() > deadline) throw new Error('no event in time');
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
      return events.shift()!;
    },
    close: () => abort.abort(),
  };
}
