import { describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app';
import { withPagesApp } from '../support/web-build';
import { PASSWORD, signedIn } from '../support/users';
import { readViewerHeader } from '#shared/offline-viewer';

// The installable app's files (decision 0043): the worker and the manifest keep fixed addresses,
// so the browser must ask for them again (no-cache); they are files, never the page shell.
let t: TestApp;
withPagesApp((app) => (t = app));

describe('the race-day app files', () => {
  it('serves /sw.js as a script the browser revalidates, compressed or not', async () => {
    for (const encoding of ['identity', 'br, gzip']) {
      const res = await t.client().get('/sw.js', { 'accept-encoding': encoding });
      expect(res.status, encoding).toBe(200);
      expect(res.headers.get('content-type'), encoding).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.get('cache-control'), encoding).toBe('no-cache');
    }
    const plain = await t.client().get('/sw.js', { 'accept-encoding': 'identity' });
    expect(plain.text).toContain('notificationclick');
    expect(plain.text).not.toMatch(/^\s*<!doctype/i);
  });

  it('serves the manifest as application/manifest+json, with the icons it names', async () => {
    const res = await t.client().get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = JSON.parse(res.text) as {
      start_url: string;
      theme_color: string;
      display: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({ start_url: '/tips', theme_color: '#0b1f3a', display: 'standalone' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const png = await fetch(t.baseUrl + icon.src);
      expect(png.status, icon.src).toBe(200);
      expect(png.headers.get('content-type'), icon.src).toBe('image/png');
      const bytes = new Uint8Array(await png.arrayBuffer());
      // A PNG's width and height are in its IHDR chunk, bytes 16-23.
      const view = new DataView(bytes.buffer);
      expect(`${view.getUint32(16)}x${view.getUint32(20)}`, icon.src).toBe(icon.sizes);
    }
    // Every page links it.
    const page = await t.client().get('/');
    expect(page.text).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  });

  it('lets pages register a same-site worker and read the manifest, and nothing else', async () => {
    const csp = (await t.client().get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});

// Every answer that looked at the session says who it was for (X-VBG-Viewer), so the members'
// offline app learns of a sign-out, a lapse or another session from whatever the member loads.
describe('who an answer was for', () => {
  const viewer = (res: { headers: Headers }) => readViewerHeader(res.headers.get('x-vbg-viewer'));

  it("says visitor, account or member, and names a member's session without its cookie", async () => {
    const visitor = t.client();
    for (const path of ['/api/results', '/', '/tips'])
      expect(viewer(await visitor.get(path)), path).toEqual({ kind: 'visitor' });

    const { client: member } = await signedIn(t, 'member', 'offline-member@example.com');
    const user = await member.get('/api/auth/user');
    const seen = viewer(user);
    expect(seen).toMatchObject({ kind: 'member' });
    const session = (seen as { session: string }).session;
    // Refused reads say it too (an admin screen for a member), and so do pages, rendered or not.
    for (const path of ['/api/daily-tips', '/api/results', '/api/admin/members', '/tips', '/my-account'])
      expect(viewer(await member.get(path)), path).toEqual({ kind: 'member', session });
    expect(user.text).not.toContain(session);
    expect(member.cookies.get('vbg_session')).not.toContain(session);

    // The same member signed in elsewhere is another session.
    const again = t.client();
    expect((await again.post('/api/login', { email: 'offline-member@example.com', password: PASSWORD })).status).toBe(
      200,
    );
    expect((viewer(await again.get('/api/auth/user')) as { session: string }).session).not.toBe(session);

    const { client: reader } = await signedIn(t, 'nonMember', 'offline-reader@example.com');
    for (const path of ['/api/auth/user', '/api/value-now', '/value-now'])
      expect(viewer(await reader.get(path)), path).toMatchObject({ kind: 'account' });

    // A made-up session cookie is nobody's.
    const stranger = t.client();
    stranger.cookies.set('vbg_session', 'made-up-token');
    for (const path of ['/api/results', '/api/daily-tips', '/tips'])
      expect(viewer(await stranger.get(path)), path).toEqual({ kind: 'visitor' });
  });

  it('a session that ended says visitor on its next read', async () => {
    const { client: member } = await signedIn(t, 'member', 'offline-ended@example.com');
    expect(viewer(await member.get('/api/daily-tips'))).toMatchObject({ kind: 'member' });
    t.clock.advance(31 * 60_000);
    const res = await member.get('/api/daily-tips');
    expect(res.status).toBe(401);
    expect(viewer(res)).toEqual({ kind: 'visitor' });
  });
});
