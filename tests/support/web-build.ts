/**
 * Tests that serve real pages need the built client and server entry: built when missing or older
 * than the sources, as `npm start` does (`npm test` builds them once, before the tests).
 */
import { afterAll, beforeAll } from 'vitest';
import { buildWebIfStale, WEB_DIR } from '../../scripts/support/web-build.mjs';
import { startTestApp, type TestApp } from './test-app';

export { buildWebIfStale as ensureWebBuilt, WEB_DIR };

/**
 * For a test file (or a describe) that serves real pages: the client built when stale, then one app
 * serving it, closed at the end. `ready` receives the app once it is up.
 */
export function withPagesApp(ready: (t: TestApp) => void) {
  let t: TestApp;
  beforeAll(async () => {
    buildWebIfStale();
    t = await startTestApp({}, { webDir: WEB_DIR });
    ready(t);
  }, 120_000);
  afterAll(() => t.close());
}
