import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnInstance } from '../support/instances';
import { pgWorkerUrl } from '../support/test-app';

/** The real entry point, as `npm start` runs it (minus the client build), logging at info. */
const startServer = (env: Record<string, string>) => spawnInstance({ LOG_LEVEL: 'info', ...env }, 80_000);

function databaseEnv(): Record<string, string> {
  if (process.env.VBG_TEST_DB === 'postgres') {
    return { DATABASE_URL: pgWorkerUrl(), SEED_DEMO: 'false' };
  }
  return { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-start-')) };
}

let running: ChildProcess | undefined;
afterEach(() => {
  running?.kill('SIGKILL');
  running = undefined;
});

describe('the server process', () => {
  it('refuses to start on bad configuration, naming each bad value', async () => {
    const s = startServer({ PORT: 'eighty', ADMIN_EMAIL: 'nope' });
    running = s.child;
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/Invalid configuration/);
    expect(s.output()).toMatch(/PORT: must be a port number/);
    expect(s.output()).toMatch(/ADMIN_EMAIL: must be an e-mail address/);
  });

  it('starts, migrates, creates the admin, reports health, and shuts down cleanly on SIGTERM', async () => {
    const s = startServer({ ...databaseEnv(), ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password' });
    running = s.child;
    const url = await s.ready;
    expect(await (await fetch(`${url.replace('localhost', '127.0.0.1')}/healthz`)).json()).toEqual({
      status: 'ok',
      database: 'ok',
    });
    const login = await fetch(`${url.replace('localhost', '127.0.0.1')}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'boss@example.com', password: 'boss-password' }),
    });
    expect((await login.json()).user.role).toBe('admin');
    expect(s.output()).not.toMatch(/boss-password/); // a chosen password is never logged
    // The start log names each migration it applied: all of them on a new PGlite directory.
    if (process.env.VBG_TEST_DB === 'postgres') expect(s.output()).toMatch(/no migration to apply/);
    else {
      expect(s.output()).toMatch(/"migration":"0000_[^"]+","msg":"migration applied: 0000_/);
      expect(s.output()).toMatch(/"msg":"migration applied: 0015_proofing"/);
      expect(s.output()).toMatch(/\d+ migrations applied now/);
    }
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.output()).toMatch(/SIGTERM: finishing in-flight requests/);
    // One JSON line per request, batched on stdout and written out at exit at the latest.
    const requests = s
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"request completed"'))
      .map((line) => JSON.parse(line) as { req: { method: string; url: string }; res: { statusCode: number } });
    expect(requests.map(({ req, res }) => `${req.method} ${req.url} ${res.statusCode}`)).toEqual(
      expect.arrayContaining(['GET /healthz 200', 'POST /api/login 200']),
    );
  }, 90_000); // a cold start compiles TypeScript, migrates and seeds the demo: slow on a busy machine

  it('shows generated first-start passwords once on the terminal, never in a JSON log line', async () => {
    const s = startServer(databaseEnv()); // no ADMIN_EMAIL / ADMIN_PASSWORD: both are generated
    running = s.child;
    const url = await s.ready;
    await expect.poll(() => /admin account created with a generated password/.test(s.output())).toBe(true);
    const shown = [
      ...s.output().matchAll(/^ {2}(admin account|demo member) created: (\S+) \/ (\S+) \(shown once\)$/gm),
    ];
    const admin = shown.find((m) => m[1] === 'admin account');
    expect(admin).toBeDefined();
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin![2], password: admin![3] }),
    });
    expect((await login.json()).user.role).toBe('admin');
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    const jsonLines = s
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(jsonLines.length).toBeGreaterThan(3);
    for (const [, , , password] of shown) {
      expect(s.output().split(password).length - 1).toBe(1); // once
      expect(jsonLines.filter((line) => line.includes(password))).toEqual([]);
    }
  }, 90_000);
});
