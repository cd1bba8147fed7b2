import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { pageChunkName } from './scripts/support/page-chunk-groups.js';

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
 * needs beyond the entry (read from the bundle: a page's module may share its chunk). The server puts them in the shell as <link rel="modulepreload">, so a
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
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const collect = (file: string, seen: Set<string>) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const f of chunks.find((c) => c.fileName === file)?.imports ?? []) collect(f, seen);
      };
      const inEntry = new Set<string>();
      if (entry) collect(entry.fileName, inEntry);
      // A module's chunk: the one it is the facade of, else the one holding it (a page's module may
      // share a chunk with the page's other modules, scripts/support/page-chunk-groups.ts).
      const chunkOf = (module: string) =>
        (chunks.find((c) => c.facadeModuleId === module) ?? chunks.find((c) => c.moduleIds.includes(module)))?.fileName;
      const scriptsOf = (module: string) => {
        const file = chunkOf(path.resolve(webRoot, module));
        if (!file) this.error(`route-chunks: no chunk holds ${module}`);
        const seen = new Set<string>();
        collect(file, seen);
        return [...seen].filter((f) => !inEntry.has(f)).map((f) => '/' + f);
      };
      const table = fs.readFileSync(path.join(webRoot, 'app/route-table.tsx'), 'utf8');
      const routes: Record<string, string[]> = {};
      for (const m of table.matchAll(/'([^']+)':\s*\{\s*component:\s*page\(\(\)\s*=>\s*import\('([^']+)'\)/g))
        routes[m[1]] = scriptsOf(path.join('app', m[2]) + '.tsx');
      // The gates of the members' addresses (app/route-table.tsx `memberGates`), preloaded with those pages.
      routes['(member-gate)'] = scriptsOf('components/member-gate.tsx');
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
 * (`vite build --ssr`, dist/server-entry/entry-server.js, loaded by
 * src/server/pages/server-render.ts; decision 0020). The server entry bundles its dependencies (React, React Router, TanStack Query,
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
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        manifest: true,
        // The members' pages' code in a few chunks each, not one per set of pages sharing a module
        // (scripts/support/page-chunk-groups.ts). A group takes only the modules it names, not
        // their imports: those are placed by the same rule.
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: pageChunkName(path.resolve(import.meta.dirname)),
                  debugName: 'page-chunk-groups',
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
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
