import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnInstance } from '../support/instances';

/**
 * Start-up (docs/decisions/0021) says what is wrong, in one line naming the setting and the place, and
 * fails at once: never a hang, a stack trace or a password. Each case starts the real entry point.
 */
const running: Array<ReturnType<typeof spawnInstance>> = [];
const servers: net.Server[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) r.child.kill('SIGKILL');
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
});

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-startup-'));

/** Starts the server and waits for it to give up; returns what it printed and how long it took. */
async function failedStart(env: Record<string, string>) {
  const started = Date.now();
  const instance = spawnInstance({ SEED_DEMO: 'false', ...env }, 60_000);
  running.push(instance);
  const code = await instance.exited;
  return { code, output: instance.output(), ms: Date.now() - started };
}

function listen(server: net.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
}

/** One plain line: the reason, and no stack trace. */
function expectOneLine(output: string, pattern: RegExp) {
  expect(output).toMatch(pattern);
  expect(output).toMatch(/Cannot start: /);
  expect(output).not.toMatch(/\n\s+at /);
}

describe('start-up refuses clearly', () => {
  it('a port already in use is found before any database work or admin is made', async () => {
    const port = await listen(net.createServer());
    const dataDir = path.join(tmp(), 'data');
    const { code, output } = await failedStart({
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'a@example.com',
      ADMIN_PASSWORD: 'admin-password-1',
    });
    expect(code).toBe(1);
    expectOneLine(output, new RegExp(`PORT ${port} on 127\\.0\\.0\\.1 is already in use`));
    expect(fs.existsSync(dataDir)).toBe(false); // no database was created, so no migration ran and no admin was made
  });

  it('a DATA_DIR that is a file is named with its path', async () => {
    const file = path.join(tmp(), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    const { code, output } = await failedStart({ DATA_DIR: file });
    expect(code).toBe(1);
    expectOneLine(
      output,
      new RegExp(`DATA_DIR ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is a file, not a folder`),
    );
  });

  it('a DATA_DIR holding a damaged database is named, and start-up ends rather than hangs', async () => {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, 'pglite'));
    fs.writeFileSync(path.join(dir, 'pglite', 'PG_VERSION'), 'not a version\n');
    const { code, output } = await failedStart({ DATA_DIR: dir });
    expect(code).toBe(1);
    expectOneLine(
      output,
      new RegExp(
        `Cannot open the embedded database in ${path.join(dir, 'pglite').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(DATA_DIR\\)`,
      ),
    );
  });

  it('a DATABASE_URL where nothing listens names the variable and the host, never the password', async () => {
    const closed = await listen(net.createServer());
    await new Promise((resolve) => servers.pop()!.close(resolve)); // a port that was just free
    const { code, output } = await failedStart({
      DATABASE_URL: `postgres://vbg:pw-never-shown@127.0.0.1:${closed}/vbg`,
    });
    expect(code).toBe(1);
    expectOneLine(
      output,
      new RegExp(
        `DATABASE_URL \\(PostgreSQL at 127\\.0\\.0\\.1:${closed}, database "vbg", user "vbg"\\): nothing is listening there`,
      ),
    );
    expect(output).not.toContain('pw-never-shown');
  });

  it('a DATABASE_URL whose server never answers gives up after the connect timeout', async () => {
    // Accepts the connection and says nothing, like a firewall that drops the traffic.
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    server.on('close', () => sockets.forEach((s) => s.destroy()));
    const silent = await listen(server);
    const { code, output, ms } = await failedStart({
      DATABASE_URL: `postgres://vbg:pw-never-shown@127.0.0.1:${silent}/vbg`,
    });
    expect(code).toBe(1);
    expectOneLine(output, /DATABASE_URL .*: no answer within 10 s/);
    expect(output).not.toContain('pw-never-shown');
    expect(ms).toBeLessThan(40_000);
    for (const s of sockets) s.destroy();
  }, 60_000);

  if (process.env.VBG_TEST_DB === 'postgres') {
    it('a DATABASE_URL naming a database that does not exist says so', async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = '/vbg_no_such_database';
      const { code, output } = await failedStart({ DATABASE_URL: url.toString() });
      expect(code).toBe(1);
      expectOneLine(
        output,
        /DATABASE_URL \(PostgreSQL at 127\.0\.0\.1:5432, database "vbg_no_such_database".*\): that database does not exist/,
      );
    });
  }
});
