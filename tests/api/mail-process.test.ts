import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { openTestDatabase, pgWorkerUrl, resetDatabase } from '../support/test-app';

/** The real entry point (as `npm start` runs it) with SMTP: its worker sends, and stops on SIGTERM. */
let smtp: SmtpPeer;
let child: ChildProcess | undefined;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

async function databaseEnv(): Promise<Record<string, string>> {
  if (process.env.VBG_TEST_DB === 'postgres') {
    // This worker's database may hold what an earlier file left queued: start empty.
    const db = await openTestDatabase();
    await resetDatabase(db);
    await db.close();
    return { DATABASE_URL: pgWorkerUrl(), SEED_DEMO: 'false' };
  }
  return { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-mail-')), SEED_DEMO: 'false' };
}

describe('the server process with SMTP', () => {
  // A new PGlite data directory alone takes several seconds to create.
  it('delivers through its worker and exits cleanly on SIGTERM', { timeout: 90_000 }, async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        SMTP_URL: smtp.url,
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: 'boss-password',
        ...(await databaseEnv()),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let output = '';
    proc.stdout.on('data', (d) => (output += d));
    proc.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
    const end = Date.now() + 75_000;
    let url: string | undefined;
    while (!url) {
      if (Date.now() > end || proc.exitCode !== null) throw new Error(`server did not start:\n${output}`);
      url = /running at (http:\/\/\S+)/.exec(output)?.[1].replace('localhost', '127.0.0.1');
      await new Promise((r) => setTimeout(r, 100));
    }

    const res = await fetch(`${url}/api/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'boss@example.com' }),
    });
    expect(res.status).toBe(200);
    await smtp.waitFor(1, 20_000);
    const mail = smtp.received.find((m) => m.to[0] === 'boss@example.com')!;
    expect(mail.parsed.subject).toBe('Reset your VBG password');
    expect(output).not.toMatch(/SMTP_URL is not set/);

    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/mail worker: pass failed/);
  });
});
