// Fails when features depend on each other in a circle (a imports b, and b, directly or through
// others, imports a), on the server and in the browser separately. Such a pair is really one
// feature, or shares a piece that belongs in a third place (shared/, lib/, components/).
// Run by `npm run lint` (and so by `npm test`'s lint stage).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The feature a file path lies in, or null. */
function featureOf(featuresDir, file) {
  const rel = path.relative(featuresDir, file);
  return rel.startsWith('..') ? null : rel.split(path.sep)[0];
}

function graph(featuresDir) {
  const edges = new Map();
  for (const file of files(featuresDir)) {
    const from = featureOf(featuresDir, file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      let target;
      if (spec.startsWith('.')) target = path.resolve(path.dirname(file), spec);
      else if (spec.startsWith('#')) target = path.join(root, 'src', spec.slice(1).replace(/^(server|web|shared)\//, '$1/'));
      else continue;
      const to = featureOf(featuresDir, target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, path.relative(root, file));
    }
  }
  return edges;
}

/** Every circle, each once, as [a, b, …, a]. */
function cycles(edges) {
  const found = new Map();
  const walk = (start, node, trail) => {
    for (const next of edges.get(node)?.keys() ?? []) {
      if (next === start) {
        const circle = [...trail, start];
        const key = [...trail].sort().join(',');
        if (!found.has(key)) found.set(key, circle);
      } else if (!trail.includes(next) && next > start) walk(start, next, [...trail, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) walk(start, start, [start]);
  return [...found.values()];
}

let failed = false;
for (const side of ['server', 'web']) {
  const edges = graph(path.join(root, 'src', side, 'features'));
  for (const circle of cycles(edges)) {
    failed = true;
    const steps = circle.slice(0, -1).map((f, i) => `  ${f} → ${circle[i + 1]} (${edges.get(f).get(circle[i + 1])})`);
    console.error(`src/${side}/features: ${circle.join(' → ')}\n${steps.join('\n')}`);
  }
}
if (failed) {
  console.error('\nFeatures import each other in a circle: move the piece both need to shared/, lib/ or components/, or to the feature it belongs to.');
  process.exit(1);
}
