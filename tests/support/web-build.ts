/**
 * Tests that serve real pages need the built client and server entry: built when missing or older
 * than the sources, as `npm start` does (`npm test` builds them once, before the tests).
 */
export { buildWebIfStale as ensureWebBuilt, WEB_DIR } from '../../scripts/support/web-build.mjs';
