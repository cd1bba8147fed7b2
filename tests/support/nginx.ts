import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's nginx (`apt-get install nginx`; .ci/run installs it), or NGINX_PATH. */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const nginxInstalled = fs.existsSync(NGINX_PATH);

/** The user nginx runs as when the tests run as root: nobody. */
const UNPRIVILEGED = 65534;

export interface Nginx {
  url: string;
  /** Everything nginx wrote to stderr and its error log so far. */
  output(): string;
  stop(): Promise<void>;
}

/** A free port on 127.0.0.1 (the kernel's choice, released for nginx to take). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Runs nginx unprivileged on 127.0.0.1:`port` with `site` (a server configuration, as it would go
 * into sites-enabled) inside an http block of its own: pid, logs and temporary files in a fresh
 * folder, one process (`master_process off`) so stopping it leaves nothing behind. Test-only, the
 * http block adds `X-Upstream: <address of the instance that answered>` to every answer. Resolves
 * once nginx answers `GET /api/health` with 200 (through to an instance).
 */
export async function startNginx(site: string, port: number, timeoutMs = 15_000): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-nginx-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chownSync(dir, UNPRIVILEGED, UNPRIVILEGED);
  const at = (name: string) => path.join(dir, name);
  fs.writeFileSync(at('vbg.conf'), site);
  fs.writeFileSync(
    at('nginx.conf'),
    `daemon off;
master_process off;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
events { worker_connections 256; }
http {
  access_log ${at('access.log')};
  client_body_temp_path ${at('client_body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
  add_header X-Upstream $upstream_addr always;
  include ${at('vbg.conf')};
}
`,
  );
  const child: ChildProcess = spawn(NGINX_PATH, ['-p', `${dir}/`, '-c', at('nginx.conf'), '-e', at('error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(asRoot ? { uid: UNPRIVILEGED, gid: UNPRIVILEGED } : {}),
  });
  let stderr = '';
  child.stdout!.on('data', (d) => (stderr += d));
  child.stderr!.on('data', (d) => (stderr += d));
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      resolve();
    }),
  );
  const output = () => {
    const log = fs.existsSync(at('error.log')) ? fs.readFileSync(at('error.log'), 'utf8') : '';
    return `${stderr}${log}`;
  };
  const stop = async () => {
    if (exitCode === undefined) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killed);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exitCode !== undefined) {
      const said = output();
      await stop();
      throw new Error(`nginx exited (code ${exitCode}) before serving:\n${said}`);
    }
    const status = await fetch(`${url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { url, output, stop };
    if (Date.now() > deadline) {
      const said = output();
      await stop();
      throw new Error(`nginx did not serve /api/health within ${timeoutMs} ms (last status ${status}):\n${said}`);
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 50))]);
  }
}
