import fs from 'node:fs';
import path from 'node:path';
import type { PageRoute } from '#shared/paths';
import { escapeHtml } from './page-head';

/** The key of route-chunks.json under which the build lists the members' gates' scripts. */
const MEMBER_GATE_CHUNKS = '(member-gate)';

/**
 * route-chunks.json (written by the build, see vite.config.ts) as ready-made link tags per
 * pattern; a members' address also preloads its gate's scripts, each script named once. A
 * rendered page's own code starts downloading with the entry, not after it has run.
 */
export function readRoutePreloads(webDir: string): (route: PageRoute) => string {
  const file = path.join(webDir, 'route-chunks.json');
  const chunks = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
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
