import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJourney } from '../support/browser';

// React 19 and react-dom 19 are what run in the browser, never another runtime
// aliased in their place (decision 0020 superseded 0014's Preact build). Checked twice: in the
// built files the shell loads first, and in a running page through React's DevTools hook.
const WEB = path.resolve('dist/web');

/** The entry script and the modules the shell preloads with it. */
function entryScripts(): Array<{ file: string; text: string }> {
  const html = fs.readFileSync(path.join(WEB, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  return files.map((file) => ({ file, text: fs.readFileSync(path.join(WEB, file), 'utf8') }));
}

describe('the client runs on React 19', () => {
  it('the built entry carries react-dom 19 and nothing of Preact', () => {
    const scripts = entryScripts();
    expect(scripts.length).toBeGreaterThan(0);
    const all = scripts.map((s) => s.text).join('\n');
    // react-dom's production build names its error decoder and checks react's version against its own.
    expect(all).toContain('react.dev/errors');
    expect(all).toMatch(/rendererPackageName:\s*`react-dom`|rendererPackageName:\s*"react-dom"/);
    expect(all).toMatch(/reconcilerVersion:\s*[`"]19\./);
    expect(scripts.filter((s) => /preact|__PREACT_DEVTOOLS__|__preactattr_/i.test(s.text)).map((s) => s.file)).toEqual(
      [],
    );
  });

  describe('in the browser', () => {
    let j: Awaited<ReturnType<typeof startJourney>>;
    beforeAll(async () => {
      j = await startJourney();
    });
    afterAll(() => j.close());

    it('react-dom 19 registers itself as the renderer of the page', async () => {
      const { page, context } = await j.newPage();
      // A stand-in for React DevTools' hook: react-dom hands it its name and version when it starts.
      await page.addInitScript(() => {
        const renderers: Array<{ name: string; version: string }> = [];
        Object.assign(window, {
          __renderers: renderers,
          __REACT_DEVTOOLS_GLOBAL_HOOK__: {
            supportsFiber: true,
            renderers: new Map(),
            inject(internals: { rendererPackageName: string; version: string }) {
              renderers.push({ name: internals.rendererPackageName, version: internals.version });
              return renderers.length;
            },
            checkDCE() {},
            onCommitFiberRoot() {},
            onCommitFiberUnmount() {},
            onPostCommitFiberRoot() {},
            onScheduleFiberRoot() {},
          },
        });
      });
      await page.goto('/');
      await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
      const renderers = await page.evaluate(
        () => (window as unknown as { __renderers: Array<{ name: string; version: string }> }).__renderers,
      );
      expect(renderers).toHaveLength(1);
      expect(renderers[0].name).toBe('react-dom');
      expect(renderers[0].version).toMatch(/^19\./);
      await context.close();
    });
  });
});
