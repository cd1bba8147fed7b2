import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pgWorkerUrl } from '../support/test-app';
import { freshPostgresDatabase, spawnInstance } from '../support/instances';

/** The real entry point, as `npm start` runs it (minus the client build), logging at info. */
const startServer = (env: Record<string, string>) => spawnInstance({ LOG_LEVEL: 'info', ...env }, 80_000);

function databaseEnv(): Record<string, string> {
  if (process.env.VBG_TEST_DB === 'postgres') {
    return { DATABASE_URL: pgWorkerUrl(), SEED_DEMO: 'false' };
  }
  return { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-start-')) };
}

/** Every committed migration's tag, oldest first (drizzle-kit's journal). */
const journalTags = (
  JSON.parse(fs.readFileSync('src/server/db/migrations/meta/_journal.json', 'utf8')) as { entries: { tag: string }[] }
).entries.map((e) => e.tag);

let running: ChildProcess | undefined;
let dropAfter: (() => Promise<void>) | undefined;
afterEach(async () => {
  running?.kill('SIGKILL');
  running = undefined;
  await dropAfter?.();
  dropAfter = undefined;
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
    // A first start: an empty database, no ADMIN_EMAIL / ADMIN_PASSWORD (the password is generated).
    let env = databaseEnv();
    if (process.env.VBG_TEST_DB === 'postgres') {
      const fresh = await freshPostgresDatabase(`vbg_first_start_${process.pid}`);
      dropAfter = fresh.drop;
      env = { DATABASE_URL: fresh.url, SEED_DEMO: 'false' };
    }
    const s = startServer(env);
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
    // The start log names each migration it applied: every one, on an empty database.
    for (const tag of journalTags)
      expect(jsonLines.filter((line) => line.includes(`"msg":"migration applied: ${tag}"`)).length, tag).toBe(1);
    expect(s.output()).toContain(`${journalTags.length} migrations applied now`);
    for (const [, , , password] of shown) {
      expect(s.output().split(password).length - 1).toBe(1); // once
      expect(jsonLines.filter((line) => line.includes(password))).toEqual([]);
    }
  }, 90_000);
});
