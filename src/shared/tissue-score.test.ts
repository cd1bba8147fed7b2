import { describe, expect, it } from 'vitest';
import { fitBlend, fitsByDay, MIN_FIT_RACES, prepareFitRace, type FitRace } from './tissue-blend';
import {
  normalise,
  raceProbabilities,
  reliabilityOf,
  scoreRows,
  scoresOf,
  tissueProbabilities,
  type ScoreInputRace,
} from './tissue-score';
import { valueDownTo } from './odds-format';

/** The race worked by hand in docs/decisions/0055. */
const HAND_RACE: ScoreInputRace = {
  date: '2026-11-20',
  course: 'Ascot',
  time: '14:00',
  runners: [
    { name: 'Alpha', vbRating: 80, morningOdds: 2.25, bsp: 2.1, finish: 'placed' },
    { name: 'Bravo', vbRating: 76, morningOdds: 3.5, bsp: 4.2, finish: 'won' },
    { name: 'Charlie', vbRating: 64, morningOdds: 9, bsp: 12, finish: 'ran' },
    { name: 'Delta', vbRating: 70, morningOdds: 5, bsp: 5.6, finish: 'ran' },
    { name: 'Echo', vbRating: 72, morningOdds: 6, bsp: null, finish: 'nr' },
  ],
};

describe('the race worked by hand (decision 0055)', () => {
  const race = raceProbabilities(HAND_RACE)!;
  const rows = scoreRows(race, { alpha: 0.3, beta: 0.9, races: 100 });
  const scores = scoresOf(rows);

  it('leaves the non-runner out and gives the four sets of probabilities', () => {
    expect(race.horses).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    const at = (xs: number[]) => xs.map((x) => Number(x.toFixed(4)));
    expect(at(race.tissue)).toEqual([0.5294, 0.2957, 0.0515, 0.1234]);
    expect(at(race.bsp)).toEqual([0.4878, 0.2439, 0.0854, 0.1829]);
    expect(at(race.morning)).toEqual([0.4268, 0.2744, 0.1067, 0.1921]);
    expect(at(rows.map((r) => r.blend))).toEqual([0.5492, 0.2471, 0.0569, 0.1468]);
    expect(rows.map((r) => r.won)).toEqual([false, true, false, false]);
  });

  it('scores each by log-loss, Brier and skill against the SP', () => {
    expect(scores.tissue).toMatchObject({ runners: 4, races: 1, from: '2026-11-20', to: '2026-11-20' });
    expect(scores.tissue.logLoss).toBeCloseTo(0.539217, 6);
    expect(scores.bsp.logLoss).toBeCloseTo(0.592824, 6);
    expect(scores.morning.logLoss).toBeCloseTo(0.543975, 6);
    expect(scores.blend.logLoss).toBeCloseTo(0.602975, 6);
    expect(scores.tissue.brier).toBeCloseTo(0.198559, 6);
    expect(scores.bsp.brier).toBeCloseTo(0.212597, 6);
    expect(scores.tissue.brierSkill).toBeCloseTo(0.06603, 5);
    expect(scores.bsp.brierSkill).toBe(0);
  });

  it("uses the cards' fair-price shares: the same as valueDownTo's, scaled to 1", () => {
    // A field where the market correction lifts a runner (Charlie far shorter than its rating).
    const field = [
      { name: 'Alpha', rating: 80, marketOdds: 3 },
      { name: 'Bravo', rating: 76, marketOdds: 4.5 },
      { name: 'Charlie', rating: 64, marketOdds: 5.5 },
      { name: 'Delta', rating: 70, marketOdds: 21 },
    ];
    const shares = field.map((_, i) => 1 / valueDownTo(field, i)!.threshold);
    const total = shares.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(1);
    const p = tissueProbabilities(field);
    p.forEach((x, i) => expect(x).toBeCloseTo(shares[i] / total, 12));
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('is valueDownTo for every runner of any field, lifted or not', () => {
    let seed = 5;
    const rand = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 0x100000000;
    };
    for (let race = 0; race < 200; race++) {
      const field = Array.from({ length: 3 + Math.floor(rand() * 12) }, (_, i) => ({
        name: `R${i}`,
        rating: 50 + rand() * 50,
        marketOdds: 1.2 + rand() * 40,
      }));
      const shares = field.map((_, i) => 1 / valueDownTo(field, i)!.threshold);
      const total = shares.reduce((a, b) => a + b, 0);
      tissueProbabilities(field).forEach((x, i) => expect(x).toBeCloseTo(shares[i] / total, 12));
    }
  });
});

describe('which races are scored', () => {
  const without = (change: (r: ScoreInputRace) => void) => {
    const race = structuredClone(HAND_RACE);
    change(race);
    return raceProbabilities(race);
  };
  it('only races with a BSP, a rating and a morning price for every runner that ran, and a winner', () => {
    expect(without(() => undefined)).not.toBeNull();
    expect(without((r) => (r.runners[2].bsp = null))).toBeNull();
    expect(without((r) => (r.runners[2].vbRating = null))).toBeNull();
    expect(without((r) => (r.runners[2].morningOdds = null))).toBeNull();
    expect(without((r) => (r.runners[1].finish = 'ran'))).toBeNull();
    expect(without((r) => (r.runners = r.runners.slice(1, 2)))).toBeNull();
  });
  it('normalises prices to 1 in the race', () => {
    expect(normalise([2, 4, 4])).toEqual([0.5, 0.25, 0.25]);
    expect(normalise([1.5, 3, 6]).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

/** A deterministic stream of races whose winners are drawn from tissue^a · sp^b. */
function simulated(days: number, perDay: number, a: number, b: number, seed = 7) {
  let s = seed;
  const rand = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 0x100000000;
  };
  const races: Array<FitRace & { date: string }> = [];
  for (let d = 0; d < days; d++) {
    const date = `2026-10-${String(d + 1).padStart(2, '0')}`;
    for (let r = 0; r < perDay; r++) {
      const n = 6 + Math.floor(rand() * 6);
      const tissue = normalise(Array.from({ length: n }, () => 1.5 + rand() * 20));
      const bsp = normalise(tissue.map((p) => (1 / p) * Math.exp((rand() - 0.5) * 1.2)));
      const truth = normalise(tissue.map((t, i) => 1 / (t ** a * bsp[i] ** b)));
      let pick = rand();
      const winner = Math.max(
        0,
        truth.findIndex((p) => (pick -= p) <= 0),
      );
      races.push({ date, tissue, bsp, won: tissue.map((_, i) => i === winner) });
    }
  }
  return races;
}

describe('the blend of tissue and SP', () => {
  it('is the SP until enough earlier races, then fits α and β by maximum likelihood', () => {
    const races = simulated(100, 40, 0.6, 0.7);
    expect(fitBlend(races.slice(0, MIN_FIT_RACES - 1).map(prepareFitRace), null)).toBeNull();
    const fit = fitBlend(races.map(prepareFitRace), null)!;
    expect(fit.races).toBe(4000);
    expect(fit.alpha).toBeGreaterThan(0.45);
    expect(fit.alpha).toBeLessThan(0.75);
    expect(fit.beta).toBeGreaterThan(0.55);
    expect(fit.beta).toBeLessThan(0.85);
    // The same optimum from the SP's own start and from a far one.
    const far = fitBlend(races.map(prepareFitRace), { alpha: 2, beta: -1 })!;
    expect(far.alpha).toBeCloseTo(fit.alpha, 6);
    expect(far.beta).toBeCloseTo(fit.beta, 6);
  });

  it("fits each day on earlier days only: a later race leaves every earlier day's fit and blend unchanged", () => {
    const races = simulated(6, 8, 0.5, 0.8);
    const before = fitsByDay(races);
    expect([...before.keys()]).toEqual([
      '2026-10-01',
      '2026-10-02',
      '2026-10-03',
      '2026-10-04',
      '2026-10-05',
      '2026-10-06',
    ]);
    expect(before.get('2026-10-01')).toBeNull();
    expect(before.get('2026-10-03')).toBeNull();
    expect(before.get('2026-10-04')).toMatchObject({ races: 24 });
    const later = simulated(1, 5, 3, 0, 99).map((r) => ({ ...r, date: '2026-10-07' }));
    const after = fitsByDay([...later, ...races]);
    for (const [day, fit] of before) expect(after.get(day)).toEqual(fit);
    expect(after.get('2026-10-07')).toMatchObject({ races: 48 });
    // So the earlier day's scores are the same to the last digit.
    const day6 = races.filter((r) => r.date === '2026-10-06');
    const rowsOf = (fits: typeof before) =>
      day6.flatMap((r) =>
        scoreRows(
          {
            ...r,
            course: 'X',
            time: '12:00',
            horses: r.tissue.map((_, i) => `H${i}`),
            morning: [...r.bsp],
            won: [...r.won],
            tissue: [...r.tissue],
            bsp: [...r.bsp],
          },
          fits.get('2026-10-06')!,
        ),
      );
    expect(scoresOf(rowsOf(after))).toEqual(scoresOf(rowsOf(before)));
  });
});

describe('reliability', () => {
  it('bins the given chances and counts how often they came off', () => {
    const rows = scoreRows(raceProbabilities(HAND_RACE)!, null);
    const bins = reliabilityOf(rows, 'tissue');
    expect(bins.reduce((n, b) => n + b.runners, 0)).toBe(4);
    const bravo = bins.find((b) => b.from === 0.2)!;
    expect(bravo).toMatchObject({ runners: 1, observed: 1 });
    expect(bravo.predicted).toBeCloseTo(0.2957, 4);
    expect(bins.find((b) => b.from === 0.4)).toMatchObject({ runners: 1, observed: 0 });
    expect(bins.find((b) => b.from === 0.3)).toMatchObject({ runners: 0, predicted: null, observed: null });
  });
});
