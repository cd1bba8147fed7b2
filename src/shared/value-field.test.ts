import { describe, expect, it } from 'vitest';
import { valueDownTo } from './odds-format';
import { isNonRunner, valueField, type FieldRunner } from './value-field';
import { calculateValue } from './value-model';

const runner = (name: string, vbRating: number | null, bookieOdds: number | null, more: Partial<FieldRunner> = {}) => ({
  name,
  vbRating,
  bookieOdds,
  potentialNonRunner: false,
  ...more,
});

describe('valueField: the model’s input from the cards’ runners', () => {
  it('reads each runner’s VB rating and current price, in the runners’ order', () => {
    expect(valueField([runner('Alpha', 80, 3), runner('Bravo', 75, 4.5)])).toEqual([
      { name: 'Alpha', rating: 80, marketOdds: 3 },
      { name: 'Bravo', rating: 75, marketOdds: 4.5 },
    ]);
  });

  it('a runner without a rating or a price enters with none, so the model leaves it out', () => {
    const field = valueField([runner('Alpha', 80, 3), runner('NoPrice', 75, null), runner('NoRating', null, 5)]);
    expect(field.slice(1)).toEqual([
      { name: 'NoPrice', rating: 75, marketOdds: 0 },
      { name: 'NoRating', rating: 0, marketOdds: 5 },
    ]);
    expect(calculateValue(field, { marketCorrection: true }).map((r) => r.included)).toEqual([true, false, false]);
    expect(valueDownTo(field, 1)).toBeNull();
    expect(valueDownTo(field, 2)).toBeNull();
  });

  it('a non-runner (marked on the cards, or "nr" in the result) keeps its place but takes no share, even with a price', () => {
    const marked = runner('Marked', 78, 4, { potentialNonRunner: true });
    const withdrawn = runner('Withdrawn', 76, 6, { result: { finish: 'nr' } });
    const field = valueField([runner('Alpha', 80, 3), marked, runner('Bravo', 70, 8), withdrawn]);
    expect(field.map((r) => r.name)).toEqual(['Alpha', 'Marked', 'Bravo', 'Withdrawn']);
    expect(field.map((r) => r.marketOdds)).toEqual([3, 0, 8, 0]);
    const model = calculateValue(field, { marketCorrection: true });
    expect(model.map((r) => r.included)).toEqual([true, false, true, false]);
    // The runners that run are valued as a field of two.
    const ran = calculateValue(valueField([runner('Alpha', 80, 3), runner('Bravo', 70, 8)]), {
      marketCorrection: true,
    });
    expect([model[0].oddsPercentage, model[2].oddsPercentage]).toEqual(ran.map((r) => r.oddsPercentage));
    expect(valueDownTo(field, 1)).toBeNull();
    expect(valueDownTo(field, 0)).toEqual(valueDownTo(valueField([runner('Alpha', 80, 3), runner('Bravo', 70, 8)]), 0));
  });

  it('a runner placed or beaten still runs', () => {
    expect(isNonRunner({ potentialNonRunner: false, result: { finish: 'won' } })).toBe(false);
    expect(isNonRunner({ potentialNonRunner: false, result: null })).toBe(false);
    expect(isNonRunner({})).toBe(false);
    expect(isNonRunner({ result: { finish: 'nr' } })).toBe(true);
    expect(isNonRunner({ potentialNonRunner: true })).toBe(true);
  });

  it('an empty race is an empty field', () => {
    expect(valueField([])).toEqual([]);
  });
});
