import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDate } from '#shared/london-time';
import { describeOnPostgres } from '../support/databases';
import { HttpClient } from '../support/http-client';
import { freshPostgresDatabase, startInstance, type Instance } from '../support/instances';
import { NGINX_PATH, nginxInstalled, startNginx, type Nginx } from '../support/nginx';
import { ensureWebBuilt } from '../support/web-build';
import { articleBody } from './articles-helpers';

/**
 * deploy/nginx/vbg.conf with its page cache turned on (every "#cache " removed, as deploy/README.md
 * says), run by Debian's nginx in front of two real instances on one fresh PostgreSQL database,
 * with PUBLIC_URL and CACHE_REFRESH_URL set as the README says. Many visitors cost the origin one
 * request; a write's purge reaches the next visitor at once (well within the minute the page may
 * be kept); a signed-in request is never answered from the cache nor stored in it (decision 0060).
 * The origin's requests are counted from the instances' own request logs.
 */

const SITE = 'deploy/nginx/vbg.conf';
const CACHE_PATH = '/var/lib/nginx/vbg-cache';
const ADMIN = { email: 'cache-admin@example.com', password: 'cache-admin-password-1' };
const PAGE = '/news-and-views';
const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** The shipped site with the cache on, the test's ports in place of 5001, 5002 and 80, and the cache in `cacheDir`. */
function cachedSite(instances: Instance[], port: number, cacheDir: string): string {
  let site = fs.readFileSync(SITE, 'utf8');
  const swap = (from: string, to: string) => {
    if (site.split(from).length !== 2)
      throw new Error(`${SITE} no longer holds "${from}" exactly once: the test puts its own values there`);
    site = site.replace(from, to);
  };
  const optional = site.match(/^ *#cache /gm)?.length ?? 0;
  if (optional < 10) throw new Error(`${SITE} has ${optional} "#cache " lines: the cache block is not there`);
  site = site.replace(/^( *)#cache /gm, '$1');
  swap(CACHE_PATH, cacheDir);
  swap('server 127.0.0.1:5001 ', `server ${new URL(instances[0].url).host} `);
  swap('server 127.0.0.1:5002 ', `server ${new URL(instances[1].url).host} `);
  swap('    listen 80;\n    listen [::]:80;\n', `    listen 127.0.0.1:${port};\n`);
  return site;
}

/** A free port on 127.0.0.1, held until released (so several taken at once are distinct). */
async function holdPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    release: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** One GET from a given local address (a client that is not nginx's own machine, 127.0.0.1). */
function getFrom(localAddress: string, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, { headers, localAddress }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describeOnPostgres('nginx page cache in front of two instances (deploy/)', () => {
  describe.skipIf(!nginxInstalled)(
    nginxInstalled ? "Debian's nginx" : `skipped: no nginx at ${NGINX_PATH} (apt-get install nginx; .ci/run does)`,
    () => {
      let db: { url: string; drop(): Promise<void> } | undefined;
      let instances: Instance[] = [];
      let nginx: Nginx | undefined;
      let cacheDir = '';

      beforeAll(async () => {
        ensureWebBuilt();
        db = await freshPostgresDatabase(`vbg_page_cache_${process.pid}`);
        // Three distinct free ports, nginx's and each instance's (with PUBLIC_URL an instance
        // announces the site's address, not its own, so each is given its port).
        const holders = await Promise.all([0, 1, 2].map(() => holdPort()));
        const [port, ...instancePorts] = holders.map((h) => h.port);
        await Promise.all(holders.map((h) => h.release()));
        const site = `http://127.0.0.1:${port}`;
        const env = {
          DATABASE_URL: db.url,
          SEED_DEMO: 'false',
          SESSION_SECRET: 'page-cache-test-secret-of-at-least-40-characters',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          TRUST_PROXY: 'true',
          PUBLIC_URL: site,
          CACHE_REFRESH_URL: site,
          LOG_LEVEL: 'info', // one line per request: the origin's requests are counted from them
        };
        instances = (await Promise.all(instancePorts.map((p) => startInstance({ ...env, PORT: String(p) })))).map(
          (instance, n) => ({ ...instance, url: `http://127.0.0.1:${instancePorts[n]}` }),
        );
        cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-page-cache-'));
        if (process.getuid?.() === 0) fs.chownSync(cacheDir, 65534, 65534); // nginx runs as nobody
        nginx = await startNginx(cachedSite(instances, port, cacheDir), port);
      }, 180_000);

      afterAll(async () => {
        await nginx?.stop();
        for (const i of instances) i.child.kill('SIGKILL');
        await Promise.all(instances.map((i) => i.exited));
        await db?.drop();
        if (cacheDir) fs.rmSync(cacheDir, { recursive: true, force: true });
      });

      /**
       * GETs of `url` that reached an instance, read from the instances' request logs (one line
       * per request, written as it completes). First a marked request is sent to each instance and
       * awaited in its log: every request that completed before it is then in the log too.
       */
      async function originRequests(url: string) {
        const mark = `mark-${randomUUID()}`;
        await Promise.all(instances.map((i) => fetch(`${i.url}/api/health`, { headers: { 'x-request-id': mark } })));
        await expect
          .poll(() => instances.every((i) => i.output().includes(`"reqId":"${mark}"`)), {
            timeout: 5_000,
            interval: 20,
          })
          .toBe(true);
        return instances
          .flatMap((i) => i.output().split('\n'))
          .filter((l) => l.includes('"msg":"request completed"') && l.includes(`"method":"GET","url":"${url}"`)).length;
      }

      const visit = async (headers: Record<string, string> = {}) => {
        const res = await fetch(nginx!.url + PAGE, { headers });
        return { status: res.status, headers: res.headers, body: await res.text() };
      };

      async function signIn() {
        const client = new HttpClient(nginx!.url);
        const res = await client.post('/api/login', ADMIN, { origin: nginx!.url });
        expect(res.status, res.text).toBe(200);
        return client;
      }

      it('many visitors at once: the origin is asked once, and they all get its page', async () => {
        const before = await originRequests(PAGE);
        const pages = await Promise.all(Array.from({ length: 30 }, () => visit()));
        expect(pages.map((p) => p.status)).toEqual(pages.map(() => 200));
        expect(new Set(pages.map((p) => p.body)).size).toBe(1);
        expect(pages[0].headers.get('cache-control')).toBe(SHARED);
        expect(pages[0].headers.get('surrogate-key')).toContain('news-and-views');
        expect((await originRequests(PAGE)) - before).toBe(1);
        // Later visitors, and one whose browser takes no gzip (its own copy, asked for once).
        for (let i = 0; i < 10; i++) await visit();
        await visit({ 'accept-encoding': 'identity' });
        await visit({ 'accept-encoding': 'identity' });
        expect((await originRequests(PAGE)) - before).toBe(2);
        // The refresh header counts only from nginx's own machine: from anywhere else it is ignored.
        const forged = await getFrom('127.0.0.2', nginx!.url + PAGE, { 'x-vbg-cache-refresh': '1' });
        expect(forged.status).toBe(200);
        expect((await originRequests(PAGE)) - before).toBe(2);
      });

      it('a signed-in request is never answered from the cache nor stored in it; API answers are never kept', async () => {
        await visit(); // the visitors' page is in the cache
        const before = await originRequests(PAGE);
        const admin = await signIn();
        for (let i = 0; i < 3; i++) {
          const mine = await admin.get(PAGE);
          expect(mine.status).toBe(200);
          expect(mine.headers.get('cache-control')).toBe('private, no-cache');
          expect(mine.text).toContain(ADMIN.email); // rendered for the admin, not the visitors' copy
        }
        expect((await originRequests(PAGE)) - before).toBe(3);
        // The visitors' copy is still the visitors': the admin's pages were not stored.
        const after = await visit();
        expect(after.body).not.toContain(ADMIN.email);
        expect((await originRequests(PAGE)) - before).toBe(3);

        const api = '/api/news-and-views';
        const apiBefore = await originRequests(api);
        for (let i = 0; i < 3; i++) expect((await fetch(nginx!.url + api)).status).toBe(200);
        for (let i = 0; i < 2; i++)
          expect((await admin.get('/api/auth/user')).json).toMatchObject({ email: ADMIN.email });
        expect((await originRequests(api)) - apiBefore).toBe(3);
      });

      it('a write purges: the next visitor gets the new page, rendered once again for everyone after', async () => {
        await visit();
        const admin = await signIn();
        const before = await originRequests(PAGE);
        const title = `Purged Through Nginx ${process.pid}`;
        const created = await admin.post(
          '/api/admin/news-and-views',
          articleBody({ title, publishDate: londonDate(new Date()) }),
          { origin: nginx!.url },
        );
        expect(created.status, created.text).toBe(201);
        // Far sooner than the minute the old page could otherwise be kept.
        await expect
          .poll(async () => (await visit()).body.includes(title), { timeout: 10_000, interval: 100 })
          .toBe(true);
        const pages = await Promise.all(Array.from({ length: 20 }, () => visit()));
        expect(pages.every((p) => p.body.includes(title))).toBe(true);
        // The origin was asked only by the refreshes: each instance fetches again each copy it
        // sent (gzipped and plain), not once per visitor.
        const asked = (await originRequests(PAGE)) - before;
        expect(asked).toBeGreaterThanOrEqual(1);
        expect(asked).toBeLessThanOrEqual(2 * instances.length);
      });
    },
  );
});
