import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiPort = Number(process.env.PORT ?? 5000);

/**
 * Writes name.br and name.gz beside every built script, style sheet and SVG, so the server sends
 * compressed assets (@fastify/static `preCompressed`) without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'vbg-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
      }
    },
  };
}

/**
 * Writes route-chunks.json: for each page pattern of app/route-table.tsx, the scripts its lazy page
 * needs beyond the entry. The server puts them in the shell as <link rel="modulepreload">, so a
 * first visit fetches the page's code alongside the entry instead of after it has run.
 */
function routeChunks(): Plugin {
  let outDir = '';
  let webRoot = '';
  return {
    name: 'vbg-route-chunks',
    apply: 'build',
    configResolved(config) {
      webRoot = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      type Entry = { file: string; imports?: string[] };
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        Entry
      >;
      const entry = manifest['index.html'];
      const collect = (key: string, seen: Set<string>) => {
        if (seen.has(key) || !manifest[key]) return;
        seen.add(key);
        for (const k of manifest[key].imports ?? []) collect(k, seen);
      };
      const inEntry = new Set<string>();
      collect('index.html', inEntry);
      const table = fs.readFileSync(path.join(webRoot, 'app/route-table.tsx'), 'utf8');
      const routes: Record<string, string[]> = {};
      for (const m of table.matchAll(/'([^']+)':\s*\{\s*component:\s*page\(\(\)\s*=>\s*import\('([^']+)'\)/g)) {
        const key = path.relative(webRoot, path.resolve(webRoot, 'app', m[2])) + '.tsx';
        const seen = new Set<string>();
        collect(key, seen);
        routes[m[1]] = [...seen].filter((k) => !inEntry.has(k)).map((k) => '/' + manifest[k].file);
      }
      // The gates of the members' addresses (app/route-table.tsx `memberGates`), preloaded with those pages.
      const gates = new Set<string>();
      collect('components/member-gate.tsx', gates);
      routes['(member-gate)'] = [...gates].filter((k) => !inEntry.has(k)).map((k) => '/' + manifest[k].file);
      if (!entry || Object.keys(routes).length === 0)
        this.error('route-chunks: no routes found in app/route-table.tsx');
      fs.writeFileSync(path.join(outDir, 'route-chunks.json'), JSON.stringify(routes, null, 1));
    },
  };
}

/**
 * Builds the service worker (features/race-day-app/service-worker.ts) into one classic script at
 * /sw.js: no hash, since its address must stay the same (the server sends it with no-cache, so a
 * new build reaches members on their next visit), and no imports, which a worker started as a
 * classic script cannot have. Runs before precompress writes the .br/.gz copies.
 */
function serviceWorker(): Plugin {
  let outDir = '';
  let webRoot = '';
  return {
    name: 'vbg-service-worker',
    apply: 'build',
    configResolved(config) {
      webRoot = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: webRoot,
        logLevel: 'warn',
        publicDir: false,
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          lib: {
            entry: path.join(webRoot, 'features/race-day-app/service-worker.ts'),
            formats: ['iife'],
            name: 'vbgServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
    },
  };
}

/**
 * Two builds from one config: the client (`vite build`, dist/web) and the server entry
 * (`vite build --ssr`, dist/server-entry/entry-server.js, loaded by src/server/web.ts; decision
 * 0020). The server entry bundles its dependencies (React, React Router, TanStack Query,
 * sanitize-html), so the server loads one file and needs no front-end package at run time.
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  root: 'src/web',
  // React's packages pick their production or development build from process.env.NODE_ENV when
  // they run; the server entry is built for one (the server's own NODE_ENV may be unset).
  define: isSsrBuild
    ? { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development') }
    : {},
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [routeChunks(), serviceWorker(), precompress()])],
  build: isSsrBuild
    ? {
        outDir: '../../dist/server-entry',
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
        rollupOptions: { input: 'src/web/entry-server.tsx' },
      }
    : { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false, manifest: true },
  ssr: { noExternal: true },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/attached-assets': `http://127.0.0.1:${apiPort}`,
      '/local-checkout': `http://127.0.0.1:${apiPort}`,
      '/sitemap.xml': `http://127.0.0.1:${apiPort}`,
      '/robots.txt': `http://127.0.0.1:${apiPort}`,
      '/healthz': `http://127.0.0.1:${apiPort}`,
    },
  },
}));
