import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** Every process below `pid` now (children, grandchildren, …), read from /proc. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the parent's pid follows the last ')'.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, p] of parentOf) {
      if (p !== parent) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether anything accepts a connection on 127.0.0.1:port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

let tree: number[] = [];
afterEach(() => {
  for (const pid of tree) if (alive(pid)) process.kill(pid, 'SIGKILL');
  tree = [];
});

/** A port nothing listens on now (the kernel's pick, released at once). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** An npm script exactly as a supervisor or a terminal runs it; `url` settles once the server says where it runs. */
function npmRun(
  script: string,
  env: Record<string, string>,
): { npm: ChildProcess; output: () => string; url: Promise<string> } {
  const npm = spawn('npm', ['run', script], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-npm-run-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (d) => (output += d));
  npm.stderr.on('data', (d) => (output += d));
  const url = new Promise<string>((resolve, reject) => {
    npm.stdout.on('data', () => {
      const m = output.match(/running at (http:\/\/\S+)/);
      if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
    });
    npm.once('exit', () => reject(new Error(`npm run ${script} exited:\n${output}`)));
  });
  url.catch(() => undefined);
  return { npm, output: () => output, url };
}

/** Sends SIGTERM to npm's pid alone and expects npm, and every process below it, gone and `ports` closed within 20 s. */
async function stopsCleanly(npm: ChildProcess, ports: number[]) {
  const npmPid = npm.pid!;
  tree = [npmPid, ...descendants(npmPid)];
  expect(tree.length).toBeGreaterThan(1); // npm and what it runs
  const npmExit = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  npm.kill('SIGTERM'); // what docker stop, Kubernetes and systemd send: to npm's pid alone
  expect(await npmExit).toBe(0); // npm waits for its command's clean exit and reports it
  await expect.poll(() => tree.filter(alive), { timeout: 20_000 }).toEqual([]);
  for (const port of ports) expect(await listening(port), `port ${port}`).toBe(false);
}

describe('long-running npm scripts under a supervisor', () => {
  it('npm start passes SIGTERM on to the server, which drains and exits: nothing is left running or listening', async () => {
    const s = npmRun('start', { NODE_ENV: 'test' });
    const url = await s.url;
    await expect.poll(async () => (await fetch(`${url}/api/ready`)).status, { timeout: 30_000 }).toBe(200);
    await stopsCleanly(s.npm, [Number(new URL(url).port)]);
    expect(s.output()).toMatch(/SIGTERM: finishing in-flight requests/);
  }, 90_000);

  it('npm run dev passes SIGTERM on to the API server and to Vite: both ports close', async () => {
    const vitePort = await freePort();
    const s = npmRun('dev', { NODE_ENV: 'development', VITE_PORT: String(vitePort) });
    const url = await s.url;
    await expect.poll(async () => (await fetch(`${url}/api/ready`)).status, { timeout: 30_000 }).toBe(200);
    await expect.poll(() => listening(vitePort), { timeout: 30_000 }).toBe(true);
    await stopsCleanly(s.npm, [Number(new URL(url).port), vitePort]);
    expect(s.output()).toMatch(/SIGTERM: finishing in-flight requests/);
  }, 90_000);
});
