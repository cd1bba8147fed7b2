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

/** `npm start` exactly as a supervisor runs it; resolves once /api/ready answers 200. */
function npmStart(): { npm: ChildProcess; output: () => string; url: Promise<string> } {
  const npm = spawn('npm', ['start'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-npm-start-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout!.on('data', (d) => (output += d));
  npm.stderr!.on('data', (d) => (output += d));
  const url = new Promise<string>((resolve, reject) => {
    npm.stdout!.on('data', () => {
      const m = output.match(/running at (http:\/\/\S+)/);
      if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
    });
    npm.once('exit', () => reject(new Error(`npm start exited:\n${output}`)));
  });
  url.catch(() => undefined);
  return { npm, output: () => output, url };
}

describe('npm start under a supervisor', () => {
  it('passes SIGTERM on to the server, which drains and exits: nothing is left running or listening', async () => {
    const s = npmStart();
    const url = await s.url;
    await expect.poll(async () => (await fetch(`${url}/api/ready`)).status, { timeout: 30_000 }).toBe(200);
    const port = Number(new URL(url).port);
    const npmPid = s.npm.pid!;
    tree = [npmPid, ...descendants(npmPid)];
    expect(tree.length).toBeGreaterThan(1); // npm and the server below it
    const npmExit = new Promise<number | null>((resolve) => s.npm.once('exit', (code) => resolve(code)));

    s.npm.kill('SIGTERM'); // what docker stop, Kubernetes and systemd send: to npm's pid alone

    expect(await npmExit).toBe(0); // npm waits for the server's clean exit and reports it
    await expect.poll(() => tree.filter(alive), { timeout: 20_000 }).toEqual([]);
    expect(await listening(port)).toBe(false);
    expect(s.output()).toMatch(/SIGTERM: finishing in-flight requests/);
  }, 90_000);
});
