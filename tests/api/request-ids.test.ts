import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
const lines: string[] = [];
let webDir: string;
beforeAll(async () => {
  // A built client of one page and one asset: static files answer with the id too.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vbg-request-ids-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1);');
  t = await startTestApp({ LOG_LEVEL: 'info' }, { webDir, logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}${url}`, { headers });

/** The log lines of one request id, once its "request completed" line is written. */
async function logged(id: string) {
  await expect
    .poll(() => lines.some((l) => l.includes('"msg":"request completed"') && l.includes(`"reqId":"${id}"`)))
    .toBe(true);
  return lines
    .flatMap((l) => l.split('\n'))
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { reqId?: string; msg: string; res?: { statusCode: number } })
    .filter((e) => e.reqId === id);
}

describe('request ids', () => {
  it("keeps the caller's valid X-Request-Id: answered back and on the request's log line", async () => {
    const id = 'lb-7f3a.42:edge_1-b';
    const res = await get('/api/health', { 'x-request-id': id });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    expect((await logged(id)).map((e) => [e.msg, e.res?.statusCode])).toEqual([['request completed', 200]]);
  });

  it('gives a fresh UUID to a request without one, or with one too long, empty or holding other characters', async () => {
    const answered: string[] = [];
    for (const sent of [undefined, 'x'.repeat(129), 'two words', 'id"with\\quote', 'ünïcode', '<script>']) {
      const res = await get('/api/health', sent === undefined ? {} : { 'x-request-id': sent });
      const id = res.headers.get('x-request-id')!;
      expect(id, String(sent)).toMatch(UUID);
      answered.push(id);
    }
    expect(new Set(answered).size).toBe(answered.length); // unique, not a per-process counter
    // The longest id accepted is 128 characters.
    const longest = 'a'.repeat(128);
    expect((await get('/api/health', { 'x-request-id': longest })).headers.get('x-request-id')).toBe(longest);
  });

  it('is on every answer: errors (with requestId in the body), 404s, static files, pages and the event stream', async () => {
    const cases: [string, string, number][] = [
      ['/api/auth/user', 'err-401', 401],
      ['/api/no-such-route', 'err-404', 404],
      ['/api/historical-tips/2026-02-30', 'err-400', 400],
      ['/api/news-and-views/%E0%A4%A', 'bad-url-400', 400], // refused by the router, before any hook
      ['/assets/app.js', 'static-1', 200],
      ['/assets/missing.js', 'static-404', 404],
      ['/no-such-page', 'page-404', 404], // the app's shell, saying the page is not there
    ];
    for (const [url, id, status] of cases) {
      const res = await get(url, { 'x-request-id': id });
      expect([url, res.status, res.headers.get('x-request-id')]).toEqual([url, status, id]);
      if (url.startsWith('/api/'))
        expect(await res.json()).toMatchObject({ message: expect.any(String), requestId: id });
      else await res.arrayBuffer();
    }
    // The caller's id is refused for a body too: the body names the id actually answered.
    const refused = await get('/api/auth/user', { 'x-request-id': 'bad id' });
    const body = (await refused.json()) as { requestId: string };
    expect(body.requestId).toMatch(UUID);
    expect(body.requestId).toBe(refused.headers.get('x-request-id'));

    const { client } = await signedIn(t, 'member');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const abort = new AbortController();
    const stream = await fetch(`${t.baseUrl}/api/vbg-race-cards-events`, {
      headers: { cookie, accept: 'text/event-stream', 'x-request-id': 'sse-1' },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('x-request-id')).toBe('sse-1');
    abort.abort();
  });
});
