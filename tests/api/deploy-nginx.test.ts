import fs from 'node:fs';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDate, weekdayOf } from '#shared/london-time';
import { MAX_PDF_BYTES } from '#server/http/upload-form';
import { makeRaceDay, masterForm, raceDayWorkbook } from '../fixtures/race-day';
import { CONSENT } from '../support/consent';
import { describeOnPostgres } from '../support/databases';
import { HttpClient } from '../support/http-client';
import { freshPostgresDatabase, openEventStream, startInstance, type Instance } from '../support/instances';
import { freePort, NGINX_PATH, nginxInstalled, startNginx, type Nginx } from '../support/nginx';

/**
 * deploy/nginx/vbg.conf as shipped, run by Debian's nginx (unprivileged, on a free port) in front
 * of two real app processes on one fresh PostgreSQL database: only the instances' and nginx's own
 * ports are put in. Everything below goes through nginx. Runs in the api-pg project only (two
 * processes on one database); without an nginx binary the suite is reported skipped, naming it.
 */

const SITE = 'deploy/nginx/vbg.conf';
const EVENTS = '/api/vbg-race-cards-events';
const ADMIN = { email: 'proxy-admin@example.com', password: 'proxy-admin-password-1' };

/** The shipped site with the test's ports in place of 5001, 5002 and 80; each must be there once. */
function siteWithPorts(instances: Instance[], port: number): string {
  let site = fs.readFileSync(SITE, 'utf8');
  const swap = (from: string, to: string) => {
    if (site.split(from).length !== 2)
      throw new Error(`${SITE} no longer holds "${from}" exactly once: the test puts its own ports there`);
    site = site.replace(from, to);
  };
  swap('server 127.0.0.1:5001 ', `server ${new URL(instances[0].url).host} `);
  swap('server 127.0.0.1:5002 ', `server ${new URL(instances[1].url).host} `);
  swap('    listen 80;\n    listen [::]:80;\n', `    listen 127.0.0.1:${port};\n`);
  return site;
}

/** One request from a given local address (a client that is not nginx's own 127.0.0.1). */
function requestFrom(localAddress: string, url: string, headers: Record<string, string | number>, method = 'GET') {
  return new Promise<{ status: number; body: string; request: http.ClientRequest }>((resolve, reject) => {
    const request = http.request(url, { method, headers, localAddress }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body, request }));
    });
    request.on('error', reject);
    request.flushHeaders();
    if (method === 'GET') request.end();
  });
}

describeOnPostgres('nginx in front of two instances (deploy/)', () => {
  describe.skipIf(!nginxInstalled)(
    nginxInstalled ? "Debian's nginx" : `skipped: no nginx at ${NGINX_PATH} (apt-get install nginx; .ci/run does)`,
    () => {
      let db: { url: string; drop(): Promise<void> } | undefined;
      let instances: Instance[] = [];
      let nginx: Nginx | undefined;

      beforeAll(async () => {
        db = await freshPostgresDatabase(`vbg_proxy_${process.pid}`);
        const env = {
          DATABASE_URL: db.url,
          SEED_DEMO: 'false',
          SESSION_SECRET: 'proxy-test-secret-of-at-least-40-characters',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          TRUST_PROXY: 'true',
          LOG_LEVEL: 'info', // one line per request, with the address the instance saw
        };
        instances = await Promise.all([startInstance(env), startInstance(env)]);
        const port = await freePort();
        nginx = await startNginx(siteWithPorts(instances, port), port);
      }, 120_000);

      afterAll(async () => {
        await nginx?.stop();
        for (const i of instances) i.child.kill('SIGKILL');
        await Promise.all(instances.map((i) => i.exited));
        await db?.drop();
      });

      const addresses = () => instances.map((i) => new URL(i.url).host);
      /** The instance nginx sent a request to (the test's own X-Upstream header). */
      const answeredBy = (headers: Headers) => {
        const upstream = headers.get('x-upstream');
        if (!upstream)
          throw new Error(
            `no X-Upstream header: an add_header in ${SITE} stops the test's own (http level) from being inherited`,
          );
        expect(addresses()).toContain(upstream);
        return upstream;
      };

      async function signIn(email: string, password: string) {
        const client = new HttpClient(nginx!.url);
        // As a browser sends it: the page's own origin, which the app checks on every write.
        const res = await client.post('/api/login', { email, password }, { origin: nginx!.url });
        expect(res.status, res.text).toBe(200);
        return client;
      }

      it("signs the admin in through nginx; the scheme is nginx's, so a client cannot claim https", async () => {
        const admin = new HttpClient(nginx!.url);
        const login = await admin.post('/api/login', ADMIN, { origin: nginx!.url, 'x-forwarded-proto': 'https' });
        expect(login.status, login.text).toBe(200);
        answeredBy(login.headers);
        // Over plain http the session cookie is not Secure: the forged X-Forwarded-Proto was replaced.
        const cookie = login.headers.getSetCookie().find((c) => c.startsWith('vbg_session='));
        expect(cookie, login.headers.getSetCookie().join('\n')).toBeDefined();
        expect(cookie).not.toMatch(/;\s*secure/i);
        // The session is the database's: either instance knows it.
        const seen = new Set<string>();
        for (let i = 0; i < 2; i++) {
          const me = await admin.get('/api/auth/user');
          expect(me.json).toMatchObject({ email: ADMIN.email, role: 'admin' });
          seen.add(answeredBy(me.headers));
        }
        expect([...seen].sort()).toEqual(addresses().sort());
        // The app compares Origin with the scheme and Host nginx passed on: https is not this site.
        const https = nginx!.url.replace('http:', 'https:');
        const refused = await admin.post('/api/login', ADMIN, { origin: https, 'x-forwarded-proto': 'https' });
        expect(refused.status).toBe(403);
        expect(refused.json).toEqual({ message: 'Cross-site request refused.' });
      });

      it("an instance sees the client's address (X-Forwarded-For from the one trusted hop), not nginx's nor a forged one", async () => {
        const probe = `/api/proxy-probe-${randomUUID()}`;
        const res = await requestFrom('127.0.0.2', nginx!.url + probe, { 'x-forwarded-for': '203.0.113.9' });
        expect(res.status).toBe(404);
        const line = () =>
          instances
            .flatMap((i) => i.output().split('\n'))
            .find((l) => l.includes(`"url":"${probe}"`) && l.includes('request completed'));
        await expect.poll(line, { timeout: 5_000, interval: 50 }).toBeDefined();
        expect(JSON.parse(line()!).req.remoteAddress).toBe('127.0.0.2');
      });

      it('a price pasted through nginx reaches event streams held open through nginx on both instances', async () => {
        const admin = await signIn(ADMIN.email, ADMIN.password);
        const today = londonDate(new Date());
        const weekday = weekdayOf(today);
        const races = makeRaceDay({ races: 2, runners: 4, seed: 23 });
        const upload = await admin.post(
          '/api/vbg-race-cards/upload-master-excel',
          masterForm(await raceDayWorkbook(races), weekday),
          { origin: nginx!.url },
        );
        expect(upload.status, upload.text).toBe(200);

        const email = `proxy-member-${process.pid}@example.com`;
        const member = new HttpClient(nginx!.url);
        const reg = await member.post(
          '/api/register',
          { email, password: 'member-password-1', ...CONSENT },
          { origin: nginx!.url },
        );
        expect(reg.status, reg.text).toBe(201);
        const grant = await admin.post(
          `/api/admin/members/${reg.json.user.id}/grant`,
          { type: 'family' },
          { origin: nginx!.url },
        );
        expect(grant.status, grant.text).toBe(200);

        // nginx takes turns between the instances: open streams until one is held on each.
        const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
        const streams = new Map<string, Awaited<ReturnType<typeof openEventStream>>>();
        try {
          for (let tries = 0; streams.size < 2 && tries < 4; tries++) {
            const stream = await openEventStream(nginx!.url + EVENTS, cookie, { 'accept-encoding': 'gzip' });
            expect(stream.status).toBe(200);
            expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
            expect(stream.headers.get('content-encoding')).toBeNull(); // never gzipped: that would hold events back
            const upstream = answeredBy(stream.headers);
            if (streams.has(upstream)) stream.close();
            else streams.set(upstream, stream);
          }
          expect([...streams.keys()].sort()).toEqual(addresses().sort());

          const [race] = races;
          const paste = await admin.post(
            '/api/admin/prices',
            { date: today, lines: `${race.time} ${race.course}: ${race.horses[0].name} 7/2` },
            { origin: nginx!.url },
          );
          expect(paste.status, paste.text).toBe(200);
          const pastedOn = answeredBy(paste.headers);

          // The stage-1 upload's own notice may still be on its way to a new stream: passed over.
          const pricesEvent = async (stream: Awaited<ReturnType<typeof openEventStream>>) => {
            for (;;) {
              const data = JSON.parse(await stream.next()) as { type: string; weekday: string };
              if (data.type !== 'upload') return data;
            }
          };
          const otherInstance = addresses().find((a) => a !== pastedOn)!;
          // Across instances: taken by one, told to the browser held by the other (LISTEN/NOTIFY).
          expect(await pricesEvent(streams.get(otherInstance)!), `stream on ${otherInstance}`).toMatchObject({
            type: 'prices',
            weekday,
          });
          expect(await pricesEvent(streams.get(pastedOn)!), `stream on ${pastedOn}`).toMatchObject({
            type: 'prices',
            weekday,
          });
        } finally {
          for (const s of streams.values()) s.close();
        }
      });

      it("lets every upload the app accepts through to the app, and refuses a larger one itself, in the app's JSON shape", async () => {
        const admin = await signIn(ADMIN.email, ADMIN.password);
        // A PDF one byte over the app's largest limit: nginx passes it on and the app names its limit.
        const form = new FormData();
        form.append('date', '2026-01-05');
        form.append('pdf', new Blob([new Uint8Array(MAX_PDF_BYTES + 1)]), 'guide.pdf');
        const justOver = await admin.post('/api/admin/upload-back-catalogue-pdf', form, { origin: nginx!.url });
        expect(justOver.status).toBe(413);
        expect(justOver.json.message).toBe('The PDF is too large: the limit is 20 MB.');
        answeredBy(justOver.headers); // the app's answer, not nginx's

        // Past nginx's own limit: refused on the declared length, before a byte of the body.
        const limit = Number(/client_max_body_size (\d+)m;/.exec(fs.readFileSync(SITE, 'utf8'))![1]) * 1024 * 1024;
        const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
        const tooBig = await requestFrom(
          '127.0.0.1',
          `${nginx!.url}/api/admin/upload-back-catalogue-pdf`,
          { cookie, origin: nginx!.url, 'content-type': 'application/pdf', 'content-length': limit + 1 },
          'POST',
        );
        tooBig.request.destroy();
        expect(tooBig.status).toBe(413);
        expect(JSON.parse(tooBig.body)).toEqual({ message: 'The upload is too large: the limit is 20 MB.' });
      });
    },
  );
});
