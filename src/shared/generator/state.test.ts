import { describe, expect, it } from 'vitest';
import { blankRow, type GeneratorRow } from './rows';
import { generatorReducer, initialGeneratorState, type GeneratorAction, type GeneratorState } from './state';

const locked = (id: string, name: string, rating: number, marketOdds: number): GeneratorRow => ({
  ...blankRow(id),
  name,
  rating,
  originalRating: rating,
  marketOdds,
  locked: true,
});
const run = (state: GeneratorState, ...actions: GeneratorAction[]) => actions.reduce(generatorReducer, state);
const loaded = () =>
  run(initialGeneratorState(), {
    type: 'load',
    rows: [locked('h1', 'Alpha', 80, 3), locked('h2', 'Bravo', 75, 4), locked('h3', 'Charlie', 60, 2.5)],
  });

describe('generator state', () => {
  it('starts with one blank row, market correction on, nothing calculated', () => {
    expect(initialGeneratorState()).toEqual({
      rows: [blankRow('manual-1')],
      marketCorrection: true,
      calculated: false,
    });
  });
  it('adds rows and never removes the last one', () => {
    let s = run(initialGeneratorState(), { type: 'add' });
    expect(s.rows.map((r) => r.id)).toEqual(['manual-1', 'manual-2']);
    s = run(s, { type: 'remove', id: 'manual-1' });
    expect(s.rows.map((r) => r.id)).toEqual(['manual-2']);
    expect(run(s, { type: 'remove', id: 'manual-2' })).toBe(s);
  });
  it('keeps name and rating of race-card rows locked', () => {
    const s = run(
      loaded(),
      { type: 'edit', id: 'h1', field: 'name', text: 'Other' },
      { type: 'edit', id: 'h1', field: 'rating', text: '99' },
    );
    expect(s.rows[0]).toMatchObject({ name: 'Alpha', rating: 80 });
    const t = run(
      s,
      { type: 'edit', id: 'h1', field: 'marketOdds', text: '11/4' },
      { type: 'edit', id: 'h1', field: 'adjustment', text: 'x' },
    );
    expect(t.rows[0]).toMatchObject({ marketOdds: 3.75, adjustment: 0 });
  });
  it('edits every field of a row added by hand; non-numeric becomes 0', () => {
    let s = run(
      initialGeneratorState(),
      { type: 'edit', id: 'manual-1', field: 'name', text: 'Mine' },
      { type: 'edit', id: 'manual-1', field: 'rating', text: '71' },
    );
    expect(s.rows[0]).toMatchObject({ name: 'Mine', rating: 71, originalRating: 71 });
    s = run(s, { type: 'edit', id: 'manual-1', field: 'rating', text: 'seventy' });
    expect(s.rows[0].rating).toBe(0);
  });
  it('returns the same state when an edit changes nothing', () => {
    const s = loaded();
    expect(run(s, { type: 'edit', id: 'h2', field: 'marketOdds', text: '3/1' })).toBe(s);
  });
  it('calculates with or without market correction', () => {
    const on = run(loaded(), { type: 'calculate' });
    expect(on.calculated).toBe(true);
    expect(on.rows[2].marketCorrection).toBeGreaterThan(0);
    const off = run(loaded(), { type: 'setMarketCorrection', on: false }, { type: 'calculate' });
    expect(off.rows[2].marketCorrection).toBe(0);
    expect(off.rows[2].tissueOdds).toBeGreaterThan(on.rows[2].tissueOdds!);
    expect(on.rows[2].adjustedRating).toBeCloseTo(60 + on.rows[2].marketCorrection!, 6);
  });
  it('auto-calculates only with a horse that has rating and odds, and clears stale results otherwise', () => {
    const blank = initialGeneratorState();
    expect(run(blank, { type: 'autoCalculate' })).toBe(blank);
    const done = run(loaded(), { type: 'autoCalculate' });
    expect(done.calculated).toBe(true);
    const emptied = run(
      done,
      ...done.rows.map((r): GeneratorAction => ({ type: 'edit', id: r.id, field: 'marketOdds', text: '0' })),
      { type: 'autoCalculate' },
    );
    expect(emptied.calculated).toBe(false);
    expect(emptied.rows.every((r) => r.tissueOdds === undefined)).toBe(true);
  });
  it('a confirmed runner gets its odds input back; loading no runners leaves one blank row', () => {
    const s = run(
      initialGeneratorState(),
      { type: 'load', rows: [{ ...locked('h9', 'Maybe', 70, 0), potentialNonRunner: true }] },
      { type: 'confirmRunner', id: 'h9' },
    );
    expect(s.rows[0].potentialNonRunner).toBe(false);
    expect(run(s, { type: 'load', rows: [] }).rows).toEqual([blankRow('manual-1')]);
  });
});
