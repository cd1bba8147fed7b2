import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { ensureWebBuilt, WEB_DIR } from '../support/web-build';

// The installable app's files (decision 0043): the worker and the manifest keep fixed addresses,
// so the browser must ask for them again (no-cache); they are files, never the page shell.
let t: TestApp;
beforeAll(async () => {
  ensureWebBuilt();
  t = await startTestApp({}, { webDir: WEB_DIR });
}, 120_000);
afterAll(() => t.close());

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
    expect(plain.text).not.toContain('<div id="root">');
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
