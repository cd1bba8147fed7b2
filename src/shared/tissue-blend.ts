/**
 * The blend of the VB tissue and the Betfair SP (docs/decisions/0055), Benter's second stage
 * (1994): in each race p ∝ tissue^α · sp^β, a conditional logit on the two log-probabilities,
 * with α and β fitted by maximum likelihood on the winners of earlier races only. Pure.
 */

export interface BlendFit {
  alpha: number;
  beta: number;
  /** The races it was fitted on. */
  races: number;
}

/** What the fit reads of a race: its probabilities and who won (a dead heat has two winners). */
export interface FitRace {
  tissue: readonly number[];
  bsp: readonly number[];
  won: readonly boolean[];
}

/** Before this many earlier races there is no fit: the blend is the SP's own. */
export const MIN_FIT_RACES = 20;
const MAX_STEPS = 50;
const CONVERGED = 1e-9;

/** p ∝ tissue^α · sp^β, summing to 1; the SP's own without a fit. */
export function blendProbabilities(tissue: readonly number[], bsp: readonly number[], fit: BlendFit | null): number[] {
  if (!fit) return [...bsp];
  const s = tissue.map((t, i) => fit.alpha * Math.log(t) + fit.beta * Math.log(bsp[i]));
  const top = Math.max(...s);
  const w = s.map((v) => Math.exp(v - top));
  const total = w.reduce((a, b) => a + b, 0);
  return w.map((v) => v / total);
}

interface Prepared {
  a: Float64Array; // ln tissue
  b: Float64Array; // ln sp
  winners: number[];
}

export const prepareFitRace = (r: FitRace): Prepared => ({
  a: Float64Array.from(r.tissue, Math.log),
  b: Float64Array.from(r.bsp, Math.log),
  winners: r.won.flatMap((w, i) => (w ? [i] : [])),
});

/** Log-likelihood of the winners, its gradient and Hessian in (α, β). */
function derivatives(races: readonly Prepared[], alpha: number, beta: number) {
  let ll = 0;
  let ga = 0;
  let gb = 0;
  let haa = 0;
  let hab = 0;
  let hbb = 0;
  for (const { a, b, winners } of races) {
    const n = a.length;
    let top = -Infinity;
    for (let i = 0; i < n; i++) top = Math.max(top, alpha * a[i] + beta * b[i]);
    let z = 0;
    let ea = 0;
    let eb = 0;
    let eaa = 0;
    let eab = 0;
    let ebb = 0;
    for (let i = 0; i < n; i++) {
      const w = Math.exp(alpha * a[i] + beta * b[i] - top);
      z += w;
      ea += w * a[i];
      eb += w * b[i];
      eaa += w * a[i] * a[i];
      eab += w * a[i] * b[i];
      ebb += w * b[i] * b[i];
    }
    ea /= z;
    eb /= z;
    const k = winners.length;
    for (const i of winners) {
      ll += alpha * a[i] + beta * b[i];
      ga += a[i];
      gb += b[i];
    }
    ll -= k * (top + Math.log(z));
    ga -= k * ea;
    gb -= k * eb;
    haa -= k * (eaa / z - ea * ea);
    hab -= k * (eab / z - ea * eb);
    hbb -= k * (ebb / z - eb * eb);
  }
  return { ll, ga, gb, haa, hab, hbb };
}

/**
 * α and β by Newton's method with step halving (the log-likelihood is concave), from `start`
 * (the previous day's fit, or the SP's own: α 0, β 1). Null with fewer than MIN_FIT_RACES races
 * or when the two cannot be told apart (the tissue a power of the SP in every race).
 */
export function fitBlend(races: readonly Prepared[], start: { alpha: number; beta: number } | null): BlendFit | null {
  if (races.length < MIN_FIT_RACES) return null;
  let alpha = start?.alpha ?? 0;
  let beta = start?.beta ?? 1;
  let d = derivatives(races, alpha, beta);
  for (let step = 0; step < MAX_STEPS; step++) {
    const det = d.haa * d.hbb - d.hab * d.hab;
    if (!(det > 1e-12)) return null;
    const da = -(d.hbb * d.ga - d.hab * d.gb) / det;
    const db = -(-d.hab * d.ga + d.haa * d.gb) / det;
    let t = 1;
    let next = derivatives(races, alpha + da, beta + db);
    while (next.ll < d.ll - 1e-12 && t > 1e-6) {
      t /= 2;
      next = derivatives(races, alpha + t * da, beta + t * db);
    }
    alpha += t * da;
    beta += t * db;
    d = next;
    if (Math.abs(t * da) + Math.abs(t * db) < CONVERGED) break;
  }
  return Number.isFinite(alpha) && Number.isFinite(beta) ? { alpha, beta, races: races.length } : null;
}

/**
 * Each day's fit on the races of the days before it only: `races` in any order, each with its
 * London day. A later race never changes an earlier day's fit. Each fit starts from the one before.
 */
export function fitsByDay(races: ReadonlyArray<FitRace & { date: string }>): Map<string, BlendFit | null> {
  const sorted = [...races].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
  const prepared = sorted.map(prepareFitRace);
  const fits = new Map<string, BlendFit | null>();
  let previous: BlendFit | null = null;
  for (let i = 0; i < sorted.length; i++) {
    const day = sorted[i].date;
    if (fits.has(day)) continue;
    const fit = fitBlend(prepared.slice(0, i), previous);
    fits.set(day, fit);
    if (fit) previous = fit;
  }
  return fits;
}
