import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { PageRoute } from '#shared/paths';
import { escapeHtml } from './page-head';

/** route-chunks.json as the build writes it: each route pattern's scripts. */
const routeChunks = z.record(z.string(), z.array(z.string()));

/** The key of route-chunks.json under which the build lists the members' gates' scripts. */
const MEMBER_GATE_CHUNKS = '(member-gate)';

/**
 * route-chunks.json (written by the build, see vite.config.ts) as ready-made link tags per
 * pattern; a members' address also preloads its gate's scripts, each script named once. A
 * rendered page's own code starts downloading with the entry, not after it has run.
 */
export function readRoutePreloads(webDir: string): (route: PageRoute) => string {
  const file = path.join(webDir, 'route-chunks.json');
  const chunks = fs.existsSync(file) ? routeChunks.parse(JSON.parse(fs.readFileSync(file, 'utf8'))) : {};
  const links = (files: string[]) =>
    [...new Set(files)]
      .filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}">`)
      .join('');
  const publicLinks = new Map(Object.entries(chunks).map(([pattern, files]) => [pattern, links(files)]));
  const memberLinks = new Map(
    Object.entries(chunks).map(([pattern, files]) => [
      pattern,
      links([...files, ...(chunks[MEMBER_GATE_CHUNKS] ?? [])]),
    ]),
  );
  return (route) => (route.access === 'public' ? publicLinks : memberLinks).get(route.pattern) ?? '';
}
