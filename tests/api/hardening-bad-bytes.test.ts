import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import type { HttpClient } from '../support/http-client';
import { BAD_CHARACTER_IN_ADDRESS, BAD_CHARACTER_IN_BODY } from '#server/http/refuse-bad-text';

/**
 * NUL and other characters no database text can hold, in any path segment,
 * query value, JSON string or form field, answer 400 with a clear message — never 500. The walk
 * takes the real route table (as the access matrix does), so a new route is fuzzed too.
 */
let t: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = (await signedIn(t, 'admin')).client;
});

/** Encoded in a URL: NUL, another C0 control, an overlong '/' and a byte that is no UTF-8. */
const BAD_URL_VALUES = ['a%00b', '%00', 'x%01y', '%C0%AF', '%FF%FE', '%ED%A0%80'];
/** In a JSON string: NUL, a lone surrogate half. */
const BAD_JSON_VALUES = ['a\u0000b', '\u0000', 'x\ud800y'];

/** Every field name any JSON route reads, each set to the bad value (the rest of a valid body). */
function bodyWith(value: string) {
  const fields = [
    'email',
    'password',
    'confirmPassword',
    'currentPassword',
    'newPassword',
    'token',
    'session_id',
    'title',
    'slug',
    'content',
    'summary',
    'author',
    'category',
    'date',
    'raceDate',
    'raceTime',
    'raceLocation',
    'course',
    'weekday',
    'selectionName',
    'selectionType',
    'advisedOdds',
    'startingPrice',
    'result',
    'text',
    'lines',
    'subject',
    'body',
    'bannerDate',
    'nap',
    'nb',
    'longshot',
    'multiplesBet1',
    'multiplesBet2',
    'multiplesBet3',
    'multiplesBet4',
    'dailyPreview',
    'code',
    'discountCode',
    'name',
    'phase',
    'priceKey',
    'search',
    'q',
    'value',
    'key',
    'status',
    'targetTab',
    'filename',
  ];
  return Object.fromEntries(fields.map((f) => [f, value]));
}

// Not walked: the event stream (never ends), the webhook (its signature is checked before anything
// else, security-webhooks), and logout (it would end the admin's session the walk runs in).
const SKIPPED = new Set(['/api/vbg-race-cards-events', '/api/stripe/webhook', '/api/logout']);
const routes = () =>
  t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !SKIPPED.has(r.url));

async function rawStatus(method: string, url: string, body?: string) {
  const headers: Record<string, string> = { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(t.baseUrl + url, { method, headers, body });
  const text = await res.text();
  return { status: res.status, text };
}

describe('bad bytes never answer 500', () => {
  it('in a path segment: every route with a parameter answers 400 (or 404) with a message', async () => {
    const failures: string[] = [];
    for (const r of routes().filter((r) => r.url.includes(':'))) {
      for (const bad of BAD_URL_VALUES) {
        const url = r.url.replace(/:(\w+)/g, bad);
        const { status, text } = await rawStatus(
          r.method,
          url,
          r.method === 'POST' || r.method === 'PUT' ? '{}' : undefined,
        );
        if (status >= 500 || !JSON.parse(text).message)
          failures.push(`${r.method} ${url} → ${status} ${text.slice(0, 80)}`);
        else if (bad.includes('%00') && (status !== 400 || JSON.parse(text).message !== BAD_CHARACTER_IN_ADDRESS))
          failures.push(`${r.method} ${url} → ${status} ${text}, expected 400`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('in a query value: every route answers 400 for NUL, never 5xx', async () => {
    const failures: string[] = [];
    for (const r of routes()) {
      const path = r.url.replace(/:(\w+)/g, 'x');
      for (const bad of BAD_URL_VALUES) {
        const url = `${path}?q=${bad}&search=${bad}&email=${bad}&date=${bad}&token=${bad}`;
        const { status, text } = await rawStatus(
          r.method,
          url,
          r.method === 'POST' || r.method === 'PUT' ? '{}' : undefined,
        );
        if (status >= 500) failures.push(`${r.method} ${url} → ${status} ${text.slice(0, 80)}`);
        else if (bad.includes('%00') && status !== 400) failures.push(`${r.method} ${url} → ${status}, expected 400`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('in a JSON string: every write route answers 400 with a message, never 5xx', async () => {
    const failures: string[] = [];
    for (const r of routes().filter(
      (r) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH' || r.method === 'DELETE',
    )) {
      const path = r.url.replace(/:(\w+)/g, '1');
      for (const bad of BAD_JSON_VALUES) {
        const { status, text } = await rawStatus(r.method, path, JSON.stringify(bodyWith(bad)));
        if (status >= 500 || !JSON.parse(text).message)
          failures.push(`${r.method} ${path} ${JSON.stringify(bad)} → ${status} ${text.slice(0, 80)}`);
        else if (status !== 415 && (status !== 400 || JSON.parse(text).message !== BAD_CHARACTER_IN_BODY))
          failures.push(`${r.method} ${path} ${JSON.stringify(bad)} → ${status} ${text.slice(0, 80)}, expected 400`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('bad bytes in a form field', () => {
  it('an upload form field with a NUL answers 400 naming the character, and nothing is stored', async () => {
    const form = new FormData();
    form.append('date', '2026-01-05\u0000');
    form.append(
      'pdf',
      new Blob([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }),
      'tips.pdf',
    );
    const res = await admin.post('/api/admin/upload-back-catalogue-pdf', form);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(BAD_CHARACTER_IN_BODY);
    expect((await admin.get('/api/back-catalogue')).json).toEqual([]);
  });
});
