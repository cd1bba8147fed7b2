// Who may import what, on the resolved module graph dependency-cruiser builds (imports, re-exports,
// dynamic import() and require alike): the rules of .dependency-cruiser.cjs, and no circle between
// features (a imports b, and b, directly or through other features, imports a) on the server and in
// the browser separately. Such a pair is really one feature, or shares a piece that belongs in a third
// place (shared/, lib/, components/). Run by `npm run lint` (and so by `npm test`'s lint stage).
import path from 'node:path';
import { cruise, format } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const root = path.resolve(import.meta.dirname, '../..');
process.chdir(root);

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const { output } = await cruise(
  ['src'],
  { ...options, outputType: 'json' },
  {},
  { tsConfig: extractTSConfig('tsconfig.json') },
);
const result = typeof output === 'string' ? JSON.parse(output) : output;

let failed = false;
if (result.summary.error > 0) {
  failed = true;
  console.error((await format(result, { outputType: 'err' })).output);
}

/** The feature a module lies in ('server/tips'), or null. */
function featureOf(file) {
  const m = /^src\/(server|web)\/features\/([^/]+)\//.exec(file);
  return m ? `${m[1]}/${m[2]}` : null;
}

/** feature → (feature it imports → the first file that does). */
const edges = new Map();
for (const module of result.modules) {
  const from = featureOf(module.source);
  if (!from) continue;
  for (const dependency of module.dependencies) {
    const to = featureOf(dependency.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, module.source);
  }
}

/** Every circle, each once, as [a, b, …, a]. */
function cycles() {
  const found = new Map();
  const walk = (start, node, trail) => {
    for (const next of edges.get(node)?.keys() ?? []) {
      if (next === start) {
        const key = [...trail].sort().join(',');
        if (!found.has(key)) found.set(key, [...trail, start]);
      } else if (!trail.includes(next) && next > start) walk(start, next, [...trail, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) walk(start, start, [start]);
  return [...found.values()];
}

const circles = cycles();
for (const circle of circles) {
  const steps = circle.slice(0, -1).map((f, i) => `  ${f} → ${circle[i + 1]} (${edges.get(f).get(circle[i + 1])})`);
  console.error(`features: ${circle.join(' → ')}\n${steps.join('\n')}`);
}
if (circles.length > 0) {
  failed = true;
  console.error(
    '\nFeatures import each other in a circle: move the piece both need to shared/, lib/ or components/, or to the feature it belongs to.',
  );
}
if (failed) process.exit(1);
